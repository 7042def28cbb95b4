import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { embedsApi } from "../../core/api/embeds";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { payoutsApi } from "../../core/api/payouts";
import { promotersApi } from "../../core/api/promoters";
import type { ServerContext } from "../context/server-context";
import { queryRows } from "../db/client";
import { campaigns, payouts } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute, refusedRoute } from "../testing/contract-call";
import { assertInvariants } from "../testing/invariants";
import {
  adminPost,
  clicks,
  expectLedgerBalanced,
  makeAdmin,
  onboardPayouts,
  settleWin,
  testContext,
} from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { finalizeEndedCampaigns } from "./finalize-campaigns";
import { runWeeklyPayouts } from "./pay-payouts";

/**
 * The contest rules that hold money back (PRODUCT.md): one win per promoter per 30 days however campaigns end, and a
 * banned winner's prize stopped on every payment path until an admin unbans them or passes it on.
 */

let t: TestApp;
let deps: ServerContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_HOURS: "0" } });
  deps = testContext(t);
  admin = await signUp(t, "artist");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

type Promoter = TestUser & { promoterId: string };

async function promoter(): Promise<Promoter> {
  const user = await signUp(t, "promoter");
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from promoters where auth_user_id = ${user.id}`,
  );
  return { ...user, promoterId: row?.id as string };
}

let network = 0;
/** A live campaign where each promoter gets its clicks, in order. */
async function campaignWith(entries: Array<[Promoter, number]>) {
  const artist = await signUp(t, "artist");
  const campaignId = await createLiveCampaign(t, artist, { prize_cents: 100_00 });
  for (const [entrant, count] of entries) {
    network++;
    await clicks(
      t,
      await joinAs(t, entrant, campaignId),
      count,
      `10.${Math.floor(network / 250) + 1}.${network % 250}`,
    );
  }
  return campaignId;
}

const winnersOf = async (campaignId: string) =>
  (await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId))).map((row) => row.promoterId);

const post = (path: string, json: unknown = {}) => t.request(path, { method: "POST", cookie: admin.cookie, json });

describe("one win per promoter per 30 days", () => {
  it("holds when two campaigns the same promoter leads end at the same moment on two instances (4 rounds)", async () => {
    for (let round = 0; round < 4; round++) {
      const leader = await promoter();
      const runnerUp = await promoter();
      const first = await campaignWith([
        [leader, 3],
        [runnerUp, 1],
      ]);
      const second = await campaignWith([
        [leader, 3],
        [runnerUp, 1],
      ]);
      await t.database.db
        .update(campaigns)
        .set({ endsAt: sql`date_trunc('second', now()) - interval '1 second'` })
        .where(sql`${campaigns.id} in (${first}, ${second})`);
      // Two schedulers at once, as two instances run them: each finalizes one campaign.
      await Promise.all([finalizeEndedCampaigns(deps), finalizeEndedCampaigns(deps)]);
      const won = [...(await winnersOf(first)), ...(await winnersOf(second))];
      expect(won.filter((id) => id === leader.promoterId)).toHaveLength(1);
      expect(won.filter((id) => id === runnerUp.promoterId)).toHaveLength(1);
      await assertInvariants(t.database.db);
    }
  });

  it("makes the next eligible promoter #1 everywhere a rank is shown, and the passed-over leader unranked", async () => {
    const leader = await promoter();
    const next = await promoter();
    const earlier = await campaignWith([[leader, 1]]);
    expect((await post(`/api/admin/campaigns/${earlier}/end`)).status).toBe(200);
    const campaignId = await campaignWith([
      [leader, 3],
      [next, 2],
    ]);
    expect((await post(`/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    expect(await winnersOf(campaignId)).toEqual([next.promoterId]);

    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(board.entries.map((entry) => [entry.promoter_id, entry.rank])).toEqual([
      [leader.promoterId, null],
      [next.promoterId, 1],
    ]);
    expect(board.result?.not_eligible).toEqual([{ promoter_id: leader.promoterId, reason: "recent_win" }]);
    const dashboardRank = async (user: Promoter) =>
      (await okRoute(t, promotersApi.dashboard, { cookie: user.cookie })).completed.find(
        (row) => row.campaign_id === campaignId,
      )?.final_rank;
    expect(await dashboardRank(next)).toBe(1);
    expect(await dashboardRank(leader)).toBeNull();
    const earningsRank = async (user: Promoter) =>
      (await okRoute(t, payoutsApi.earnings, { cookie: user.cookie })).rows.find(
        (row) => row.campaign_id === campaignId,
      )?.rank;
    expect(await earningsRank(next)).toBe(1);
    expect(await earningsRank(leader)).toBeNull();
    const embed = await okRoute(t, embedsApi.board, { params: { id: campaignId } });
    expect(embed.entries.map((entry) => entry.rank)).toEqual([null, 1]);
    expect(embed.result?.not_eligible).toEqual([embed.entries[0]?.handle]);
  });

  it("holds when an admin ends two such campaigns at once", async () => {
    for (let round = 0; round < 4; round++) {
      const leader = await promoter();
      const runnerUp = await promoter();
      const ids = [
        await campaignWith([
          [leader, 2],
          [runnerUp, 1],
        ]),
        await campaignWith([
          [leader, 2],
          [runnerUp, 1],
        ]),
      ];
      const answers = await Promise.all(ids.map((id) => post(`/api/admin/campaigns/${id}/end`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const won = [...(await winnersOf(ids[0] as string)), ...(await winnersOf(ids[1] as string))];
      expect(won.filter((id) => id === leader.promoterId)).toHaveLength(1);
    }
  });
});

describe("a banned winner", () => {
  it("loses a result under review: the winners are decided again without them", async () => {
    const cheat = await promoter();
    const honest = await promoter();
    const campaignId = await campaignWith([
      [cheat, 4],
      [honest, 2],
    ]);
    await t.database.db
      .update(campaigns)
      .set({ endsAt: sql`now() - interval '1 second'` })
      .where(eq(campaigns.id, campaignId));
    // As if it had launched on a server with a 48-hour review window: its rules froze that window.
    await t.database.db.execute(
      sql`update campaign_rules set settings = jsonb_set(settings, '{reviewHours}', '48') where campaign_id = ${campaignId}`,
    );
    await finalizeEndedCampaigns(deps);
    expect(await winnersOf(campaignId)).toEqual([cheat.promoterId]);
    expect((await post(`/api/admin/users/${cheat.id}/ban`, { reason: "bought clicks" })).status).toBe(200);
    expect(await winnersOf(campaignId)).toEqual([honest.promoterId]);
    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(board.result?.not_eligible).toEqual([{ promoter_id: cheat.promoterId, reason: "banned" }]);
    await expectLedgerBalanced(t, campaignId);
  });

  it("is held after the review on every payment path until unbanned, then paid once", async () => {
    const cheat = await promoter();
    await onboardPayouts(t, cheat);
    const campaignId = await campaignWith([[cheat, 3]]);
    expect((await post(`/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    const payoutId = payout?.id ?? "";
    await settleWin(t, admin, cheat, { campaignId, payoutId });
    expect((await post(`/api/admin/users/${cheat.id}/ban`, { reason: "bought clicks" })).status).toBe(200);

    const refused = await refusedRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toMatch(/on hold/);
    const weekly = await runWeeklyPayouts(deps, new Date().getUTCDay());
    expect(weekly.filter((outcome) => outcome.payoutId === payout?.id)).toEqual([]);
    const list = await okRoute(t, adminApi.payouts, { cookie: admin.cookie });
    expect(list.rows.find((row) => row.payout?.id === payout?.id)?.action).toBe("held");

    expect((await post(`/api/admin/users/${cheat.id}/unban`)).status).toBe(200);
    const paid = await adminPost(t, admin, `/api/admin/payouts/${payout?.id}/pay`);
    expect(paid.status).toBe(200);
    expect((await adminPost(t, admin, `/api/admin/payouts/${payout?.id}/pay`)).status).toBe(409);
    await expectLedgerBalanced(t, campaignId);
  });

  it("can have their prize passed on to the next eligible promoter, who is told", async () => {
    const cheat = await promoter();
    const second = await promoter();
    const third = await promoter();
    const campaignId = await campaignWith([
      [cheat, 5],
      [second, 2],
      [third, 1],
    ]);
    expect((await post(`/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    const passOn = (body: unknown) => post(`/api/admin/payouts/${payout?.id}/pass-on`, body);
    const noReason = await passOn({ grounds: "fraud", reason: " " });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.message).toBe("Give a reason for passing the prize on");
    expect((await post(`/api/admin/users/${cheat.id}/ban`, { reason: "bought clicks" })).status).toBe(200);
    const passed = await passOn({ grounds: "fraud", reason: "Bought clicks" });
    expect(passed.status).toBe(200);
    expect(await passed.json()).toEqual({ ok: true, winners: [expect.any(String)] });
    expect(await winnersOf(campaignId)).toEqual([second.promoterId]);
    const [told] = await listOutbox(t.database.db, second.email);
    expect(told?.subject).toMatch(/^You won \$100/);
    expect(told?.text).toContain("passed over after review");
    // The held payout is gone: passed on once.
    expect((await passOn({ grounds: "fraud", reason: "Bought clicks" })).status).toBe(404);
    await expectLedgerBalanced(t, campaignId);
  });

  it("with nobody else eligible, has their prize refunded to the artist", async () => {
    const cheat = await promoter();
    const campaignId = await campaignWith([[cheat, 2]]);
    expect((await post(`/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    expect((await post(`/api/admin/users/${cheat.id}/ban`, {})).status).toBe(200);
    const passed = await post(`/api/admin/payouts/${payout?.id}/pass-on`, { grounds: "fraud", reason: "Bots" });
    expect(passed.status).toBe(200);
    expect(await winnersOf(campaignId)).toEqual([]);
    const [state] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(state?.status).toBe("completed");
    const { refunded } = await expectLedgerBalanced(t, campaignId);
    expect(refunded).toBe(100_00);
  });

  it("is never paid after the ban, whatever runs at the same time (8 rounds)", async () => {
    for (let round = 0; round < 8; round++) {
      const cheat = await promoter();
      await onboardPayouts(t, cheat);
      const campaignId = await campaignWith([[cheat, 1]]);
      expect((await post(`/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
      const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
      await settleWin(t, admin, cheat, { campaignId, payoutId: payout?.id ?? "" });
      const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      const answers = await Promise.all([
        pause().then(() => post(`/api/admin/users/${cheat.id}/ban`, { reason: "bots" })),
        pause().then(() => adminPost(t, admin, `/api/admin/payouts/${payout?.id}/pay`)),
        pause().then(() => runWeeklyPayouts(deps, new Date().getUTCDay())),
      ]);
      expect((answers[0] as Response).status).toBe(200);
      expect((answers[1] as Response).status).toBeLessThan(500);
      await assertInvariants(t.database.db);
    }
  });
});
