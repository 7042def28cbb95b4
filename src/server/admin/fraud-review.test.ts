import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { queryRows } from "../db/client";
import { adminAudit, campaigns, clickAudit, clickEvents, payouts, suspiciousActivity } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { announceFinalResults } from "../payouts/campaign-results";
import { runWeeklyPayouts } from "../payouts/pay-payouts";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { okRoute } from "../testing/contract-call";
import { clicks, expectLedgerBalanced, makeAdmin, onboardPayouts, settleWin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

/** Fraud review through HTTP, with the default 48-hour review window. */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
  const response = await t.request(path, { cookie: admin.cookie, ...init });
  return { status: response.status, body: await response.json() };
};
const post = (path: string, json: unknown = {}, cookie = admin.cookie) => call(path, { method: "POST", json, cookie });

async function promoterId(user: TestUser) {
  const id = (await okRoute(t, accountsApi.me, { cookie: user.cookie }))?.promoter?.id;
  if (!id) throw new Error("A promoter who joined has a promoter profile");
  return id;
}

/** A live campaign whose promoters, joined in order, get `counts[i]` counted clicks each from fresh addresses. */
async function campaignWithClicks(counts: number[], prizeCents = 101_00) {
  const artist = await signUp(t, "artist");
  const campaignId = await createLiveCampaign(t, artist, { prize_cents: prizeCents });
  const promoters: Array<TestUser & { promoterId: string; code: string }> = [];
  for (const [index, count] of counts.entries()) {
    const user = await signUp(t, "promoter");
    const code = await joinAs(t, user, campaignId);
    await clicks(t, code, count, `10.${(campaignId.charCodeAt(0) % 200) + 1}.${index + 1}`);
    promoters.push({ ...user, promoterId: await promoterId(user), code });
  }
  return { artist, campaignId, promoters };
}

const payoutsOf = (campaignId: string) =>
  queryRows<{ promoter_id: string; amount_cents: number; status: string }>(
    t.database.db,
    sql`select promoter_id, amount_cents, status from payouts where campaign_id = ${campaignId} order by amount_cents desc, promoter_id`,
  );
const end = (campaignId: string) => post(`/api/admin/campaigns/${campaignId}/end`);
const board = async (campaignId: string) => (await call(`/api/campaigns/${campaignId}/leaderboard`)).body;

describe("investigate", () => {
  it("shows exactly the subject's clicks, flags, links touched and timeline, for each kind of subject", async () => {
    const { campaignId, promoters } = await campaignWithClicks([0, 1]);
    const [farm, honest] = promoters as [(typeof promoters)[0], (typeof promoters)[0]];
    const other = await campaignWithClicks([0]);
    const elsewhere = other.promoters[0] as (typeof promoters)[0];
    // One address: a counted click for the farm, a repeat on the same campaign, a counted click on the other campaign.
    for (const code of [farm.code, farm.code, elsewhere.code]) await clickAs(t, `/t/${code}`, { ip: "203.0.113.77" });
    await clickAs(t, `/t/${farm.code}`, { ip: "203.0.113.78", ua: "curl/8.0" });
    await t.app.clicksWritten();
    const [{ ip_hash: address } = { ip_hash: "" }] = await queryRows<{ ip_hash: string }>(
      t.database.db,
      sql`select ip_hash from click_events where ip = '203.0.113.77' limit 1`,
    );
    const [flag] = await t.database.db
      .insert(suspiciousActivity)
      .values({ type: "rate_limit", severity: "medium", details: "Burst", campaignId, ipHash: address })
      .returning();
    await t.database.db
      .insert(suspiciousActivity)
      .values({ type: "rate_limit", severity: "high", details: "Over the limit", campaignId, ipHash: address });

    const byFlag = await call(`/api/admin/investigate?flag=${flag?.id}`);
    expect(byFlag.status).toBe(200);
    expect(byFlag.body.subject).toEqual({ kind: "address", key: address, label: "One address" });
    expect(byFlag.body.flag).toMatchObject({ id: flag?.id, status: "open", details: "Burst" });
    expect(byFlag.body.flags.map((row: { details: string }) => row.details)).toEqual(["Over the limit"]);
    const expectedIds = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from click_events where ip_hash = ${address} order by id desc`,
    );
    expect(byFlag.body.clicks.map((click: { id: number }) => click.id)).toEqual(
      expectedIds.map((row) => Number(row.id)),
    );
    expect(byFlag.body.total_clicks).toBe(3);
    expect(byFlag.body.verdicts).toEqual([
      { verdict: "counted", count: 2 },
      { verdict: "duplicate", count: 1 },
    ]);
    expect(byFlag.body.clicks[0]).toMatchObject({ masked_ip: "203.0.113.•••", ip_hash: address, country: "Unknown" });
    expect(byFlag.body.clicks[0]).not.toHaveProperty("ip");
    expect(
      byFlag.body.links.map((link: { promoter_id: string; clicks: number; counted: number }) => [
        link.promoter_id,
        link.clicks,
        link.counted,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [farm.promoterId, 2, 1],
        [elsewhere.promoterId, 1, 1],
      ]),
    );
    expect(byFlag.body.timeline).toHaveLength(1);
    expect(byFlag.body.timeline[0]).toMatchObject({ clicks: 3, counted: 2, flags: 2 });

    // The farm's promoter: its own link's clicks only, not the honest promoter's.
    const byPromoter = await call(`/api/admin/investigate?promoter=${farm.promoterId}`);
    expect(byPromoter.body.subject.label).toMatch(/^@/);
    expect(byPromoter.body.verdicts).toEqual([
      { verdict: "bot", count: 1 },
      { verdict: "counted", count: 1 },
      { verdict: "duplicate", count: 1 },
    ]);
    expect(new Set(byPromoter.body.clicks.map((click: { promoter_id: string }) => click.promoter_id))).toEqual(
      new Set([farm.promoterId]),
    );
    const byUser = await call(`/api/admin/investigate?user=${farm.id}`);
    expect(byUser.body.clicks).toEqual(byPromoter.body.clicks);
    const byCampaign = await call(`/api/admin/investigate?campaign=${campaignId}`);
    expect(byCampaign.body.total_clicks).toBe(4);
    expect(byCampaign.body.links.map((link: { promoter_id: string }) => link.promoter_id).sort()).toEqual(
      [farm.promoterId, honest.promoterId].sort(),
    );

    for (const [query, status, message] of [
      ["", 400, "Choose one thing to investigate: a flag, address, fingerprint, promoter, link, campaign or user"],
      [`promoter=${farm.promoterId}&campaign=${campaignId}`, 400, "Choose one thing to investigate"],
      ["promoter=not-an-id", 400, "Invalid promoter ID"],
      ["flag=999999999", 404, "Flag not found"],
      ["promoter=00000000-0000-4000-8000-000000000000", 404, "Nothing to investigate: it does not exist"],
      [`user=${other.artist.id}`, 404, "This user has no promoter profile, so no clicks to investigate"],
    ] as const) {
      const refused = await call(`/api/admin/investigate?${query}`);
      expect(refused.status, query).toBe(status);
      expect(refused.body.error.message).toContain(message);
    }
  });

  it("dismisses an open flag with a reason, once, with its audit row", async () => {
    const { campaignId } = await campaignWithClicks([1]);
    const [flag] = await t.database.db
      .insert(suspiciousActivity)
      .values({ type: "geo_anomaly", severity: "low", details: "Three countries", campaignId })
      .returning();
    const blank = await post(`/api/admin/flags/${flag?.id}/dismiss`, { reason: "  " });
    expect(blank).toMatchObject({ status: 400, body: { error: { message: "Give a reason for dismissing the flag" } } });
    expect((await post(`/api/admin/flags/${flag?.id}/dismiss`, { reason: "A touring band" })).status).toBe(200);
    const again = await post(`/api/admin/flags/${flag?.id}/dismiss`, { reason: "Twice" });
    expect(again).toMatchObject({ status: 409, body: { error: { message: "This flag is already dismissed" } } });
    const [stored] = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.id, flag?.id ?? 0));
    expect(stored).toMatchObject({ status: "dismissed", resolution: "A touring band", resolvedBy: admin.id });
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, String(flag?.id)));
    expect(audit).toMatchObject([{ action: "dismiss_flag", subjectType: "flag", actorUserId: admin.id }]);
    const stats = (await call("/api/admin/stats")).body;
    const open = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*) as count from suspicious_activity where status = 'open'`,
    );
    expect(stats.open_flags).toBe(Number(open[0]?.count));
  });
});

describe("the review window", () => {
  it("voiding inside it decides the winners and pending payouts again, to the cent, with audit rows", async () => {
    // A farm with 6 clicks, two honest promoters with 4 each: the farm wins, then is voided and the two honest ones tie.
    const { campaignId, promoters } = await campaignWithClicks([6, 4, 4], 101_01);
    const [farm, first, second] = promoters as [(typeof promoters)[0], (typeof promoters)[0], (typeof promoters)[0]];
    expect((await end(campaignId)).status).toBe(200);
    expect(await payoutsOf(campaignId)).toEqual([
      { promoter_id: farm.promoterId, amount_cents: 101_01, status: "pending" },
    ]);
    // An ended public campaign stays open to everyone with its result.
    expect((await t.request(`/api/campaigns/${campaignId}`)).status).toBe(200);
    const provisional = await board(campaignId);
    expect(provisional.result).toMatchObject({ state: "provisional", winners: [{ promoter_id: farm.promoterId }] });
    expect(new Date(provisional.result.review_until).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    // Nobody is told a result that may still change.
    expect((await listOutbox(t.database.db, farm.email)).filter((mail) => /You won/.test(mail.subject))).toEqual([]);

    const [flag] = await t.database.db
      .insert(suspiciousActivity)
      .values({ type: "rate_limit", severity: "high", details: "Farm", campaignId })
      .returning();
    const voided = await post("/api/admin/clicks/void", {
      campaign_id: campaignId,
      promoter_id: farm.promoterId,
      reason: "click farm",
      flag_id: flag?.id,
    });
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({
      clicks_voided: 6,
      result: "redecided",
      winners: [
        { handle: expect.any(String), amount_cents: 50_51 },
        { handle: expect.any(String), amount_cents: 50_50 },
      ],
    });
    // The extra cent goes to the earliest joined of the tie.
    expect(
      (await payoutsOf(campaignId)).map((row) => [
        row.promoter_id === first.promoterId ? "first" : "second",
        row.amount_cents,
      ]),
    ).toEqual([
      ["first", 50_51],
      ["second", 50_50],
    ]);
    expect(second.promoterId).not.toBe(first.promoterId);
    await expectLedgerBalanced(t, campaignId);
    const [flagged] = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.id, flag?.id ?? 0));
    expect(flagged?.status).toBe("actioned");
    expect(await t.database.db.select().from(clickAudit).where(eq(clickAudit.campaignId, campaignId))).toMatchObject([
      { action: "void_promoter", clicksVoided: 6, reason: "click farm", actorUserId: admin.id },
    ]);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.subjectId, campaignId));
    expect(audit.map((row) => row.action).sort()).toEqual(["end", "void_promoter"]);
    expect(audit.find((row) => row.action === "void_promoter")?.summary).toMatch(/winners decided again/);
    expect(
      (await board(campaignId)).result.winners.map((winner: { promoter_id: string }) => winner.promoter_id),
    ).toEqual([first.promoterId, second.promoterId]);

    // Released, the result is final, yet while no prize of it is paid a void still decides it again.
    expect((await post(`/api/admin/campaigns/${campaignId}/release`)).status).toBe(200);
    const released = await post("/api/admin/clicks/void", { campaign_id: campaignId, promoter_id: first.promoterId });
    expect(released.body).toEqual({
      clicks_voided: 4,
      result: "redecided",
      winners: [{ handle: expect.any(String), amount_cents: 101_01 }],
    });
    expect((await board(campaignId)).result.state).toBe("verifying");
    // Once a prize is paid, the result stays as it is: a void changes counts, not winners.
    await onboardPayouts(t, second);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    await settleWin(t, admin, second, { campaignId, payoutId: payout?.id ?? "" });
    expect((await post(`/api/admin/payouts/${payout?.id}/pay`)).status).toBe(200);
    const late = await post("/api/admin/clicks/void", { campaign_id: campaignId, promoter_id: second.promoterId });
    expect(late.body).toEqual({ clicks_voided: 4, result: "final", winners: [] });
    expect((await payoutsOf(campaignId)).map((row) => row.amount_cents)).toEqual([101_01]);
    expect((await board(campaignId)).result.state).toBe("final");
    await expectLedgerBalanced(t, campaignId);
  });

  it("refunds the prize at once when voiding leaves no winner", async () => {
    const { campaignId, artist, promoters } = await campaignWithClicks([3]);
    await end(campaignId);
    const farm = promoters[0] as (typeof promoters)[0];
    const voided = await post("/api/admin/clicks/void", { campaign_id: campaignId, promoter_id: farm.promoterId });
    expect(voided.body).toEqual({ clicks_voided: 3, result: "redecided", winners: [] });
    expect(await payoutsOf(campaignId)).toEqual([]);
    const [campaign] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign?.status).toBe("completed");
    const [refund] = await queryRows<{ status: string; amount_cents: number }>(
      t.database.db,
      sql`select status, amount_cents from refunds where campaign_id = ${campaignId}`,
    );
    expect(refund).toMatchObject({ status: "succeeded", amount_cents: 101_00 });
    expect((await listOutbox(t.database.db, artist.email)).map((mail) => mail.subject)).toContain(
      `Your campaign "${campaign?.title}" has ended`,
    );
    await expectLedgerBalanced(t, campaignId);
  });

  it("keeps every payout path closed inside the window, and pays once after it", async () => {
    const { campaignId, promoters } = await campaignWithClicks([2], 60_00);
    const winner = promoters[0] as (typeof promoters)[0];
    await onboardPayouts(t, winner);
    await end(campaignId);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    const underReview = /^Results are under review until .+: the payout can be paid after that/;

    const payWinner = await post(`/api/admin/payouts/${payout?.id}/pay`);
    expect(payWinner.status).toBe(409);
    expect(payWinner.body.error.message).toMatch(underReview);
    const request = await post("/api/payouts/request", {}, winner.cookie);
    expect(request.status).toBe(409);
    expect(request.body.error.message).toMatch(underReview);
    expect(await runWeeklyPayouts(t.app.context, new Date().getUTCDay())).toEqual([]);
    const earnings = (await call("/api/earnings", { cookie: winner.cookie })).body;
    expect(earnings.totals).toMatchObject({ owed_cents: 60_00, under_review_cents: 60_00, can_request_payout: false });
    expect(earnings.rows[0].review_until).not.toBeNull();
    const list = (await call("/api/admin/payouts")).body;
    expect(list.rows.find((row: { campaign_id: string }) => row.campaign_id === campaignId)).toMatchObject({
      action: "under_review",
    });
    expect((await payoutsOf(campaignId))[0]?.status).toBe("pending");

    // The window closes: the result is announced once, and the payout is paid once.
    await t.database.db
      .update(campaigns)
      .set({ reviewUntil: sql`now() - interval '1 second'` })
      .where(eq(campaigns.id, campaignId));
    expect((await announceFinalResults(t.app.context)).length).toBeGreaterThanOrEqual(1);
    await announceFinalResults(t.app.context);
    expect((await listOutbox(t.database.db, winner.email)).filter((mail) => /You won/.test(mail.subject))).toHaveLength(
      1,
    );
    // Final, it waits for its approval and its winner's verification.
    expect(await runWeeklyPayouts(t.app.context, new Date().getUTCDay())).toEqual([]);
    await settleWin(t, admin, winner, { campaignId, payoutId: payout?.id ?? "" });
    const weekly = await runWeeklyPayouts(t.app.context, new Date().getUTCDay());
    expect(weekly.filter((outcome) => outcome.payoutId === payout?.id)).toMatchObject([{ kind: "paid" }]);
    expect((await post(`/api/admin/payouts/${payout?.id}/pay`)).body.error.message).toBe(
      "This payout has already been paid",
    );
    expect((await post("/api/payouts/request", {}, winner.cookie)).body.error.message).toBe("Minimum payout is $50");
    const transfers = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*) as count from sandbox_payments where kind = 'transfer' and idempotency_key like ${`payout-${payout?.id}%`}`,
    );
    expect(Number(transfers[0]?.count)).toBe(1);
    await expectLedgerBalanced(t, campaignId);
  });

  it("is released early only by an admin, only while under review", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1]);
    await end(campaignId);
    const winner = promoters[0] as (typeof promoters)[0];
    expect((await post(`/api/admin/campaigns/${campaignId}/release`, {}, winner.cookie)).status).toBe(403);
    expect((await post(`/api/admin/campaigns/${campaignId}/release`)).status).toBe(200);
    expect((await listOutbox(t.database.db, winner.email)).filter((mail) => /You won/.test(mail.subject))).toHaveLength(
      1,
    );
    const again = await post(`/api/admin/campaigns/${campaignId}/release`);
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: "This campaign's results are not under review" } },
    });
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.subjectId, campaignId));
    expect(audit.filter((row) => row.action === "release")).toHaveLength(1);
  });
});

describe("contest rules at finalization", () => {
  it("skips a promoter who won in the previous 30 days (a tie share counts) for the next eligible one", async () => {
    // R and S tie on the first campaign: both win a share.
    const first = await campaignWithClicks([2, 2]);
    await end(first.campaignId);
    const [recent, tied] = first.promoters as [(typeof first.promoters)[0], (typeof first.promoters)[0]];
    // On the next campaign R and S lead, H follows: H wins, R and S are shown as not eligible.
    const artist = await signUp(t, "artist");
    const next = await createLiveCampaign(t, artist, { prize_cents: 30_00 });
    const honest = await signUp(t, "promoter");
    await clicks(t, await joinAs(t, recent, next), 5, "10.201.1");
    await clicks(t, await joinAs(t, tied, next), 4, "10.201.2");
    await clicks(t, await joinAs(t, honest, next), 3, "10.201.3");
    await end(next);
    expect(await payoutsOf(next)).toEqual([
      { promoter_id: await promoterId(honest), amount_cents: 30_00, status: "pending" },
    ]);
    const result = (await board(next)).result;
    expect(result.winners).toMatchObject([{ promoter_id: await promoterId(honest), amount_cents: 30_00 }]);
    expect(result.not_eligible).toEqual(
      expect.arrayContaining([
        { promoter_id: recent.promoterId, reason: "recent_win" },
        { promoter_id: tied.promoterId, reason: "recent_win" },
      ]),
    );

    // A win that ended 31 days before no longer counts.
    await t.database.db
      .update(campaigns)
      .set({ endsAt: sql`now() - interval '31 days'` })
      .where(eq(campaigns.id, first.campaignId));
    const later = await createLiveCampaign(t, artist, { prize_cents: 20_00 });
    await clicks(t, await joinAs(t, recent, later), 1, "10.202.1");
    await end(later);
    expect((await payoutsOf(later)).map((row) => row.promoter_id)).toEqual([recent.promoterId]);
  });

  it("never lets a banned promoter or the campaign's own artist win", async () => {
    const { campaignId, artist, promoters } = await campaignWithClicks([5, 2]);
    const [banned, honest] = promoters as [(typeof promoters)[0], (typeof promoters)[0]];
    expect((await post(`/api/admin/users/${banned.id}/ban`, { reason: "bots" })).status).toBe(200);
    // The artist's own promoter profile with clicks on the campaign (joining is refused; the rule holds regardless).
    const [artistPromoter] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into promoters (auth_user_id, handle) values (${artist.id}, ${`artist${artist.id.slice(0, 8)}`}) returning id`,
    );
    await t.database.db.execute(
      sql`insert into tracking_links (campaign_id, promoter_id, short_code, total_clicks)
          values (${campaignId}, ${artistPromoter?.id}, ${`A${artist.id.slice(0, 9)}`}, 9)`,
    );
    await end(campaignId);
    expect((await payoutsOf(campaignId)).map((row) => row.promoter_id)).toEqual([honest.promoterId]);
    expect((await board(campaignId)).result.not_eligible).toEqual(
      expect.arrayContaining([
        { promoter_id: banned.promoterId, reason: "banned" },
        { promoter_id: artistPromoter?.id, reason: "artist" },
      ]),
    );
    const [events] = await t.database.db
      .select({ count: sql<number>`count(*)` })
      .from(clickEvents)
      .where(eq(clickEvents.campaignId, campaignId));
    expect(Number(events?.count)).toBe(7);
    // The made-up link's counter has no clicks behind it: it is zeroed, so the database adds up again.
    await t.database.db.execute(
      sql`update tracking_links set total_clicks = 0 where promoter_id = ${artistPromoter?.id}`,
    );
  });
});
