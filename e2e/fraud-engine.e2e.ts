import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, confirmWith, joinAsNewPromoter, onboardPayouts } from "./admin-kit";
import { accountOf, api, openLink, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// The default review window; behind a trusted proxy hop each click says which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, TRUST_PROXY: "1" } });

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
    await onboardPayouts(server, farm);
    await onboardPayouts(server, honest);

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
    await expect.poll(() => farmRow.getByText("50 of 100").isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => farmRow.getByText("One network (+35)").isVisible()).toBe(true);
    await expect.poll(() => farmRow.getByText("Many browsers on one network (+15)").isVisible()).toBe(true);
    await expect
      .poll(() =>
        risk
          .locator("tr", { hasText: `@${honestHandle}` })
          .getByText("Nothing stands out")
          .isVisible(),
      )
      .toBe(true);
    await visible(page, "A winner's clicks look bought (risk 50 of 100)");
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
});
