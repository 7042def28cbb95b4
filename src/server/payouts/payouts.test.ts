import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { payoutsApi } from "../../core/api/payouts";
import { promotersApi } from "../../core/api/promoters";
import { splitPrize } from "../../core/money";
import { harnessSettings } from "../config";
import type { ServerContext } from "../context/server-context";
import { queryRows } from "../db/client";
import { campaigns, payouts, refunds } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { type PaymentProvider, TransferDeclinedError } from "../payments/provider";
import { createSandboxProvider } from "../payments/sandbox";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import {
  adminPost,
  approveWin,
  clicks,
  expectLedgerBalanced,
  makeAdmin,
  onboardPayouts,
  settleWin,
  testContext,
} from "../testing/payouts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { finalizeEndedCampaigns } from "./finalize-campaigns";
import { remindPayoutAccounts, retryDuePayouts, runWeeklyPayouts } from "./pay-payouts";

/** The sandbox, with every transfer call counted and the next ones made to fail on demand. */
const transferCalls: string[] = [];
const failNext: Error[] = [];
let t: TestApp;
let provider: PaymentProvider;
let deps: ServerContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { REVIEW_HOURS: "0" },
    payments: (database) => {
      const sandbox = createSandboxProvider(database.db, TEST_ORIGIN);
      const counting: PaymentProvider & typeof sandbox = {
        ...sandbox,
        async createTransfer(input) {
          transferCalls.push(input.idempotencyKey);
          const failure = failNext.shift();
          if (failure) throw failure;
          return sandbox.createTransfer(input);
        },
      };
      provider = counting;
      return counting;
    },
  });
  deps = testContext(t, provider);
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());
beforeEach(() => {
  transferCalls.length = 0;
  failNext.length = 0;
});

/** A live campaign with `clickCounts.length` promoters, joined in order, each getting its clicks. */
async function campaignWithClicks(clickCounts: number[], prizeCents = 100_00) {
  const artist = await signUp(t, "artist");
  const campaignId = await createLiveCampaign(t, artist, { prize_cents: prizeCents });
  const promoters: TestUser[] = [];
  for (const [index, count] of clickCounts.entries()) {
    const promoter = await signUp(t, "promoter");
    const code = await joinAs(t, promoter, campaignId);
    await clicks(t, code, count, `10.${(campaignId.charCodeAt(0) % 200) + 1}.${index + 1}`);
    promoters.push(promoter);
  }
  return { artist, campaignId, promoters };
}

async function payoutsOf(campaignId: string) {
  return queryRows<{ email: string; amount_cents: number; status: string }>(
    t.database.db,
    sql`select u.email, p.amount_cents, p.status from payouts p join promoters pr on pr.id = p.promoter_id
        join "user" u on u.id = pr.auth_user_id where p.campaign_id = ${campaignId} order by p.amount_cents desc, u.email`,
  );
}

async function statusOf(campaignId: string) {
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return row?.status;
}

const endNow = (campaignId: string) => adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`);
async function payoutIdOf(campaignId: string) {
  const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
  return payout?.id ?? "";
}
/** Pay Winner on the campaign's one payout (these tests have a single winner). */
async function payWinner(campaignId: string) {
  return adminPost(t, admin, `/api/admin/payouts/${await payoutIdOf(campaignId)}/pay`);
}
/** The winner verifies and the admin approves (the winner's payout account is ready). */
async function settle(campaignId: string, winner: TestUser) {
  await settleWin(t, admin, winner, { campaignId, payoutId: await payoutIdOf(campaignId) });
}

describe("finalizing a campaign", () => {
  it("gives a single winner the whole prize as a pending payout, emails them and the artist", async () => {
    const { artist, campaignId, promoters } = await campaignWithClicks([2, 3, 1], 250_00);
    const ended = await endNow(campaignId);
    expect(ended.status).toBe(200);
    expect(await statusOf(campaignId)).toBe("ended");
    expect(await payoutsOf(campaignId)).toEqual([
      { email: promoters[1]?.email, amount_cents: 250_00, status: "pending" },
    ]);
    const winnerMail = await listOutbox(t.database.db, promoters[1]?.email);
    expect(winnerMail[0]?.subject).toBe('You won $250 promoting "Midnight Drive"!');
    expect(winnerMail[0]?.text).toContain("/earnings");
    expect((await listOutbox(t.database.db, artist.email))[0]?.text).toContain("3 verified clicks, $250");
    await expectLedgerBalanced(t, campaignId);

    const again = await endNow(campaignId);
    expect(again.status).toBe(409);
    expect(await payoutsOf(campaignId)).toHaveLength(1);
  });

  it("reminds a winner whose email is not verified to verify it, and only them", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const unverified = await signUp(t, "promoter", {}, { verified: false });
    const verified = await signUp(t, "promoter");
    await clicks(t, await joinAs(t, unverified, campaignId), 2, "10.77.1");
    await clicks(t, await joinAs(t, verified, campaignId), 2, "10.77.2");
    expect((await endNow(campaignId)).status).toBe(200);
    const [toUnverified] = await listOutbox(t.database.db, unverified.email);
    expect(toUnverified?.subject).toMatch(/^You won/);
    expect(toUnverified?.text).toContain("First, verify your email address");
    const [toVerified] = await listOutbox(t.database.db, verified.email);
    expect(toVerified?.subject).toMatch(/^You won/);
    expect(toVerified?.text).not.toContain("verify your email");
  });

  it("splits a two-way tie with odd cents, the extra cent to the earliest joined", async () => {
    const { campaignId, promoters } = await campaignWithClicks([2, 2, 1], 100_01);
    await endNow(campaignId);
    expect(await payoutsOf(campaignId)).toEqual([
      { email: promoters[0]?.email, amount_cents: 50_01, status: "pending" },
      { email: promoters[1]?.email, amount_cents: 50_00, status: "pending" },
    ]);
    await expectLedgerBalanced(t, campaignId);
  });

  it("splits a three-way tie so the parts sum to the prize", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1, 1, 1], 100_00);
    await endNow(campaignId);
    const rows = await payoutsOf(campaignId);
    expect(rows.map((row) => row.amount_cents)).toEqual(splitPrize(100_00, 3));
    expect(rows[0]?.email).toBe(promoters[0]?.email);
    await expectLedgerBalanced(t, campaignId);
  });

  it("refunds the prize (not the fee) when nobody got a click, and shows No Winner", async () => {
    const { artist, campaignId } = await campaignWithClicks([0, 0], 80_00);
    await endNow(campaignId);
    expect(await statusOf(campaignId)).toBe("completed");
    expect(await payoutsOf(campaignId)).toEqual([]);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.campaignId, campaignId));
    expect(refund).toMatchObject({ reason: "no_winner", amountCents: 80_00, status: "succeeded" });
    const artistMails = await listOutbox(t.database.db, artist.email);
    expect(artistMails.find((mail) => mail.subject.endsWith("has ended"))?.text).toContain("there is no winner");
    expect(artistMails.find((mail) => mail.subject.startsWith("Refund of $80"))?.text).toContain(
      "its prize of $80 has been refunded to your card. The platform fee is kept",
    );
    const list = await (await t.request("/api/admin/payouts", { cookie: admin.cookie })).json();
    expect(list.rows.find((row: { campaign_id: string }) => row.campaign_id === campaignId).action).toBe("no_winner");
    const ledger = await expectLedgerBalanced(t, campaignId);
    expect(ledger.refunded).toBe(80_00);
  });

  it("stops counting clicks once the campaign has ended", async () => {
    const { campaignId } = await campaignWithClicks([1]);
    const promoter = await signUp(t, "promoter");
    const code = await joinAs(t, promoter, campaignId);
    await endNow(campaignId);
    const late = await t.request(`/t/${code}`, {
      ip: "10.250.0.1",
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" },
    });
    // The link still leads to the song (PRODUCT.md), and the visit does not count.
    expect(late.status).toBe(200);
    expect(late.headers.get("X-Click-Verdict")).toBe("inactive");
    expect(await late.text()).toContain("This campaign has ended, so visits no longer count.");
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row?.totalClicks).toBe(1);
  });

  it("finalizes each due campaign exactly once when two schedulers run at the same time", async () => {
    const due = [await campaignWithClicks([1, 2]), await campaignWithClicks([0]), await campaignWithClicks([3])];
    await t.database.db.execute(
      sql`update campaigns set ends_at = now() - interval '1 minute' where id in (${sql.join(
        due.map((campaign) => sql`${campaign.campaignId}`),
        sql`, `,
      )})`,
    );
    const [first, second] = await Promise.all([finalizeEndedCampaigns(deps), finalizeEndedCampaigns(deps)]);
    const finalizedIds = [...(first ?? []), ...(second ?? [])].map((result) => result.campaignId).sort();
    expect(finalizedIds).toEqual(due.map((campaign) => campaign.campaignId).sort());
    for (const campaign of due) {
      expect((await payoutsOf(campaign.campaignId)).length).toBeLessThanOrEqual(1);
      await expectLedgerBalanced(t, campaign.campaignId);
    }
    const winnerMails = (await listOutbox(t.database.db, due[0]?.promoters[1]?.email)).filter((mail) =>
      mail.subject.startsWith("You won"),
    );
    expect(winnerMails).toHaveLength(1);
    expect(await finalizeEndedCampaigns(deps)).toEqual([]);
  });
});

describe("paying winners", () => {
  it("pays once when 50 Pay Winner calls arrive together, then shows Completed", async () => {
    const { campaignId, promoters } = await campaignWithClicks([4, 1], 300_00);
    await endNow(campaignId);
    const winner = promoters[0] as TestUser;

    const early = await payWinner(campaignId);
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe(
      "This result waits for an admin's approval: open it from the approval queue, weigh the evidence and approve it, or pass the prize on.",
    );
    expect(transferCalls).toHaveLength(0);
    await onboardPayouts(t, winner);
    await settle(campaignId, winner);

    const responses = await Promise.all(Array.from({ length: 50 }, () => payWinner(campaignId)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(transferCalls).toHaveLength(1);
    expect(await payoutsOf(campaignId)).toEqual([{ email: winner.email, amount_cents: 300_00, status: "paid" }]);
    expect(await statusOf(campaignId)).toBe("completed");
    expect((await listOutbox(t.database.db, winner.email))[0]?.subject).toBe("Your $300 FanBoost payout is on its way");
    const list = await (await t.request("/api/admin/payouts", { cookie: admin.cookie })).json();
    expect(list.rows.find((row: { campaign_id: string }) => row.campaign_id === campaignId).action).toBe("completed");
    const ledger = await expectLedgerBalanced(t, campaignId);
    expect(ledger.paid).toBe(300_00);
  });

  it("keeps a failed transfer's reason, retries it after the backoff and pays it once", async () => {
    const { campaignId, promoters } = await campaignWithClicks([2], 120_00);
    await onboardPayouts(t, promoters[0] as TestUser);
    await endNow(campaignId);
    await settle(campaignId, promoters[0] as TestUser);

    failNext.push(new Error("connection reset by the provider"));
    const failed = await payWinner(campaignId);
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.message).toBe("Payout failed: connection reset by the provider");
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    expect(row).toMatchObject({ status: "failed", failureReason: "connection reset by the provider", attempts: 1 });
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    const list = await (await t.request("/api/admin/payouts", { cookie: admin.cookie })).json();
    const listed = list.rows.find((entry: { campaign_id: string }) => entry.campaign_id === campaignId);
    expect(listed.action).toBe("pay");
    expect(listed.payout.failure_reason).toBe("connection reset by the provider");

    expect(await retryDuePayouts(deps)).toEqual([]);
    await t.database.db
      .update(payouts)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(payouts.campaignId, campaignId));
    const retried = await retryDuePayouts(deps);
    expect(retried.map((outcome) => outcome.kind)).toEqual(["paid"]);
    // An unknown outcome is retried with the same idempotency key, so the provider cannot pay twice.
    expect(transferCalls).toEqual([`payout-${row?.id}`, `payout-${row?.id}`]);
    expect(await retryDuePayouts(deps)).toEqual([]);
    expect(await payoutsOf(campaignId)).toEqual([{ email: promoters[0]?.email, amount_cents: 120_00, status: "paid" }]);
    await expectLedgerBalanced(t, campaignId);
    // The winner heard of the delay once, then that it was sent.
    const subjects = (await listOutbox(t.database.db, promoters[0]?.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === "We couldn't send your $120 payout yet")).toHaveLength(1);
    expect(subjects).toContain("Your $120 FanBoost payout is on its way");
  });

  it("offers Pay Winner only once the winner's payout account can be paid", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1], 60_00);
    await endNow(campaignId);
    // As if approved and verified already (automatic approval): only the payout account is missing.
    await t.database.db
      .update(payouts)
      .set({ holdReasons: sql`'{}'::text[]` })
      .where(eq(payouts.campaignId, campaignId));
    const rowOf = async () =>
      (await okRoute(t, adminApi.payouts, { cookie: admin.cookie })).rows.find((row) => row.campaign_id === campaignId);
    expect(await rowOf()).toMatchObject({ action: "account", winner: { has_payout_account: false } });
    expect((await payWinner(campaignId)).status).toBe(409);
    await onboardPayouts(t, promoters[0] as TestUser);
    expect(await rowOf()).toMatchObject({ action: "pay", winner: { has_payout_account: true } });
    expect((await payWinner(campaignId)).status).toBe(200);
    await expectLedgerBalanced(t, campaignId);
  });

  it("reminds a winner without a payout account once, three days after the win", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1], 60_00);
    await endNow(campaignId);
    expect(await remindPayoutAccounts(deps)).toBe(0);
    await t.database.db
      .update(payouts)
      .set({ createdAt: sql`now() - interval '3 days 1 minute'` })
      .where(eq(payouts.campaignId, campaignId));
    expect(await remindPayoutAccounts(deps)).toBe(1);
    expect(await remindPayoutAccounts(deps)).toBe(0);
    const subjects = (await listOutbox(t.database.db, promoters[0]?.email)).map((mail) => mail.subject);
    expect(subjects).toContain("Your $60 prize is waiting for your payout account");
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "reminds a winner whose payout row another job holds once it is let go, not an hour later",
    async () => {
      const { campaignId, promoters } = await campaignWithClicks([1], 40_00);
      await endNow(campaignId);
      await t.database.db
        .update(payouts)
        .set({ createdAt: sql`now() - interval '3 days 1 minute'` })
        .where(eq(payouts.campaignId, campaignId));
      // Another session holds the payout row, as the approval request's claim does while it writes its emails.
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from payouts where campaign_id = $1 for update", [campaignId]);
        const reminding = remindPayoutAccounts(deps);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await holder.query("commit");
        expect(await reminding).toBe(1);
      } finally {
        await holder.end();
      }
      const subjects = (await listOutbox(t.database.db, promoters[0]?.email)).map((mail) => mail.subject);
      expect(subjects).toContain("Your $40 prize is waiting for your payout account");
    },
  );

  it("uses a new idempotency key only after the provider refused a transfer outright", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1], 50_00);
    await onboardPayouts(t, promoters[0] as TestUser);
    await endNow(campaignId);
    await settle(campaignId, promoters[0] as TestUser);
    failNext.push(new TransferDeclinedError("Insufficient funds in the platform balance"));
    expect((await payWinner(campaignId)).status).toBe(502);
    expect((await payWinner(campaignId)).status).toBe(200);
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
    expect(transferCalls).toEqual([`payout-${row?.id}`, `payout-${row?.id}-1`]);
    await expectLedgerBalanced(t, campaignId);
  });

  it("runs the weekly payout only on the payout day, for winners who can be paid", async () => {
    const ready = await campaignWithClicks([1], 70_00);
    const notReady = await campaignWithClicks([1], 90_00);
    await onboardPayouts(t, ready.promoters[0] as TestUser);
    await endNow(ready.campaignId);
    await endNow(notReady.campaignId);
    // Neither is paid before people decide: the ready winner verifies and is approved, the other is approved only.
    expect(await runWeeklyPayouts(deps, 5, new Date("2026-11-27T12:00:00Z"))).toEqual([]);
    await settle(ready.campaignId, ready.promoters[0] as TestUser);
    await approveWin(t, admin, await payoutIdOf(notReady.campaignId));
    const thursday = new Date("2026-11-26T12:00:00Z");
    const friday = new Date("2026-11-27T12:00:00Z");
    expect(await runWeeklyPayouts(deps, 5, thursday)).toEqual([]);
    const outcomes = await runWeeklyPayouts(deps, 5, friday);
    expect(outcomes.filter((outcome) => outcome.kind === "paid")).toHaveLength(1);
    expect((await payoutsOf(ready.campaignId))[0]?.status).toBe("paid");
    expect((await payoutsOf(notReady.campaignId))[0]?.status).toBe("pending");
    await expectLedgerBalanced(t, ready.campaignId);
    await expectLedgerBalanced(t, notReady.campaignId);
  });
});

describe("Request Payout", () => {
  it("needs a session and $50 unpaid, verified and approved, and a payout account", async () => {
    const anonymous = await t.request("/api/payouts/request", { method: "POST", json: {} });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe("Authentication required");

    const small = await campaignWithClicks([1], 40_00);
    await endNow(small.campaignId);
    const winner = small.promoters[0] as TestUser;
    const below = await t.request("/api/payouts/request", { method: "POST", cookie: winner.cookie, json: {} });
    expect(below.status).toBe(400);
    expect((await below.json()).error.message).toBe("Minimum payout is $50");

    // One win per promoter per 30 days: the first win is dated 31 days back, so the second counts too.
    await t.database.db
      .update(campaigns)
      .set({ endsAt: sql`now() - interval '31 days'` })
      .where(eq(campaigns.id, small.campaignId));
    const artist = await signUp(t, "artist");
    const second = await createLiveCampaign(t, artist, { prize_cents: 20_00 });
    await clicks(t, await joinAs(t, winner, second), 1, "10.99.1");
    await endNow(second);
    const verifying = await t.request("/api/payouts/request", { method: "POST", cookie: winner.cookie, json: {} });
    expect(verifying.status).toBe(409);
    expect((await verifying.json()).error.message).toBe(
      "Verifying the winner: FanBoost approves every result with its evidence before a prize is paid, and you confirm on your Earnings page that you still qualify. You can request your payout once both are done.",
    );
    // Verification needs the payout account it checks.
    const noAccount = await t.request(`/api/payouts/candidacies/${second}/verify`, {
      method: "POST",
      cookie: winner.cookie,
      json: { country: "US", state: "NY", age_confirmed: true, legal_name: "Test Promoter", own_account: true },
    });
    expect(noAccount.status).toBe(409);
    expect((await noAccount.json()).error.message).toBe(
      "Set up your payout account first: the prize is paid to it, so we check that it is yours and where it is.",
    );

    await onboardPayouts(t, winner);
    await settle(small.campaignId, winner);
    await settle(second, winner);
    const earningsBefore = await (await t.request("/api/earnings", { cookie: winner.cookie })).json();
    expect(earningsBefore.totals).toMatchObject({ owed_cents: 60_00, can_request_payout: true, campaigns_won: 2 });
    const paid = await t.request("/api/payouts/request", { method: "POST", cookie: winner.cookie, json: {} });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ paid_cents: 60_00 });
    expect(transferCalls).toHaveLength(2);
    const earnings = await (await t.request("/api/earnings", { cookie: winner.cookie })).json();
    expect(earnings.totals).toMatchObject({ paid_cents: 60_00, owed_cents: 0, can_request_payout: false });
    expect(earnings.rows.map((row: { status: string }) => row.status)).toEqual(["paid", "paid"]);
    await expectLedgerBalanced(t, small.campaignId);
    await expectLedgerBalanced(t, second);
  });
});

describe("earnings", () => {
  it("lists each campaign joined with its rank, clicks and status", async () => {
    const artist = await signUp(t, "artist");
    const promoter = await signUp(t, "promoter");
    const rival = await signUp(t, "promoter");
    const lostId = await createLiveCampaign(t, artist, { title: "Lost One" });
    await clicks(t, await joinAs(t, promoter, lostId), 1, "10.77.1");
    await clicks(t, await joinAs(t, rival, lostId), 2, "10.77.2");
    await endNow(lostId);
    const liveId = await createLiveCampaign(t, artist, { title: "Still Live", prize_cents: 500_00 });
    await clicks(t, await joinAs(t, promoter, liveId), 1, "10.77.3");
    const earnings = await (await t.request("/api/earnings", { cookie: promoter.cookie })).json();
    const byTitle = Object.fromEntries(
      earnings.rows.map((row: { campaign_title: string }) => [row.campaign_title, row]),
    );
    expect(byTitle["Lost One"]).toMatchObject({ status: "lost", rank: 2, total_clicks: 1, amount_cents: 0 });
    expect(byTitle["Still Live"]).toMatchObject({ status: "pending", rank: 1, amount_cents: 500_00 });
    expect(earnings.totals).toMatchObject({ paid_cents: 0, owed_cents: 0, campaigns_won: 0, active_campaigns: 1 });
    const none = await signUp(t, "artist");
    expect(await (await t.request("/api/earnings", { cookie: none.cookie })).json()).toMatchObject({ promoter: null });
    expect((await t.request("/api/earnings")).status).toBe(401);
  });
});

describe("admin campaign actions", () => {
  it("refuses non-admins", async () => {
    const { campaignId, promoters } = await campaignWithClicks([1]);
    const promoter = promoters[0] as TestUser;
    for (const [method, path] of [
      ["POST", `/api/admin/campaigns/${campaignId}/end`],
      ["DELETE", `/api/admin/campaigns/${campaignId}`],
      ["POST", `/api/admin/payouts/${campaignId}/pay`],
      ["GET", "/api/admin/payouts"],
    ] as const) {
      const refused = await t.request(path, {
        method,
        cookie: promoter.cookie,
        ...(method === "GET" ? {} : { json: {} }),
      });
      expect(refused.status, path).toBe(403);
      const anonymous = await t.request(path, { method, ...(method === "GET" ? {} : { json: {} }) });
      expect(anonymous.status, path).toBe(401);
    }
    expect(await statusOf(campaignId)).toBe("active");
  });

  it("removes a draft, cancels a live campaign with a full refund, and keeps an ended one", async () => {
    const artist = await signUp(t, "artist");
    const draft = await t.request("/api/campaigns", {
      method: "POST",
      cookie: artist.cookie,
      json: { title: "Draft", artist_name: "A", song_link: "https://open.spotify.com/track/1", prize_cents: 10_00 },
    });
    const draftId = (await draft.json()).campaign.id;
    const removed = await t.request(`/api/admin/campaigns/${draftId}`, { method: "DELETE", cookie: admin.cookie });
    expect(await removed.json()).toMatchObject({ ok: true, result: "removed" });
    expect(await statusOf(draftId)).toBeUndefined();

    const { campaignId } = await campaignWithClicks([2], 150_00);
    const cancelled = await t.request(`/api/admin/campaigns/${campaignId}`, { method: "DELETE", cookie: admin.cookie });
    expect(await cancelled.json()).toMatchObject({ ok: true, result: "cancelled" });
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row).toMatchObject({ status: "cancelled", isPublic: false });
    const ledger = await expectLedgerBalanced(t, campaignId);
    expect(ledger.refunded).toBe(150_00 + 7_50);
    const listed = await (await t.request(`/api/campaigns/${campaignId}`)).json();
    expect(listed.error.message).toBe("Campaign not found");

    const ended = await campaignWithClicks([1]);
    await endNow(ended.campaignId);
    const kept = await t.request(`/api/admin/campaigns/${ended.campaignId}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(kept.status).toBe(409);
    expect(
      (await t.request("/api/admin/campaigns/not-a-uuid/end", { method: "POST", cookie: admin.cookie, json: {} }))
        .status,
    ).toBe(400);
  });
});

describe("Total Clicks", () => {
  it("is one figure on the dashboard and /earnings: every joined campaign's verified clicks, a cancelled one's too", async () => {
    const fan = await signUp(t, "promoter");
    const cancelled = await createLiveCampaign(t, await signUp(t, "artist"), { title: "Cancelled later" });
    await clicks(t, await joinAs(t, fan, cancelled), 2, "10.77.1");
    const live = await createLiveCampaign(t, await signUp(t, "artist"), { title: "Still live" });
    await clicks(t, await joinAs(t, fan, live), 1, "10.77.2");
    expect(
      (await t.request(`/api/admin/campaigns/${cancelled}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    const data = await okRoute(t, promotersApi.dashboard, { cookie: fan.cookie });
    const earnings = await okRoute(t, payoutsApi.earnings, { cookie: fan.cookie });
    expect([data.tiles.total_clicks, earnings.totals?.total_clicks]).toEqual([3, 3]);
  });
});
