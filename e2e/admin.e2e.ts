import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { accountsApi } from "../src/core/api/accounts";
import { campaignsApi } from "../src/core/api/campaigns";
import { contactApi } from "../src/core/api/contact";
import { payoutsApi } from "../src/core/api/payouts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, clickFrom, confirmWith, onboardPayouts, openTab } from "./admin-kit";
import { api, e2eResidence, openLink, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";

const adminEmails = [1, 2, 3].map((n) => `admin${n}-${randomBytes(3).toString("hex")}@example.com`);
// Behind a trusted proxy hop, each test click can say which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmails.join(","), TRUST_PROXY: "1" } });

describe("admin console", () => {
  it("moderates a campaign, watches clicks arrive, reads messages and pays a winner", async ({ server, openPage }) => {
    const admin = await signUpViaApi(server, "promoter", adminEmails[0]);
    const title = `Console Song ${randomBytes(2).toString("hex")}`;
    const { id, promoter, code } = await campaignWithPromoter(server, title);
    await campaignWithPromoter(server, `Other Song ${randomBytes(2).toString("hex")}`);
    await callRoute(api(server), contactApi.send, {
      body: {
        name: "Sam Listener",
        email: "sam@example.com",
        type: "billing",
        subject: "When is the payout?",
        message: "I won last week.",
      },
    });
    const resetFor = `reset-${randomBytes(2).toString("hex")}@example.com`;
    await signUpViaApi(server, "promoter", resetFor);
    await callRoute(api(server), accountsApi.requestPasswordReset, { body: { email: resetFor } });

    const { page } = await openPage("admin-console", { cookies: admin });
    await page.goto("/");
    await page
      .getByRole("banner")
      // The account menu goes by the user's name (signUpViaApi's "T U").
      .getByRole("button", { name: /T U/ })
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
    // The result is under review for 48 hours; the admin has reviewed it and releases it.
    await expect.poll(() => payoutRow.getByText("Under review until").isVisible(), { timeout: 10_000 }).toBe(true);
    await payoutRow.getByRole("button", { name: "Release Results" }).click();
    await confirmWith(page, "Release Results");
    // Released, the result waits for an admin's approval with the evidence, and the winner's own verification.
    await payoutRow.getByRole("link", { name: "Review the result" }).click();
    await page.waitForURL(/\/admin\/approvals\//);
    await visible(page, `Approve "${title}"`);
    await page.getByRole("button", { name: "Approve" }).click();
    await confirmWith(page, "Approve");
    await visible(page, "Approved: the winner is told, and paid once they have verified.");
    await okRoute(api(server), payoutsApi.verify, {
      params: { campaignId: id },
      cookie: promoter,
      body: { ...e2eResidence, legal_name: "Winner Person", own_account: true },
    });
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payouts" }).click();
    await payoutRow.getByRole("button", { name: "Pay Winner" }).click();
    await confirmWith(page, "Pay Winner");
    await visible(page, "Payout processed successfully!");
    await expect
      .poll(() => payoutRow.getByText("Completed", { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => payoutRow.getByText(/^Transfer /).isVisible()).toBe(true);

    // The year's prize ledger, downloaded, holds the prize just paid.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export prize ledger (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fanboost-prize-ledger-${new Date().getUTCFullYear()}.csv`);
    const ledger = readFileSync(await download.path(), "utf8")
      .trimEnd()
      .split("\r\n");
    expect(ledger[0]).toBe("year,promoter_id,handle,email,payouts,total_usd,reaches_reporting_threshold");
    expect(ledger.slice(1).map((line) => line.split(",").slice(4).join(","))).toEqual(["1,50.50,no"]);

    await page.goto("/admin?tab=audit");
    for (const action of ["pause", "resume", "end", "release", "approve", "pay", "export"]) {
      await expect.poll(() => page.getByRole("cell", { name: action, exact: true }).first().isVisible()).toBe(true);
    }
  });

  it("deletes a draft, which carries no PUBLIC badge, and cancels a live campaign", async ({ server, openPage }) => {
    const admin = await signUpViaApi(server, "promoter", adminEmails[2]);
    const artist = await signUpViaApi(server, "artist");
    const tag = randomBytes(2).toString("hex");
    const draftTitle = `Draft ${tag}`;
    const created = await callRoute(api(server), campaignsApi.create, {
      cookie: artist,
      body: {
        title: draftTitle,
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/draft",
        prize_cents: 5000,
      },
    });
    expect(created.status).toBe(201);
    const liveTitle = `Live ${tag}`;
    await campaignWithPromoter(server, liveTitle);

    const { page } = await openPage("admin-delete", { cookies: admin });
    await page.goto("/admin");
    await page.getByRole("searchbox", { name: "Search campaigns" }).fill(tag);
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(2);
    const draft = page.locator("tr", { hasText: draftTitle });
    await expect.poll(() => draft.getByText("DRAFT", { exact: true }).isVisible()).toBe(true);
    expect(await draft.getByText(/^(PUBLIC|PRIVATE)$/).count()).toBe(0);
    await draft.getByRole("button", { name: `Delete ${draftTitle}` }).click();
    await confirmWith(page, "Delete");
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);

    const live = page.locator("tr", { hasText: liveTitle });
    await expect.poll(() => live.getByText("PUBLIC", { exact: true }).isVisible()).toBe(true);
    await live.getByRole("button", { name: `Delete ${liveTitle}` }).click();
    await confirmWith(page, "Delete");
    await expect.poll(() => live.getByText("CANCELLED", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await live.getByText("PRIVATE", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/failed/i).count()).toBe(0);
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
    await openLink(server, `/t/${code}`, { userAgent: "Slackbot-LinkExpanding 1.0" });
    await callRoute(api(server), contactApi.send, {
      body: {
        name: "Alex",
        email: "alex@example.com",
        type: "general",
        subject: "A question with a subject that goes on for quite a while",
        message: "Hello!",
      },
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
