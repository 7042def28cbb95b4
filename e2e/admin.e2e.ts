import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { apiPost, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmails = [1, 2].map((n) => `admin${n}-${randomBytes(3).toString("hex")}@example.com`);
// Behind a trusted proxy hop, each test click can say which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmails.join(","), TRUST_PROXY: "1" } });

const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

/** A fan opening the link from `address`; answers the verdict the server decided. */
async function clickFrom(server: AppServer, code: string, address: string) {
  const response = await fetch(`${server.url}/t/${code}`, {
    headers: { "User-Agent": browserUa, "X-Forwarded-For": address },
  });
  expect(response.status).toBe(200);
  return response.headers.get("x-click-verdict");
}

/** A funded campaign by a new artist, joined by a new promoter; returns the promoter's session and link. */
async function campaignWithPromoter(server: AppServer, title: string) {
  const artist = await signUpViaApi(server, "artist");
  const created = await apiPost(
    server,
    "/api/campaigns",
    {
      title,
      artist_name: "Admin Band",
      song_link: "https://open.spotify.com/track/admin",
      prize_cents: 50_50,
      duration_days: 3,
    },
    artist,
  );
  const id = (created.json.campaign as { id: string }).id;
  await apiPost(server, `/api/campaigns/${id}/funding`, {}, artist);
  await apiPost(
    server,
    `/api/campaigns/${id}/sandbox-payment`,
    { number: "4242424242424242", expiry: "12/34", cvc: "123" },
    artist,
  );
  const promoter = await signUpViaApi(server, "promoter");
  const joined = await apiPost(server, `/api/campaigns/${id}/join`, {}, promoter);
  return { id, promoter, code: (joined.json.link as { short_code: string }).short_code };
}

/** The promoter's payout account, through the sandbox's onboarding form as the popup would submit it. */
async function onboardPayouts(server: AppServer, cookies: string) {
  await apiPost(server, "/api/payouts/account", {}, cookies);
  const link = await apiPost(server, "/api/payouts/account-link", {}, cookies);
  const form = await fetch(String(link.json.url), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({
      legal_name: "Winner Person",
      birth_date: "1990-04-01",
      routing_number: "110000000",
      account_number: "000123456789",
      action: "submit",
    }),
  });
  expect(form.status).toBe(303);
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected")).toBe("true");
};

/** Confirms the app's own dialog with its button. */
const confirmWith = async (page: Page, label: string) => {
  const dialog = page.getByRole("dialog");
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole("button", { name: label }).click();
};

describe("admin console", () => {
  it("moderates a campaign, watches clicks arrive, reads messages and pays a winner", async ({ server, openPage }) => {
    const admin = await signUpViaApi(server, "promoter", adminEmails[0]);
    const title = `Console Song ${randomBytes(2).toString("hex")}`;
    const { promoter, code } = await campaignWithPromoter(server, title);
    await campaignWithPromoter(server, `Other Song ${randomBytes(2).toString("hex")}`);
    await apiPost(server, "/api/contact", {
      name: "Sam Listener",
      email: "sam@example.com",
      type: "billing",
      subject: "When is the payout?",
      message: "I won last week.",
    });
    const resetFor = `reset-${randomBytes(2).toString("hex")}@example.com`;
    await signUpViaApi(server, "promoter", resetFor);
    await apiPost(server, "/api/auth/request-password-reset", { email: resetFor });

    const { page } = await openPage("admin-console", { cookies: admin });
    await page.goto("/");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /admin1-/ })
      .click();
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await page.waitForURL(/\/admin$/);
    await visible(page, "Admin Dashboard");

    // Find the campaign, pause it: its link still leads to the song, the click does not count.
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill(title);
    const row = page.locator("tr", { hasText: title });
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole("button", { name: `Pause ${title}` }).click();
    await confirmWith(page, "Pause");
    await expect.poll(() => row.getByText("PAUSED").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await clickFrom(server, code, "198.51.100.10")).toBe("inactive");
    await row.getByRole("button", { name: `Resume ${title}` }).click();
    await expect.poll(() => row.getByText("ACTIVE").isVisible(), { timeout: 10_000 }).toBe(true);

    // A click arrives on the Real-time tab (the link cache forgets the paused state within two seconds).
    await openTab(page, "Real-time");
    await page.waitForTimeout(2_100);
    expect(await clickFrom(server, code, "198.51.100.11")).toBe("counted");
    const live = page.locator("tbody tr", { hasText: "198.51.100.•••" }).filter({ hasText: "Counted" });
    await expect.poll(() => live.first().isVisible(), { timeout: 10_000 }).toBe(true);

    // The contact message, and the password reset email in the dev outbox.
    await openTab(page, "Messages");
    await visible(page, "When is the payout?");
    await page.getByRole("tab", { name: "Emails" }).click();
    await visible(page, `To ${resetFor}`);

    // End the campaign and pay its winner, one payout at a time, after confirming.
    await openTab(page, "Campaigns");
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill(title);
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole("button", { name: `End ${title}` }).click();
    await confirmWith(page, "End Campaign");
    await expect.poll(() => row.getByText("ENDED").isVisible(), { timeout: 10_000 }).toBe(true);
    await onboardPayouts(server, promoter);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payouts" }).click();
    const payoutRow = page.locator("tr", { hasText: title });
    await payoutRow.getByRole("button", { name: "Pay Winner" }).click();
    await confirmWith(page, "Pay Winner");
    await visible(page, "Payout processed successfully!");
    await expect
      .poll(() => payoutRow.getByText("Completed", { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => payoutRow.getByText(/^Transfer /).isVisible()).toBe(true);

    await page.goto("/admin?tab=audit");
    for (const action of ["pause", "resume", "end", "pay"]) {
      await expect.poll(() => page.getByRole("cell", { name: action, exact: true }).first().isVisible()).toBe(true);
    }
  });

  it("has no sideways scroll and no serious accessibility violation on any admin page, phone or desktop", async ({
    server,
    openPage,
  }) => {
    const promoter = await signUpViaApi(server, "promoter");
    const { page } = await openPage("admin-refused", { cookies: promoter });
    await page.goto("/admin");
    await visible(page, "Access Denied");

    // Something on every tab: clicks of each kind, a flag, a message.
    const { code } = await campaignWithPromoter(server, "A campaign whose title is long enough to wrap on a phone");
    for (const address of ["203.0.113.21", "203.0.113.22", "203.0.113.21"]) await clickFrom(server, code, address);
    await fetch(`${server.url}/t/${code}`, { headers: { "User-Agent": "Slackbot-LinkExpanding 1.0" } });
    await apiPost(server, "/api/contact", {
      name: "Alex",
      email: "alex@example.com",
      type: "general",
      subject: "A question with a subject that goes on for quite a while",
      message: "Hello!",
    });
    const admin = await signUpViaApi(server, "promoter", adminEmails[1]);
    const { page: adminPage } = await openPage("admin-widths", { cookies: admin, bypassCSP: true });
    for (const width of [1366, 390]) {
      await adminPage.setViewportSize({ width, height: 900 });
      for (const [tab, label] of [
        ["campaigns", "Campaigns"],
        ["overview", "Analytics"],
        ["suspicious", "Suspicious Activity"],
        ["realtime", "Real-time"],
        ["users", "Users"],
        ["messages", "Messages"],
        ["audit", "Audit log"],
      ] as const) {
        await adminPage.goto(`/admin?tab=${tab}`);
        await expect
          .poll(() => adminPage.getByRole("tab", { name: label, exact: true }).getAttribute("aria-selected"))
          .toBe("true");
        await adminPage.waitForLoadState("networkidle");
        expect(await horizontalOverflow(adminPage), `${tab} at ${width}px`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(adminPage), `${tab} at ${width}px`).toEqual([]);
        await screenshot(adminPage, `admin-${tab}-${width}`);
      }
      await adminPage.goto("/admin/payouts");
      await visible(adminPage, "Payouts");
      await adminPage.waitForLoadState("networkidle");
      expect(await horizontalOverflow(adminPage), `payouts at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(adminPage)).toEqual([]);
      await screenshot(adminPage, `admin-payouts-${width}`);
    }
  });
});
