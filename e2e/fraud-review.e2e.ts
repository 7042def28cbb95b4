import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { adminApi, dismissFlagMessages } from "../src/core/api/admin";
import { callRoute } from "../src/server/testing/contract-call";
import {
  campaignWithPromoter,
  clickFrom,
  confirmWith,
  joinAsNewPromoter,
  onboardPayouts,
  settleWin,
} from "./admin-kit";
import { accountOf, api, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const networkAdminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// The default 48-hour review window; behind a trusted proxy hop each test click says which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: `${adminEmail},${networkAdminEmail}`, TRUST_PROXY: "1" } });

const promoterOf = async (server: AppServer, cookies: string) => {
  const { promoter } = await accountOf(server, cookies);
  if (!promoter) throw new Error("A promoter who joined has a promoter profile");
  return promoter;
};

describe("fraud review", () => {
  it("a click farm is flagged, investigated and voided; the honest runner-up is paid after the review", async ({
    server,
    openPage,
  }) => {
    const title = `Farmed Song ${randomBytes(2).toString("hex")}`;
    const { id, promoter: farm, code: farmCode } = await campaignWithPromoter(server, title, 80_00);
    const { promoter: honest, code: honestCode } = await joinAsNewPromoter(server, id);
    const farmPromoter = await promoterOf(server, farm);
    const [farmHandle, honestHandle] = [farmPromoter.handle, (await promoterOf(server, honest)).handle];
    // The farm: three addresses, each opening the link 52 times in a minute (over the burst threshold of 50 in
    // 5 minutes); each counts once. The honest promoter: two real fans.
    for (const address of ["198.51.100.61", "198.51.100.62", "198.51.100.63"]) {
      for (let visit = 0; visit < 52; visit++) await clickFrom(server, farmCode, address);
    }
    for (const address of ["203.0.113.61", "203.0.113.62"]) {
      expect(await clickFrom(server, honestCode, address)).toBe("counted");
    }
    const admin = await signUpViaApi(server, "promoter", adminEmail);
    expect((await callRoute(api(server), adminApi.endCampaign, { params: { id }, cookie: admin })).status).toBe(200);
    await onboardPayouts(server, honest);

    const { page } = await openPage("fraud-review", { cookies: admin, bypassCSP: true });
    // The provisional result: the farm is winning.
    await page.goto(`/campaigns/${id}`);
    await visible(page, `Winner: @${farmHandle}`);
    await visible(page, /^Provisional: results under review until/);

    // The flags on the Suspicious Activity tab; the admin investigates one.
    await page.goto("/admin?tab=suspicious");
    const flag = page.getByRole("listitem").filter({ hasText: "in 5 minutes" }).first();
    await expect.poll(() => flag.isVisible(), { timeout: 15_000 }).toBe(true);
    await flag.getByRole("link", { name: "Investigate" }).click();
    await page.waitForURL(/\/admin\/investigate\?flag=\d+$/);
    await visible(page, "One address: its clicks of the last 30 days, flags and what it touched.");
    await visible(page, "Repeat visitor: 51");
    await screenshot(page, "investigate-1366");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Void the farm's clicks on the campaign: the result under review is decided again.
    await page.getByRole("button", { name: `Void Promoter @${farmHandle} on ${title}` }).click();
    await confirmWith(page, "Void Clicks");
    await visible(page, `Voided 3 counted clicks. Winners decided again: @${honestHandle} ($80).`);
    await visible(page, "actioned");

    await page.goto(`/campaigns/${id}`);
    await visible(page, `Winner: @${honestHandle}`);
    await screenshot(page, "board-provisional");

    // The pending payout moved to the honest promoter; after the review it is paid.
    await page.goto("/admin/payouts");
    const row = page.locator("tr", { hasText: title });
    await expect
      .poll(() => row.getByText(`@${honestHandle}`, { exact: false }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await row.getByText(`@${farmHandle}`, { exact: false }).count()).toBe(0);
    await screenshot(page, "payouts-under-review");
    await row.getByRole("button", { name: "Release Results" }).click();
    await confirmWith(page, "Release Results");
    await settleWin(server, admin, honest, id);
    await page.reload();
    await row.getByRole("button", { name: "Pay Winner" }).click();
    await confirmWith(page, "Pay Winner");
    await visible(page, "Payout processed successfully!");
    await expect.poll(() => row.getByText("$80", { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => row.getByText(/^Transfer /).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/admin/investigate?promoter=${farmPromoter.id}`);
    await visible(page, "Voided after review: 3");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "investigate-390");
  });

  it("a network past its hourly limit on one link is investigated as that network: its visits and its promoter", async ({
    server,
    openPage,
  }) => {
    const title = `One Network ${randomBytes(2).toString("hex")}`;
    const { promoter, code } = await campaignWithPromoter(server, title);
    const handle = (await promoterOf(server, promoter)).handle;
    // Twelve addresses of one /24: ten count (the limit), the rest are challenged and, without a browser, never count.
    const verdicts: Array<string | null> = [];
    for (let host = 1; host <= 12; host++) verdicts.push(await clickFrom(server, code, `198.18.240.${host}`));
    expect(verdicts.filter((verdict) => verdict === "counted")).toHaveLength(10);

    const admin = await signUpViaApi(server, "promoter", networkAdminEmail);
    const { page } = await openPage("fraud-review-network", { cookies: admin, bypassCSP: true });
    await page.goto("/admin?tab=suspicious");
    const flag = page.getByRole("listitem").filter({ hasText: "198.18.240.0/24" }).first();
    await expect.poll(() => flag.isVisible(), { timeout: 15_000 }).toBe(true);
    await flag.getByRole("link", { name: "Investigate" }).click();
    await page.waitForURL(/\/admin\/investigate\?flag=\d+$/);
    await visible(page, `One network, 198.18.240.0/24, on "${title}": its clicks of the last 30 days`);
    const touched = page.getByRole("table", { name: "Campaigns and promoters it touched" });
    const row = touched.locator("tr", { hasText: `@${handle}` });
    await expect.poll(() => row.textContent()).toMatch(/1210/);
    await expect
      .poll(() => page.getByRole("button", { name: `Void Promoter @${handle} on ${title}` }).isVisible())
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "investigate-network-1366");

    // Dismissing needs a reason: a blank one is refused in the dialog, which stays open.
    await page.getByRole("button", { name: "Dismiss Flag" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Dismiss Flag" }).click();
    await expect.poll(() => dialog.getByText(dismissFlagMessages.reasonNeeded).isVisible()).toBe(true);
    expect(await dialog.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Reason").fill("A campus network: the fans are real");
    await dialog.getByRole("button", { name: "Dismiss Flag" }).click();
    await visible(page, "Flag dismissed.");
    await visible(page, "dismissed");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "investigate-network-390");
  });
});
