import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { payoutsApi } from "../../core/api/payouts";
import { queryRows } from "../db/client";
import { payouts, suspiciousActivity } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { callRoute, okRoute } from "../testing/contract-call";
import { expectLedgerBalanced, makeAdmin, onboardPayouts, settleWin, testContext } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { runWeeklyPayouts } from "./pay-payouts";

/**
 * A winner whose clicks look bought (PRODUCT.md Fraud engine): flagged when the result is decided, and no payout moves
 * on any path until an admin dismisses the flag; a flag about an unrelated address holds nothing.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_HOURS: "0" } });
  admin = await signUp(t, "artist");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const agent = (index: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + index}.0.0.0 Safari/537.36`;

/** A farm's link: ten visits from each of two networks (the network limit), every one with its own browser. */
async function farmClicks(code: string, first: number) {
  for (let index = 0; index < 20; index++) {
    const network = index < 10 ? first : first + 1;
    const answer = await clickAs(t, `/t/${code}`, { ip: `198.18.${network}.${index + 1}`, ua: agent(index) });
    expect(answer.headers.get("X-Click-Verdict")).toBe("counted");
  }
}

describe("a risky winner", () => {
  it("is flagged at the end, and their prize waits on every path until the flag is dismissed", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const farm = await signUp(t, "promoter");
    const honest = await signUp(t, "promoter");
    await onboardPayouts(t, farm);
    await farmClicks(await joinAs(t, farm, campaignId), 10);
    const honestCode = await joinAs(t, honest, campaignId);
    for (let index = 0; index < 5; index++) await clickAs(t, `/t/${honestCode}`, { ip: `198.18.${50 + index}.7` });

    await okRoute(t, adminApi.endCampaign, { params: { id: campaignId }, cookie: admin.cookie });
    const flags = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.campaignId, campaignId));
    expect(flags).toEqual([
      expect.objectContaining({
        type: "winner_risk",
        severity: "high",
        status: "open",
        details: expect.stringContaining("50 % of 20 counted clicks from 198.18.10.0/24"),
      }),
    ]);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    expect(payout?.holdReasons).toEqual(["approval", "verification", "flagged"]);

    const payoutId = payout?.id ?? "";
    const refused = await callRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(await runWeeklyPayouts(testContext(t), new Date().getUTCDay())).toEqual([]);
    const asked = await callRoute(t, payoutsApi.request, { cookie: farm.cookie });
    expect(asked.status).toBe(409);

    await okRoute(t, adminApi.dismissFlag, {
      params: { id: String(flags[0]?.id) },
      body: { reason: "Checked with the promoter: a school's shared network" },
      cookie: admin.cookie,
    });
    const [released] = await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(released?.holdReasons).toEqual(["approval", "verification"]);
    await settleWin(t, admin, farm, { campaignId, payoutId });
    await okRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
    await expectLedgerBalanced(t, campaignId);
  });

  it("holds nothing for a winner whose clicks look like people's, even with a flag about someone else", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const winner = await signUp(t, "promoter");
    const code = await joinAs(t, winner, campaignId);
    for (let index = 0; index < 3; index++) await clickAs(t, `/t/${code}`, { ip: `198.18.${80 + index}.9` });
    // A link preview's bot flag is about an address, not the winner's link.
    await clickAs(t, `/t/${code}`, { ip: "198.18.90.1", ua: "Slackbot-LinkExpanding 1.0" });
    await t.app.clicksWritten();
    await okRoute(t, adminApi.endCampaign, { params: { id: campaignId }, cookie: admin.cookie });
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    expect(payout?.holdReasons).toEqual(["approval", "verification"]);
    const open = await queryRows<{ type: string }>(
      t.database.db,
      sql`select type from suspicious_activity where campaign_id = ${campaignId} and status = 'open'`,
    );
    expect(open.map((flag) => flag.type)).toEqual(["bot_detection"]);
  });
});
