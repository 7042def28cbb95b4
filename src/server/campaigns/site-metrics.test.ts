import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsApi } from "../../core/api/campaigns";
import { payouts } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { adminPost, clicks, makeAdmin, onboardPayouts, settleWin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { querySiteMetrics } from "./campaign-list";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_HOURS: "0" } });
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

/** A campaign of `prizeCents` that the promoter wins, verifies, has approved and is paid for, through the API. */
async function winAndGetPaid(promoter: TestUser, prizeCents: number, network: string) {
  const campaignId = await createLiveCampaign(t, await signUp(t, "artist"), { prize_cents: prizeCents });
  await clicks(t, await joinAs(t, promoter, campaignId), 1, network);
  expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
  const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
  await settleWin(t, admin, promoter, { campaignId, payoutId: payout?.id ?? "" });
  expect((await adminPost(t, admin, `/api/admin/payouts/${payout?.id}/pay`)).status).toBe(200);
}

describe("Avg. promoter earnings", () => {
  it("is hidden while nothing is paid, then spans the paid promoters' average payouts", async () => {
    const [first, second] = [await signUp(t, "promoter"), await signUp(t, "promoter")];
    await onboardPayouts(t, first);
    await onboardPayouts(t, second);
    // A won prize not yet paid does not count.
    const pending = await createLiveCampaign(t, await signUp(t, "artist"), { prize_cents: 900_00 });
    await clicks(t, await joinAs(t, await signUp(t, "promoter"), pending), 1, "10.9.9");
    expect((await adminPost(t, admin, `/api/admin/campaigns/${pending}/end`)).status).toBe(200);
    expect((await querySiteMetrics(t.database.db)).avgPromoterEarningsCents).toBeNull();

    await winAndGetPaid(first, 50_00, "10.9.1");
    await winAndGetPaid(second, 2500_00, "10.9.2");
    const { metrics } = await okRoute(t, campaignsApi.metrics);
    expect(metrics?.avgPromoterEarningsCents).toEqual({ low: 50_00, high: 2500_00 });
  });
});
