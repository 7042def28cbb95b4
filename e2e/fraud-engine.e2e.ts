import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, confirmWith, joinAsNewPromoter, onboardPayouts, settleWin } from "./admin-kit";
import { accountOf, api, openLink, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const secondAdminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// The default review window; behind a trusted proxy hop each click says which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: `${adminEmail},${secondAdminEmail}`, TRUST_PROXY: "1" } });

const handleOf = async (server: AppServer, cookies: string) => {
  const { promoter } = await accountOf(server, cookies);
  if (!promoter) throw new Error("A promoter who joined has a promoter profile");
  return promoter.handle;
};

/** A visit through the proxy from `address` with its own browser; answers the verdict. */
const visit = async (server: AppServer, code: string, address: string, browser: number) =>
  (
    await openLink(server, `/t/${code}`, {
      headers: { "X-Forwarded-For": address },
      userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + browser}.0.0.0 Safari/537.36`,
    })
  ).verdict;

describe("the fraud engine", () => {
  it("a farm on two networks wins the count, is held and shown with its reasons, voided; the honest fan is paid once", async ({
    server,
    openPage,
  }) => {
    const title = `Bought Song ${randomBytes(2).toString("hex")}`;
    const { id, promoter: farm, code: farmCode } = await campaignWithPromoter(server, title, 80_00);
    const { promoter: honest, code: honestCode } = await joinAsNewPromoter(server, id);
    const [farmHandle, honestHandle] = [await handleOf(server, farm), await handleOf(server, honest)];
    // The farm: two networks, twelve addresses each, a different browser on every one. Each network counts up to the
    // limit (10 an hour on one link); the rest are challenged and, without JavaScript, never count.
    const farmVerdicts: Array<string | undefined> = [];
    for (const network of [201, 202]) {
      for (let host = 1; host <= 12; host++)
        farmVerdicts.push(await visit(server, farmCode, `198.18.${network}.${host}`, host));
    }
    expect(farmVerdicts.filter((verdict) => verdict === "counted")).toHaveLength(20);
    expect(farmVerdicts.filter((verdict) => verdict === "challenged")).toHaveLength(4);
    // The honest promoter: six fans from six networks.
    for (let fan = 0; fan < 6; fan++)
      expect(await visit(server, honestCode, `198.18.${210 + fan}.7`, 0)).toBe("counted");

    const admin = await signUpViaApi(server, "promoter", adminEmail);
    expect((await callRoute(api(server), adminApi.endCampaign, { params: { id }, cookie: admin })).status).toBe(200);
    await onboardPayouts(server, farm, "Farm Person");
    await onboardPayouts(server, honest, "Honest Person");

    // The farm won the count, and its prize is held by the flag its risk raised.
    const { page } = await openPage("fraud-engine", { cookies: admin, bypassCSP: true });
    await page.goto("/admin/payouts");
    const row = page.locator("tr", { hasText: title });
    await expect
      .poll(() => row.getByText(`@${farmHandle}`, { exact: false }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await visible(page, "On hold: a fraud flag about the winner is open");
    expect(await row.getByRole("button", { name: "Pay Winner" }).count()).toBe(0);
    await screenshot(page, "payouts-flagged");
    await row.getByRole("link", { name: "Review the flags" }).click();
    await page.waitForURL(/\/admin\/investigate\?campaign=/);

    // The console: the farm first, over the threshold, with its reasons in words.
    const risk = page.getByRole("table", { name: "Promoter risk" });
    const farmRow = risk.locator("tr", { hasText: `@${farmHandle}` });
    await expect.poll(() => farmRow.getByText("95 of 100").isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => farmRow.getByText("One network (+35)").isVisible()).toBe(true);
    await expect.poll(() => farmRow.getByText("Many browsers on one network (+15)").isVisible()).toBe(true);
    // No browser ran the farm's pages: none of its counted clicks was confirmed. And its tool's agents claim a Chrome
    // that sends client hints, without them.
    await expect.poll(() => farmRow.getByText("No browser confirmed (+20)").isVisible()).toBe(true);
    await expect.poll(() => farmRow.getByText("Browsers contradicting themselves (+25)").isVisible()).toBe(true);
    await expect
      .poll(() =>
        risk
          .locator("tr", { hasText: `@${honestHandle}` })
          .getByText("Nothing stands out")
          .isVisible(),
      )
      .toBe(true);
    await visible(page, "A winner's clicks look bought (risk 95 of 100)");
    await page.getByRole("button", { name: "Replay Current Rules" }).click();
    await visible(page, "no stored verdict would change.");
    await visible(page, `Leaders as stored: @${farmHandle}. Under the current rules: @${farmHandle} (no change).`);
    await screenshot(page, "investigate-campaign-risk");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The admin voids the farm: the result under review goes to the honest promoter.
    await page.getByRole("button", { name: `Void Promoter @${farmHandle} on ${title}` }).click();
    await confirmWith(page, "Void Clicks");
    await visible(page, `Voided 20 counted clicks. Winners decided again: @${honestHandle} ($80).`);

    await page.goto("/admin/payouts");
    await expect
      .poll(() => row.getByText(`@${honestHandle}`, { exact: false }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await row.getByText(`@${farmHandle}`, { exact: false }).count()).toBe(0);
    await row.getByRole("button", { name: "Release Results" }).click();
    await confirmWith(page, "Release Results");
    await settleWin(server, admin, honest, id, "Honest Person");
    await page.reload();
    await row.getByRole("button", { name: "Pay Winner" }).click();
    await confirmWith(page, "Pay Winner");
    await visible(page, "Payout processed successfully!");
    await expect.poll(() => row.getByText(/^Transfer /).isVisible(), { timeout: 10_000 }).toBe(true);

    // Paid once, to the honest promoter only.
    const list = await okRoute(api(server), adminApi.payouts, { cookie: admin });
    const paid = list.rows.filter((entry) => entry.campaign_id === id);
    expect(paid.map((entry) => [entry.winner?.handle, entry.payout?.status, entry.payout?.amount_cents])).toEqual([
      [honestHandle, "paid", 80_00],
    ]);
  });

  it("the same farm in a headless Chromium solves its checks past the limit: every visit counts and is confirmed, and the network is flagged", async ({
    server,
    openPage,
  }) => {
    const title = `Browser Farm ${randomBytes(2).toString("hex")}`;
    const { id, promoter: farm, code } = await campaignWithPromoter(server, title);
    const farmHandle = await handleOf(server, farm);
    const network = 230;
    const verdicts: Array<string | undefined> = [];
    // Twenty-four visits from one /24, each its own browser with its own user agent, as a browser farm runs them.
    for (let host = 1; host <= 24; host++) {
      const { context, page } = await openPage(`browser-farm-${host}`, {
        extraHTTPHeaders: { "X-Forwarded-For": `198.18.${network}.${host}` },
        userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + host}.0.0.0 Safari/537.36`,
      });
      // The song's page is another site: the farm never leaves this machine.
      await context.route(
        (url) => !url.href.startsWith(server.url),
        (route) => route.abort(),
      );
      const confirmed = page.waitForResponse((answer) => answer.url().endsWith("/api/clicks/confirm"));
      const opened = await page.goto(`/t/${code}`);
      const verdict = opened?.headers()["x-click-verdict"];
      verdicts.push(verdict);
      // Past the network's limit the page solves its check first; every visit then confirms itself.
      if (verdict === "challenged") await visible(page, "Thanks for listening!");
      expect((await confirmed).status()).toBe(200);
      await context.close();
    }
    expect(verdicts.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => "counted"));
    expect(verdicts.slice(10)).toEqual(Array.from({ length: 14 }, () => "challenged"));

    const admin = await signUpViaApi(server, "promoter", secondAdminEmail);
    // The network is flagged once, naming the promoter's link; the solved visits counted.
    const { items } = await okRoute(api(server), adminApi.suspicious, { query: { range: "24h" }, cookie: admin });
    const flags = items.filter((item) => item.campaign_id === id);
    expect(flags.map((flag) => [flag.type, flag.tracking_link_id !== null])).toEqual([["network_concentration", true]]);
    expect(flags[0]?.details).toContain(`198.18.${network}.0/24`);
    const risk = await okRoute(api(server), adminApi.campaignRisk, { params: { id }, cookie: admin });
    const farmRisk = risk.promoters.find((row) => row.handle === farmHandle);
    expect(farmRisk?.counted).toBe(24);
    // A browser ran every page, so that signal is quiet; the network, the rotated browsers, the checks they needed,
    // and what the pages found in them (headless, automated) are not.
    const reasons = farmRisk?.reasons.map((reason) => reason.code);
    expect(reasons).toEqual(
      expect.arrayContaining(["network_concentration", "agents_per_network", "checks_needed", "automation"]),
    );
    expect(reasons).not.toContain("unconfirmed_share");
    expect(farmRisk?.risky).toBe(true);

    // The investigate view says why each of those visits was checked, and that a browser confirmed it.
    const { page } = await openPage("browser-farm-investigate", { cookies: admin });
    await page.goto(`/admin/investigate?campaign=${id}`);
    await visible(page, "Network past its hourly limit on the link");
    await visible(page, "Browser check solved");
    await visible(page, "Browser confirmed");
    await screenshot(page, "investigate-browser-farm");
  });
});
