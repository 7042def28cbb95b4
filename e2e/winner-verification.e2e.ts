import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { payoutsApi } from "../src/core/api/payouts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { confirmWith, joinAsNewPromoter, onboardPayouts, openTab } from "./admin-kit";
import { accountOf, api, fundedCampaign, openLink, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// Results are final when the campaign ends; behind a trusted proxy hop each visit says which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, TRUST_PROXY: "1", REVIEW_HOURS: "0" } });

const handleOf = async (server: AppServer, cookies: string) => {
  const { promoter } = await accountOf(server, cookies);
  if (!promoter) throw new Error("A promoter who joined has a promoter profile");
  return promoter.handle;
};

describe("winner verification", () => {
  it("a spread farm leads the board; the admin reads the evidence and passes it on; the honest runner-up verifies, is approved and paid once", {
    timeout: 300_000,
  }, async ({ server, openPage }) => {
    const title = `Spread Farm ${randomBytes(2).toString("hex")}`;
    const artist = await signUpViaApi(server, "artist");
    const id = await fundedCampaign(
      server,
      { title, artist_name: "Verified Band", song_link: "https://open.spotify.com/track/verified", prize_cents: 80_00 },
      artist,
    );
    const { promoter: farm, code: farmCode } = await joinAsNewPromoter(server, id);
    const { promoter: honest, code: honestCode } = await joinAsNewPromoter(server, id);
    const [farmHandle, honestHandle] = [await handleOf(server, farm), await handleOf(server, honest)];

    // The farm: a script, no browser, one visit from each of eight home networks. Every one counts.
    for (let network = 1; network <= 8; network++) {
      const opened = await openLink(server, `/t/${farmCode}`, {
        headers: { "X-Forwarded-For": `198.18.${100 + network}.${network}` },
      });
      expect(opened.verdict).toBe("counted");
    }
    // The honest promoter: four fans who open the link in a real browser, from their own networks, off Instagram.
    for (let fan = 1; fan <= 4; fan++) {
      const { context, page } = await openPage(`fan-${fan}`, {
        extraHTTPHeaders: { "X-Forwarded-For": `198.18.${150 + fan}.9` },
      });
      await context.route(
        (url) => !url.href.startsWith(server.url),
        (route) => route.abort(),
      );
      const confirmed = page.waitForResponse((answer) => answer.url().endsWith("/api/clicks/confirm"));
      await page.goto(`/t/${honestCode}`, { referer: "https://l.instagram.com/" });
      await visible(page, "Thanks for listening!");
      expect((await confirmed).status()).toBe(200);
      await context.close();
    }

    // The artist sees the farm leading the live board, the honest promoter second.
    const artistView = await openPage("artist-campaign", { cookies: artist });
    await artistView.page.goto(`/campaigns/${id}`);
    await visible(artistView.page, `@${farmHandle}: Currently winning the campaign!`);
    const board = artistView.page.getByRole("list", { name: "Leaderboard" }).getByRole("listitem");
    await expect
      .poll(() => board.allTextContents(), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(new RegExp(`^@${farmHandle}Currently winning the campaign!8 clicks$`)),
        expect.stringMatching(new RegExp(`^@${honestHandle}4 clicks$`)),
      ]);

    const admin = await signUpViaApi(server, "promoter", adminEmail);
    expect((await callRoute(api(server), adminApi.endCampaign, { params: { id }, cookie: admin })).status).toBe(200);

    // The review window is over, and still nothing pays the farm: its Request Payout says the result awaits verification.
    const farmView = await openPage("farm-earnings", { cookies: farm });
    await farmView.page.goto("/earnings");
    await visible(farmView.page, `You're the top promoter of "${title}": $80`);
    await visible(
      farmView.page,
      "Verifying the winner: your prize can be requested once you have verified and it is approved",
    );
    expect(await farmView.page.getByRole("button", { name: "Request Payout" }).isDisabled()).toBe(true);
    // The artist and the honest promoter see the same state: the winner is being verified.
    await artistView.page.reload();
    await visible(artistView.page, /^Verifying the winner: FanBoost approves the result/);
    await artistView.page.goto("/artist-dashboard?tab=campaigns");
    await visible(artistView.page, "Verifying the winner");
    const honestView = await openPage("honest-campaign", { cookies: honest });
    await honestView.page.goto(`/campaigns/${id}`);
    await visible(honestView.page, /^Verifying the winner: FanBoost approves the result/);

    // The admin is told, opens the queue and the approval view, and reads the evidence side by side. Approvals are
    // asked for once a minute, and at every start (as after a deploy): a restart asks now.
    await server.restart();
    await expect.poll(() => server.findEmail(adminEmail, /^Result to approve:/), { timeout: 20_000 }).toBeTruthy();
    const adminView = await openPage("approval-view", { cookies: admin, bypassCSP: true });
    await adminView.page.goto("/admin");
    await openTab(adminView.page, "Approvals");
    const queued = adminView.page.locator("tr", { hasText: title });
    await expect.poll(() => queued.isVisible(), { timeout: 15_000 }).toBe(true);
    await queued.getByRole("link", { name: "Review" }).click();
    await adminView.page.waitForURL(/\/admin\/approvals\//);
    await visible(adminView.page, `Approve "${title}"`);
    const confirmedRow = adminView.page.locator("tr", { hasText: "Confirmed by a browser" });
    await expect
      .poll(() => confirmedRow.getByRole("cell").allTextContents(), { timeout: 15_000 })
      .toEqual(["0 %", "100 %", "—"]);
    const referrerRow = adminView.page.locator("tr", { hasText: "Top referrer" });
    expect(await referrerRow.getByRole("cell").allTextContents()).toEqual(["—", "100 % (l.instagram.com)", "—"]);
    await screenshot(adminView.page, "approval-view-1366");
    expect(await horizontalOverflow(adminView.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(adminView.page)).toEqual([]);

    // Pass On, for fraud, with a reason the farm is shown; an empty reason keeps the dialog open.
    const farmCard = adminView.page.locator(`[data-candidate="${farmHandle}"]`);
    await farmCard.getByRole("button", { name: "Pass Prize On" }).click();
    const dialog = adminView.page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Pass Prize On" }).click();
    await visible(adminView.page, "Give a reason for passing the prize on");
    expect(await dialog.isVisible()).toBe(true);
    await dialog
      .getByRole("textbox", { name: "Reason" })
      .fill("Every click came from a script: no browser ran the page.");
    await dialog.getByRole("button", { name: "Pass Prize On" }).click();
    await visible(adminView.page, `Passed on to @${honestHandle}, who waits for approval.`);
    await expect
      .poll(() => adminView.page.locator(`[data-candidate="${honestHandle}"]`).getByText("Candidate").isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await farmView.page.reload();
    await visible(farmView.page, "Every click came from a script: no browser ran the page.");
    await visible(farmView.page, "Not eligible: disqualified after review");
    // The artist and the honest promoter still see a winner being verified: the new candidate waits for approval too.
    await artistView.page.goto(`/campaigns/${id}`);
    await visible(artistView.page, /^Verifying the winner: FanBoost approves the result/);
    await honestView.page.reload();
    await visible(honestView.page, /^Verifying the winner: FanBoost approves the result/);

    // The honest runner-up, now the candidate, sets up payouts and verifies; the admin approves; Request Payout pays.
    await onboardPayouts(server, honest, "Honest Person");
    await honestView.page.goto("/earnings");
    await visible(honestView.page, `You're the top promoter of "${title}": $80`);
    const verification = honestView.page.getByRole("form", { name: `Verify for "${title}"` });
    await verification.getByLabel("I am at least 18 years old").check();
    await verification.getByLabel("Your legal name").fill("Honest Person");
    await verification.getByLabel("My payout account is in my own name, in the country I live in").check();
    await verification.getByRole("button", { name: "Verify" }).click();
    await visible(honestView.page, "Thank you: you are verified.");
    await visible(
      honestView.page,
      "Verifying the winner: your prize can be requested once you have verified and it is approved",
    );

    await adminView.page.reload();
    const honestCard = adminView.page.locator(`[data-candidate="${honestHandle}"]`);
    // The evidence shows what the winner stated, and that nothing is left to verify.
    await expect
      .poll(() => honestCard.getByText("Lives in New York, United States").isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await honestCard.getByText("Not verified yet").count()).toBe(0);
    await honestCard.getByRole("button", { name: "Approve" }).click();
    await confirmWith(adminView.page, "Approve");
    await visible(adminView.page, "Approved: the winner is told, and paid once they have verified.");

    // Approved and verified: Request Payout opens once the page has read the prize, and the card has done its work.
    await honestView.page.reload();
    const requestPayout = honestView.page.getByRole("button", { name: "Request Payout" });
    await expect.poll(() => requestPayout.isEnabled(), { timeout: 15_000 }).toBe(true);
    await visible(honestView.page, "Export Report");
    expect(await honestView.page.getByText("Verifying the winner").count()).toBe(0);
    await requestPayout.click();
    await visible(honestView.page, "$80 is on its way to your payout account.");
    // Once: nothing is left to request, and asking again pays nothing more.
    await expect.poll(() => requestPayout.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect((await callRoute(api(server), payoutsApi.request, { cookie: honest })).status).toBe(400);
    const list = await okRoute(api(server), adminApi.payouts, { cookie: admin });
    const paid = list.rows.filter((entry) => entry.campaign_id === id);
    expect(paid.map((entry) => [entry.winner?.handle, entry.payout?.status, entry.payout?.amount_cents])).toEqual([
      [honestHandle, "paid", 80_00],
    ]);
    // Final for everyone: the artist's board names the honest promoter.
    await artistView.page.goto(`/campaigns/${id}`);
    await visible(artistView.page, `Winner: @${honestHandle}`);
    await visible(artistView.page, "Final result");
    await artistView.page.goto("/artist-dashboard?tab=campaigns");
    await visible(artistView.page, title);
    expect(await artistView.page.getByText("Verifying the winner").count()).toBe(0);
    await farmView.page.goto(`/campaigns/${id}`);
    await visible(farmView.page, `Winner: @${honestHandle}`);
    await farmView.page.goto("/earnings");
    await visible(farmView.page, "Not eligible: disqualified after review");
  });
});
