import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { payoutsApi } from "../../core/api/payouts";
import { campaigns, payouts } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { signUp, type TestUser } from "../testing/accounts";
import { okRoute, refusedRoute } from "../testing/contract-call";
import {
  adminPost,
  expectLedgerBalanced,
  makeAdmin,
  onboardPayouts,
  settleWin,
  testContext,
  winAlone,
} from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { payPayout, runWeeklyPayouts } from "./pay-payouts";

let t: TestApp;
let admin: TestUser;

// A $150 reporting threshold, so that test prizes reach it.
beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_HOURS: "0", PRIZE_REPORTING_THRESHOLD: "150" } });
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());

let wins = 0;
/**
 * `winner` wins a campaign alone with a prize of `prizeCents`, verifies and is approved. One win per 30 days: each win
 * is moved 40 days before the one before it, so that the next can count.
 */
async function win(winner: TestUser, prizeCents: number, network: string) {
  const won = await winAlone(t, admin, winner, prizeCents, network);
  await settleWin(t, admin, winner, won);
  wins += 1;
  await t.database.db
    .update(campaigns)
    .set({ endsAt: sql`now() - make_interval(days => ${wins * 40})` })
    .where(eq(campaigns.id, won.campaignId));
  return won;
}

const payoutRow = async (payoutId: string) =>
  (await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId)))[0];

/** The promoter gives the tax form in the sandbox's onboarding, as its popup would. */
async function giveTaxForm(promoter: TestUser) {
  const { url } = await okRoute(t, payoutsApi.accountLink, { cookie: promoter.cookie });
  const given = await t.request(new URL(url).pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ tax_id: "123-45-6789", tax_certified: "yes", action: "submit" }).toString(),
  });
  expect(given.status).toBe(303);
}

describe("the tax information hold", () => {
  it("holds the payout that reaches the year's threshold on every path until the tax form is given, then pays it once", async () => {
    const winner = await signUp(t, "promoter");
    await onboardPayouts(t, winner, { taxForm: false });
    const first = await win(winner, 100_00, "10.93.1");
    // Under the threshold: paid without tax information.
    expect((await adminPost(t, admin, `/api/admin/payouts/${first.payoutId}/pay`)).status).toBe(200);

    const second = await win(winner, 75_50, "10.93.2");
    // $100 + $75.50 reaches $150: Pay Winner, Request Payout and the weekly run all leave it held.
    const payNow = await refusedRoute(t, adminApi.payPayout, {
      params: { payoutId: second.payoutId },
      cookie: admin.cookie,
    });
    expect(payNow.status).toBe(409);
    expect(payNow.error.message).toMatch(
      /^Tax information needed: this payout brings the winner's prizes paid this year to \$150 or more/,
    );
    const requested = await refusedRoute(t, payoutsApi.request, { cookie: winner.cookie });
    expect(requested.status).toBe(409);
    expect(requested.error.message).toMatch(
      /^Tax information needed: this payout brings your prizes paid this year to \$150 or more/,
    );
    const weekly = await runWeeklyPayouts(testContext(t), new Date().getUTCDay());
    expect(weekly.filter((outcome) => outcome.payoutId === second.payoutId)).toEqual([
      { kind: "tax_info_needed", payoutId: second.payoutId },
    ]);
    expect(await payoutRow(second.payoutId)).toMatchObject({ status: "pending", holdReasons: ["tax_info"] });

    // The winner is asked once, by email and on the Earnings page; the admin sees why.
    const asked = (await listOutbox(t.database.db, winner.email)).filter((mail) =>
      mail.subject.startsWith("Tax information needed"),
    );
    expect(asked.map((mail) => mail.subject)).toEqual(["Tax information needed for your $75.50 prize"]);
    const earnings = await okRoute(t, payoutsApi.earnings, { cookie: winner.cookie });
    expect(earnings.totals?.tax_info_needed_cents).toBe(75_50);
    expect(earnings.rows.find((row) => row.campaign_id === second.campaignId)?.tax_info_needed).toBe(true);
    const list = await okRoute(t, adminApi.payouts, { cookie: admin.cookie });
    expect(list.rows.find((row) => row.campaign_id === second.campaignId)?.action).toBe("tax_info");

    await giveTaxForm(winner);
    expect(await okRoute(t, payoutsApi.account, { cookie: winner.cookie })).toMatchObject({ tax_info_on_file: true });
    expect((await payoutRow(second.payoutId))?.holdReasons).toEqual([]);
    const paid = await okRoute(t, payoutsApi.request, { cookie: winner.cookie });
    expect(paid.paid_cents).toBe(75_50);
    expect(await payoutRow(second.payoutId)).toMatchObject({ status: "paid" });
    expect((await refusedRoute(t, payoutsApi.request, { cookie: winner.cookie })).status).toBe(400);
    await expectLedgerBalanced(t, second.campaignId);
  });

  it("holds a first prize at the threshold, and lets only one of two racing payouts pass under it", async () => {
    const big = await signUp(t, "promoter");
    await onboardPayouts(t, big, { taxForm: false });
    const alone = await win(big, 150_00, "10.94.1");
    expect((await payPayout(testContext(t), alone.payoutId, "manual")).kind).toBe("tax_info_needed");

    const racer = await signUp(t, "promoter");
    await onboardPayouts(t, racer, { taxForm: false });
    const a = await win(racer, 100_00, "10.94.2");
    const b = await win(racer, 100_00, "10.94.3");
    const outcomes = await Promise.all([
      payPayout(testContext(t), a.payoutId, "manual"),
      payPayout(testContext(t), b.payoutId, "manual"),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["paid", "tax_info_needed"]);
  });

  it("never holds a winner whose tax form is on file", async () => {
    const ready = await signUp(t, "promoter");
    await onboardPayouts(t, ready);
    const prize = await win(ready, 500_00, "10.95.1");
    expect((await payPayout(testContext(t), prize.payoutId, "manual")).kind).toBe("paid");
  });
});
