import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { payoutsApi } from "../../core/api/payouts";
import type { ServerContext } from "../context/server-context";
import { queryRows } from "../db/client";
import { notifications, payouts, resultExclusions, suspiciousActivity } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { deviceCookieOf, signUp, stateEligibility, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { callRoute, okRoute, refusedRoute } from "../testing/contract-call";
import {
  approveWin,
  clicks,
  expectLedgerBalanced,
  makeAdmin,
  onboardPayouts,
  settleWin,
  testContext,
  verifyWin,
} from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { payPayout, runWeeklyPayouts } from "./pay-payouts";
import { requestApprovals, sendApprovalDigest } from "./result-approval";

/**
 * No prize is paid on clicks alone (PRODUCT.md Winner verification): an admin approves each result with the evidence,
 * the winner verifies that they still qualify, one person has one entry, and Pass On never hands the prize back.
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

let network = 0;
/** `count` counted clicks on the promoter's link from fresh networks of their own. */
async function clicksFor(code: string, count: number) {
  network++;
  await clicks(t, code, count, `10.${100 + Math.floor(network / 250)}.${network % 250}`);
}

/** A live campaign by a new artist (or `artist`) with each promoter's clicks, in order. */
async function campaignWith(entries: Array<[TestUser, number]>, options: { artist?: TestUser } = {}) {
  const artist = options.artist ?? (await signUp(t, "artist"));
  const campaignId = await createLiveCampaign(t, artist, { prize_cents: 100_00 });
  for (const [entrant, count] of entries) await clicksFor(await joinAs(t, entrant, campaignId), count);
  return campaignId;
}

const endNow = (campaignId: string) =>
  okRoute(t, adminApi.endCampaign, { params: { id: campaignId }, cookie: admin.cookie });

const candidatesOf = async (campaignId: string) =>
  queryRows<{ id: string; user_id: string; hold_reasons: string[] }>(
    t.database.db,
    sql`select po.id, p.auth_user_id as user_id, po.hold_reasons from payouts po
        join promoters p on p.id = po.promoter_id where po.campaign_id = ${campaignId} order by po.amount_cents desc`,
  );

const passOn = (payoutId: string, grounds: "fraud" | "ineligible", reason: string) =>
  okRoute(t, adminApi.passOnPayout, { params: { payoutId }, body: { grounds, reason }, cookie: admin.cookie });

describe("approval before money", () => {
  it("pays a result past its review by no path until an admin approves it", async () => {
    const winner = await signUp(t, "promoter");
    await onboardPayouts(t, winner);
    const campaignId = await campaignWith([[winner, 3]]);
    await endNow(campaignId);
    const [candidate] = await candidatesOf(campaignId);
    const payoutId = candidate?.id ?? "";
    expect((await verifyWin(t, winner, campaignId)).outcome).toBe("verified");

    const payNow = await refusedRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
    expect(payNow.status).toBe(409);
    expect(payNow.error.message).toMatch(/^This result waits for an admin's approval/);
    const requested = await refusedRoute(t, payoutsApi.request, { cookie: winner.cookie });
    expect(requested.error.message).toMatch(/^Verifying the winner/);
    expect(await runWeeklyPayouts(deps, new Date().getUTCDay())).toEqual([]);
    expect((await payPayout(deps, payoutId, "scheduled")).kind).toBe("held");
    const release = await refusedRoute(t, adminApi.releaseResults, {
      params: { id: campaignId },
      cookie: admin.cookie,
    });
    expect(release.status).toBe(409);

    // The admins are told once that it waits, and it is in the console's queue with its age.
    expect(await requestApprovals(deps)).toBeGreaterThanOrEqual(1);
    expect(await requestApprovals(deps)).toBe(0);
    const told = (await listOutbox(t.database.db, admin.email)).filter((mail) => mail.subject.includes("Midnight"));
    expect(told.map((mail) => mail.subject)).toEqual(['Result to approve: "Midnight Drive"']);
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(bell.some((entry) => entry.link === `/admin/approvals/${campaignId}`)).toBe(true);
    const queue = await okRoute(t, adminApi.approvalQueue, { cookie: admin.cookie });
    expect(queue.items.find((item) => item.campaign_id === campaignId)?.candidates).toEqual([
      expect.objectContaining({ payout_id: payoutId, verified: true, clicks: 3 }),
    ]);

    await approveWin(t, admin, payoutId);
    const approved = await listOutbox(t.database.db, winner.email);
    expect(approved.map((mail) => mail.subject)).toContain('Your $100 prize for "Midnight Drive" is approved');
    await okRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
    await expectLedgerBalanced(t, campaignId);
  });

  it("sends the admins one digest a day while a result waits", async () => {
    const winner = await signUp(t, "promoter");
    const campaignId = await campaignWith([[winner, 1]]);
    await endNow(campaignId);
    await requestApprovals(deps);
    // The first notice was the email of the wait itself: the digest starts a day after.
    expect(await sendApprovalDigest(deps)).toBe(false);
    await t.database.db.execute(sql`update periodic_claims set claimed_at = now() - interval '1 day 1 minute'`);
    expect(await sendApprovalDigest(deps)).toBe(true);
    expect(await sendApprovalDigest(deps)).toBe(false);
    const digests = (await listOutbox(t.database.db, admin.email)).filter((mail) =>
      /waiting for approval$/.test(mail.subject),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('"Midnight Drive": waiting');
  });
});

describe("Pass On", () => {
  it("gives a flagged winner's prize to the next eligible promoter, never back to them", async () => {
    const farm = await signUp(t, "promoter");
    const second = await signUp(t, "promoter");
    const third = await signUp(t, "promoter");
    const campaignId = await campaignWith([
      [farm, 6],
      [second, 3],
      [third, 2],
    ]);
    await t.database.db.insert(suspiciousActivity).values({
      type: "winner_risk",
      severity: "high",
      details: "A winner's clicks look bought",
      campaignId,
      trackingLinkId: sql`(select id from tracking_links where campaign_id = ${campaignId} and promoter_id = (select id from promoters where auth_user_id = ${farm.id}))`,
    });
    await endNow(campaignId);
    const [flagged] = await candidatesOf(campaignId);
    expect(flagged).toMatchObject({ user_id: farm.id });

    await passOn(flagged?.id ?? "", "fraud", "Bought clicks from a farm");
    const [next] = await candidatesOf(campaignId);
    expect(next).toMatchObject({ user_id: second.id, hold_reasons: ["approval", "verification"] });
    // Passed on again, on other grounds: the prize goes down the board, never back up to the farm.
    await passOn(next?.id ?? "", "ineligible", "Broke the rules on paid promotion");
    const [last] = await candidatesOf(campaignId);
    expect(last).toMatchObject({ user_id: third.id });
    await passOn(last?.id ?? "", "ineligible", "Did not answer our questions");
    expect(await candidatesOf(campaignId)).toEqual([]);
    const excluded = await t.database.db
      .select()
      .from(resultExclusions)
      .where(eq(resultExclusions.campaignId, campaignId));
    expect(excluded.map((row) => [row.reason, row.note]).sort()).toEqual([
      ["disqualified", "Bought clicks from a farm"],
      ["passed_over", "Broke the rules on paid promotion"],
      ["passed_over", "Did not answer our questions"],
    ]);
    // The farm is told, with the reason; the flag about its link is closed by the decision.
    const farmMail = await listOutbox(t.database.db, farm.email);
    expect(farmMail.find((mail) => mail.subject.startsWith("The prize of"))?.text).toContain(
      "Bought clicks from a farm",
    );
    const open = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(sql`${suspiciousActivity.campaignId} = ${campaignId} and ${suspiciousActivity.status} = 'open'`);
    expect(open).toEqual([]);
    const { refunded } = await expectLedgerBalanced(t, campaignId);
    expect(refunded).toBe(100_00);
  });

  it("skips every account linked to one passed over for fraud: the same bank account, the same device", async () => {
    const decoy = await signUp(t, "promoter");
    await onboardPayouts(t, decoy, { accountNumber: "555000111222" });
    const sameBank = await signUp(t, "promoter");
    await onboardPayouts(t, sameBank, { accountNumber: "555000111222" });
    const sameDevice = await signUp(t, "promoter", {}, { cookie: deviceCookieOf(decoy) });
    const honest = await signUp(t, "promoter");
    const campaignId = await campaignWith([
      [decoy, 5],
      [sameBank, 4],
      [sameDevice, 3],
      [honest, 2],
    ]);
    await endNow(campaignId);
    const [candidate] = await candidatesOf(campaignId);
    expect(candidate).toMatchObject({ user_id: decoy.id });
    // Linked to two other promoters of the campaign: flagged, and held for it.
    expect(candidate?.hold_reasons).toContain("flagged");
    const flags = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.campaignId, campaignId));
    expect(flags.map((flag) => flag.type)).toEqual(["linked_promoter"]);
    expect(flags[0]?.details).toMatch(/the same payout bank account/);
    expect(flags[0]?.details).toMatch(/the same browser/);

    await passOn(candidate?.id ?? "", "fraud", "Three accounts of one person");
    expect((await candidatesOf(campaignId)).map((row) => row.user_id)).toEqual([honest.id]);
    const excluded = await queryRows<{ user_id: string; reason: string; note: string | null }>(
      t.database.db,
      sql`select p.auth_user_id as user_id, x.reason, x.note from result_exclusions x
          join promoters p on p.id = x.promoter_id where x.campaign_id = ${campaignId}`,
    );
    expect(excluded.find((row) => row.user_id === sameBank.id)).toMatchObject({ reason: "linked" });
    expect(excluded.find((row) => row.user_id === sameDevice.id)?.note).toMatch(/the same browser/);
    // The admin's users view shows the links.
    const links = await okRoute(t, adminApi.userLinks, { params: { id: decoy.id }, cookie: admin.cookie });
    expect(links.items.map((link) => link.user_id).sort()).toEqual([sameBank.id, sameDevice.id].sort());
  });
});

describe("one person, one entry", () => {
  it("flags a winner linked to the campaign's artist", async () => {
    const artist = await signUp(t, "artist");
    const artistsOther = await signUp(t, "promoter", {}, { cookie: deviceCookieOf(artist) });
    const fan = await signUp(t, "promoter");
    const campaignId = await campaignWith(
      [
        [artistsOther, 4],
        [fan, 2],
      ],
      { artist },
    );
    await endNow(campaignId);
    const [candidate] = await candidatesOf(campaignId);
    expect(candidate).toMatchObject({ user_id: artistsOther.id });
    expect(candidate?.hold_reasons).toContain("flagged");
    const [flag] = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.campaignId, campaignId));
    expect(flag).toMatchObject({ type: "linked_to_artist", status: "open" });
    const view = await okRoute(t, adminApi.approvalView, { params: { campaignId }, cookie: admin.cookie });
    expect(view.candidates[0]?.linked_accounts.map((link) => link.user_id)).toContain(artist.id);
    expect(view.candidates[0]?.open_flags.map((open) => open.type)).toEqual(["linked_to_artist"]);
    expect(view.runner_up?.handle).toBeDefined();
  });
});

describe("winner verification", () => {
  it("passes over a winner who moved to a country the campaign is not open to", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist, { prize_cents: 100_00, allowed_countries: ["US"] });
    const mover = await signUp(t, "promoter");
    const stayer = await signUp(t, "promoter");
    await clicksFor(await joinAs(t, mover, campaignId), 3);
    await clicksFor(await joinAs(t, stayer, campaignId), 1);
    // Moved after joining: their payout account is opened where they now live.
    await stateEligibility(t, mover, { country: "GB", age_confirmed: true });
    // A British account: a sort code and an eight-digit account number, without the W-9 a US resident files.
    await onboardPayouts(t, mover, { routingNumber: "108800", accountNumber: "00012345", taxForm: false });
    await endNow(campaignId);

    const candidacies = await okRoute(t, payoutsApi.candidacies, { cookie: mover.cookie });
    expect(candidacies.candidacies).toEqual([
      expect.objectContaining({ campaign_id: campaignId, approved: false, verified: false, allowed_countries: ["US"] }),
    ]);
    const verified = await verifyWin(t, mover, campaignId, { country: "GB", state: null });
    expect(verified.outcome).toBe("passed_over");
    expect(verified.message).toMatch(
      /open only to people who live in the United States, and you now live in the United Kingdom/,
    );
    expect((await candidatesOf(campaignId)).map((row) => row.user_id)).toEqual([stayer.id]);
    const after = await okRoute(t, payoutsApi.candidacies, { cookie: mover.cookie });
    expect(after.candidacies).toEqual([]);
    expect(after.passed_over).toEqual([
      expect.objectContaining({
        campaign_id: campaignId,
        reason: "not_verified",
        note: expect.stringMatching(/United Kingdom/),
      }),
    ]);
    // Nothing left to verify for them.
    const again = await callRoute(t, payoutsApi.verify, {
      params: { campaignId },
      cookie: mover.cookie,
      body: { country: "GB", state: null, age_confirmed: true, legal_name: "Test Promoter", own_account: true },
    });
    expect(again.status).toBe(404);
  });

  it("passes over a winner whose payout account is in another person's name", async () => {
    const winner = await signUp(t, "promoter");
    const runnerUp = await signUp(t, "promoter");
    await onboardPayouts(t, winner, { legalName: "Someone Else" });
    const campaignId = await campaignWith([
      [winner, 3],
      [runnerUp, 1],
    ]);
    await endNow(campaignId);
    const verified = await verifyWin(t, winner, campaignId);
    expect(verified).toEqual({
      outcome: "passed_over",
      message:
        "Your payout account is in another person's name: a prize is paid only to the winner's own account. The prize passes to the next eligible promoter.",
    });
    expect((await candidatesOf(campaignId)).map((row) => row.user_id)).toEqual([runnerUp.id]);
  });

  it("refuses a statement without its confirmations, with the fields' messages", async () => {
    const winner = await signUp(t, "promoter");
    const campaignId = await campaignWith([[winner, 1]]);
    await endNow(campaignId);
    const refused = await refusedRoute(t, payoutsApi.verify, {
      params: { campaignId },
      cookie: winner.cookie,
      body: { country: "US", state: "NY", age_confirmed: false, legal_name: " ", own_account: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.error.fields).toEqual({
      age_confirmed: "Confirm that you are at least 18 years old",
      legal_name: "Enter your legal name, as your payout account has it",
      own_account: "Confirm that the payout account is in your own name",
    });
  });
});

describe("voiding clicks after the result is final", () => {
  it("puts the prize back on hold and decides the result again", async () => {
    const cheat = await signUp(t, "promoter");
    const honest = await signUp(t, "promoter");
    await onboardPayouts(t, cheat);
    const campaignId = await campaignWith([
      [cheat, 4],
      [honest, 2],
    ]);
    await endNow(campaignId);
    const [won] = await candidatesOf(campaignId);
    await settleWin(t, admin, cheat, { campaignId, payoutId: won?.id ?? "" });
    expect((await candidatesOf(campaignId))[0]?.hold_reasons).toEqual([]);

    const cheatPromoter = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from promoters where auth_user_id = ${cheat.id}`,
    );
    const voided = await okRoute(t, adminApi.voidClicks, {
      cookie: admin.cookie,
      body: { campaign_id: campaignId, promoter_id: cheatPromoter[0]?.id, reason: "Bought after all" },
    });
    expect(voided).toMatchObject({ clicks_voided: 4, result: "redecided" });
    const [now] = await candidatesOf(campaignId);
    expect(now).toMatchObject({ user_id: honest.id, hold_reasons: ["approval", "verification"] });
    expect(
      (await refusedRoute(t, adminApi.payPayout, { params: { payoutId: won?.id ?? "" }, cookie: admin.cookie })).status,
    ).toBe(404);
    const toldHonest = await listOutbox(t.database.db, honest.email);
    expect(toldHonest.find((mail) => mail.subject.startsWith("You won"))?.text).toContain("some clicks were voided");
    await expectLedgerBalanced(t, campaignId);
  });

  it("puts an approved prize back on hold when voiding leaves the same winner, until an admin approves again", async () => {
    const winner = await signUp(t, "promoter");
    const runnerUp = await signUp(t, "promoter");
    const voidedOne = await signUp(t, "promoter");
    await onboardPayouts(t, winner);
    const campaignId = await campaignWith([
      [winner, 5],
      [runnerUp, 3],
      [voidedOne, 1],
    ]);
    await endNow(campaignId);
    const [won] = await candidatesOf(campaignId);
    await settleWin(t, admin, winner, { campaignId, payoutId: won?.id ?? "" });
    expect((await candidatesOf(campaignId))[0]?.hold_reasons).toEqual([]);

    const [voidedPromoter] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from promoters where auth_user_id = ${voidedOne.id}`,
    );
    const voided = await okRoute(t, adminApi.voidClicks, {
      cookie: admin.cookie,
      body: { campaign_id: campaignId, promoter_id: voidedPromoter?.id, reason: "A bought click" },
    });
    expect(voided).toMatchObject({ clicks_voided: 1, result: "redecided" });
    const [again] = await candidatesOf(campaignId);
    expect(again).toMatchObject({ user_id: winner.id });
    expect(again?.hold_reasons).toContain("approval");
    for (const payoutId of [won?.id ?? "", again?.id ?? ""]) {
      const paid = await callRoute(t, adminApi.payPayout, { params: { payoutId }, cookie: admin.cookie });
      expect({ payoutId, status: paid.status }).not.toMatchObject({ status: 200 });
    }
    expect((await refusedRoute(t, payoutsApi.request, { cookie: winner.cookie })).status).toBeGreaterThanOrEqual(400);
    await expectLedgerBalanced(t, campaignId);
  });
});

describe("automatic approval (RESULT_APPROVAL=auto)", () => {
  it("approves a clean candidate by itself and leaves a flagged one to an admin", async () => {
    const auto = { ...deps, resultApproval: "auto" as const };
    const clean = await signUp(t, "promoter");
    const cleanCampaign = await campaignWith([[clean, 2]]);
    const flagged = await signUp(t, "promoter");
    const flaggedCampaign = await campaignWith([[flagged, 2]]);
    await t.database.db.insert(suspiciousActivity).values({
      type: "network_concentration",
      severity: "high",
      details: "One network",
      campaignId: flaggedCampaign,
      trackingLinkId: sql`(select id from tracking_links where campaign_id = ${flaggedCampaign})`,
    });
    await endNow(cleanCampaign);
    await endNow(flaggedCampaign);
    await requestApprovals(auto);
    const [approved] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, cleanCampaign));
    expect(approved).toMatchObject({ holdReasons: ["verification"], approvedBy: null });
    expect(approved?.approvedAt).not.toBeNull();
    const [waiting] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, flaggedCampaign));
    expect(waiting?.holdReasons).toContain("approval");
  });
});

describe("the candidate's own view", () => {
  it("is theirs alone", async () => {
    expect((await callRoute(t, payoutsApi.candidacies, {})).status).toBe(401);
    const someone = await signUp(t, "promoter");
    expect(await okRoute(t, payoutsApi.candidacies, { cookie: someone.cookie })).toMatchObject({
      candidacies: [],
      passed_over: [],
    });
    const unknown = await t.request("/api/payouts/candidacies/not-a-campaign/verify", {
      method: "POST",
      cookie: someone.cookie,
      json: { country: "US", state: "NY", age_confirmed: true, legal_name: "Test Promoter", own_account: true },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toBe("Invalid campaign ID");
  });
});
