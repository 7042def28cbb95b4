import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { TOTAL_CLICKS_DETAIL } from "../src/core/earnings";
import { campaignWithPromoter, clickFrom, openTab } from "./admin-kit";
import { signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";

// Behind a trusted proxy hop, each test click can say which address it comes from.
// A documentation range stands in for a data centre's network.
const it = journeys({ env: { TRUST_PROXY: "1", NETWORK_OVERRIDES: "192.0.2.0/24=64511:Example Cloud:hosting" } });

describe("promoter dashboard and settings", () => {
  it("joins two campaigns, watches a shared link climb live, changes handle and password", async ({
    server,
    openPage,
  }) => {
    const tag = randomBytes(2).toString("hex");
    // Two live campaigns, each with a rival who already has one click.
    const first = await campaignWithPromoter(server, `Climb Song ${tag}`);
    await clickFrom(server, first.code, "203.0.113.40");
    const second = await campaignWithPromoter(server, `Other Song ${tag}`);
    await clickFrom(server, second.code, "203.0.113.41");

    const email = `climber-${tag}@example.com`;
    const { page, context } = await openPage("promoter-dashboard", {
      bypassCSP: true,
      cookies: await signUpViaApi(server, "promoter", email),
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    for (const title of [`Climb Song ${tag}`, `Other Song ${tag}`]) {
      await page.goto("/join-campaign");
      await page.getByLabel("Search by song title or artist").fill(title);
      const card = page.locator("div.rounded-2xl", { has: page.getByRole("heading", { name: title }) }).last();
      await card.getByRole("button", { name: "Join Campaign" }).click();
      await visible(page, "Tracking link copied to clipboard!");
    }

    await page.goto("/promoter-dashboard");
    await visible(page, "Promoter Dashboard");
    const card = page.locator("[data-link-id]", { hasText: `Climb Song ${tag}` });
    await expect.poll(() => card.getByText(/1 click behind #1/).isVisible()).toBe(true);
    await expect.poll(() => page.locator("[data-link-id]").count()).toBe(2);

    // Share the link: copy it, as a fan would receive it.
    await card.getByRole("button", { name: "Copy My Link" }).click();
    await visible(page, "Tracking link copied to clipboard!");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const code = link.split("/t/")[1] as string;
    expect(code).toMatch(/^[A-Za-z0-9]{9}$/);

    // Two fans open it: the card moves to first place without a reload.
    expect(await clickFrom(server, code, "198.51.100.50")).toBe("counted");
    expect(await clickFrom(server, code, "198.51.100.51")).toBe("counted");
    await expect
      .poll(() => card.getByText(/^Leading: \$50\.50 if it ended now$/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    // A visit from a data centre never counts, whatever check it could pass: the promoter reads why.
    expect(await clickFrom(server, code, "192.0.2.9")).toBe("hosting");
    await openTab(page, "Why visits didn't count");
    await visible(page, "2 clicks");
    // Only counted clicks move the dashboard live; the others show when it is next loaded.
    await page.reload();
    await openTab(page, "Why visits didn't count");
    await visible(page, "From a data centre or VPN");
    await visible(page, "Came from a data centre or cloud server, not a home or phone connection");

    // Total Clicks says what it counts, the same figure as /earnings.
    const totalOf = async () => page.getByText("Total Clicks", { exact: true }).locator("..").textContent();
    await expect.poll(totalOf).toContain(TOTAL_CLICKS_DETAIL);
    const onDashboard = await totalOf();
    await page.goto("/earnings");
    await expect.poll(totalOf, { timeout: 10_000 }).toBe(onDashboard);
    await page.goto("/promoter-dashboard");
    await visible(page, "Promoter Dashboard");

    // The copy toasts fade out first (axe would measure them mid-fade).
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ["Active Campaigns", "Completed", "Earnings", "Why visits didn't count"]) {
        await openTab(page, tab);
        await page.waitForTimeout(300);
        expect(await horizontalOverflow(page)).toBe(0);
        await screenshot(page, `promoter-dashboard-${tab.split(" ")[0]?.toLowerCase()}-${width}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
    }

    // A new handle, on the public board.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/settings");
    await visible(page, "Account settings");
    const handle = `Climber_${tag}`;
    await page.getByRole("textbox", { name: "Handle", exact: true }).fill("no spaces allowed");
    await page.getByRole("button", { name: "Save Handle" }).click();
    await visible(page, "Your handle must be 3 to 30 letters, digits, underscores or hyphens");
    await page.getByRole("textbox", { name: "Handle", exact: true }).fill(handle);
    await page.getByRole("button", { name: "Save Handle" }).click();
    await visible(page, `You now appear as @${handle}`);
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `settings-${width}`);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/campaigns/${first.id}`);
    await expect
      .poll(() => page.getByRole("list", { name: "Leaderboard" }).getByText(`@${handle}`).first().isVisible())
      .toBe(true);

    // A new password: the old one stops working, the new one signs in.
    await page.goto("/settings");
    await page.getByLabel("Current password").fill("a long password");
    await page.getByLabel("New password", { exact: true }).fill("an even longer password");
    await page.getByLabel("Confirm new password").fill("an even longer password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await visible(page, "Password changed. Your other devices were signed out.");
    // Sign Out in the account menu signs out at once. The header re-renders as the session is read again after the
    // change, which can close a menu opened at that moment: it is opened until its item shows.
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
    const signOut = page.getByRole("menuitem", { name: "Sign Out" });
    await expect
      .poll(
        async () => {
          if (!(await signOut.isVisible())) await page.getByRole("banner").getByRole("button", { name: /T U/ }).click();
          return signOut.isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await signOut.click();
    await visible(page, "Signed Out Successfully");
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    const header = page.getByRole("banner");
    const dialog = page.getByRole("dialog");
    await header.getByRole("button", { name: "Sign In" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("a long password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await visible(page, /invalid email or password/i);
    await dialog.getByLabel("Password", { exact: true }).fill("an even longer password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await page.goto("/promoter-dashboard");
    await visible(page, `You appear as @${handle} on the leaderboards.`);
  });
});
