import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { adminApi } from "../../core/api/admin.js";
import { payoutsApi } from "../../core/api/payouts.js";
import type { WinnerVerificationInput } from "../../core/eligibility-rules.js";
import { campaignStatus, clickVerdict } from "../../core/vocabulary.js";
import type { ServerContext } from "../context/server-context.js";
import { queryRows } from "../db/client.js";
import { admins, payouts } from "../db/schema.js";
import { createLogger } from "../logger.js";
import { createMailQueue } from "../mail/outbox.js";
import type { PaymentProvider } from "../payments/provider.js";
import { createSandboxProvider } from "../payments/sandbox.js";
import { signUp, type TestUser, testResidence } from "./accounts.js";
import { createLiveCampaign, joinAs } from "./campaigns.js";
import { clickAs } from "./clicks.js";
import { okRoute } from "./contract-call.js";
import { TEST_ORIGIN, type TestApp, type TestClient } from "./test-app.js";

/** A counted click on a tracking link from `ip`. */
export async function clickFrom(t: TestClient, shortCode: string, ip: string) {
  const response = await clickAs(t, `/t/${shortCode}`, { ip });
  expect(response.status).toBe(200);
  return response.headers.get("X-Click-Verdict");
}

/** `count` counted clicks from fresh addresses under `prefix` (for example "10.1.1"). */
export async function clicks(t: TestClient, shortCode: string, count: number, prefix: string) {
  for (let index = 1; index <= count; index++)
    expect(await clickFrom(t, shortCode, `${prefix}.${index}`)).toBe(clickVerdict.counted);
}

export async function makeAdmin(t: TestClient, user: TestUser) {
  await t.database.db.insert(admins).values({ authUserId: user.id }).onConflictDoNothing();
}

/**
 * The user's payout account, through the sandbox's hosted form: bank details (a bank account of its own unless
 * `accountNumber` names one another user has too; `routingNumber`, the bank code of an account in another country than
 * the US) and, unless `taxForm: false`, the tax form (the test residence is in the US: a W-9).
 */
export async function onboardPayouts(
  t: TestClient,
  user: TestUser,
  options: { taxForm?: boolean; accountNumber?: string; legalName?: string; routingNumber?: string } = {},
) {
  expect((await t.request("/api/payouts/account", { method: "POST", cookie: user.cookie, json: {} })).status).toBe(200);
  const { url } = await okRoute(t, payoutsApi.accountLink, { cookie: user.cookie });
  const submitted = await t.request(new URL(url).pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      legal_name: options.legalName ?? testLegalName,
      birth_date: "1990-04-01",
      routing_number: options.routingNumber ?? "110000000",
      account_number: options.accountNumber ?? String(randomInt(10 ** 11, 10 ** 12)),
      ...(options.taxForm === false ? {} : { tax_id: "123-45-6789", tax_certified: "yes" }),
      action: "submit",
    }).toString(),
  });
  expect(submitted.status).toBe(303);
  // The earnings page checks the account's status when the popup closes, as the provider then reports it.
  await okRoute(t, payoutsApi.account, { cookie: user.cookie });
}

/**
 * `winner` wins a new campaign alone (one counted click from `network`.x) with a prize of `prizeCents`, ended now by
 * `admin`: the campaign and its payout.
 */
export async function winAlone(t: TestApp, admin: TestUser, winner: TestUser, prizeCents: number, network: string) {
  const campaignId = await createLiveCampaign(t, await signUp(t, "artist"), { prize_cents: prizeCents });
  await clicks(t, await joinAs(t, winner, campaignId), 1, network);
  expect((await adminPost(t, admin, `/api/admin/campaigns/${campaignId}/end`)).status).toBe(200);
  const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.campaignId, campaignId));
  return { campaignId, payoutId: payout?.id ?? "" };
}

/** The legal name the sandbox onboarding of `onboardPayouts` gives every test payout account. */
export const testLegalName = "Test Promoter";

/** The winner confirms on their Earnings page that they still qualify (their payout account must be ready). */
export async function verifyWin(
  t: TestClient,
  winner: TestUser,
  campaignId: string,
  statement: Partial<WinnerVerificationInput> = {},
) {
  return okRoute(t, payoutsApi.verify, {
    cookie: winner.cookie,
    params: { campaignId },
    body: { ...testResidence, legal_name: testLegalName, own_account: true, ...statement },
  });
}

/** An admin approves the result for the winner of `payoutId`. */
export async function approveWin(t: TestClient, admin: TestUser, payoutId: string) {
  return okRoute(t, adminApi.approvePayout, { cookie: admin.cookie, params: { payoutId } });
}

/** What people decide before a prize is paid: the winner verifies and an admin approves. */
export async function settleWin(
  t: TestClient,
  admin: TestUser,
  winner: TestUser,
  win: { campaignId: string; payoutId: string },
) {
  expect((await verifyWin(t, winner, win.campaignId)).outcome).toBe("verified");
  await approveWin(t, admin, win.payoutId);
}

export async function adminPost(t: TestClient, admin: TestUser, path: string) {
  return t.request(path, { method: "POST", cookie: admin.cookie, json: {} });
}

/**
 * The money of a campaign adds up to the cent: what the artist was charged = the fee kept + every payout + every
 * refund; and the provider's own records agree (transfers = paid payouts, refunds = refunds sent).
 */
export async function expectLedgerBalanced(t: TestClient, campaignId: string) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.database.db,
    sql`select c.status, c.prize_cents, c.platform_fee_cents,
          (select coalesce(sum(amount_cents), 0) from sandbox_payments s
            where s.kind = 'payment_intent' and s.campaign_id = c.id and s.status = 'succeeded') as charged,
          (select coalesce(sum(amount_cents), 0) from payouts p where p.campaign_id = c.id) as payouts,
          (select coalesce(sum(amount_cents), 0) from payouts p where p.campaign_id = c.id and p.status = 'paid') as paid,
          (select coalesce(sum(amount_cents), 0) from refunds r where r.campaign_id = c.id) as refunds,
          (select coalesce(sum(amount_cents), 0) from refunds r where r.campaign_id = c.id and r.status = 'succeeded') as refunded,
          (select coalesce(sum(amount_cents), 0) from sandbox_payments s where s.kind = 'transfer' and s.campaign_id = c.id) as transferred,
          (select coalesce(sum(amount_cents), 0) from sandbox_payments s
            where s.kind = 'refund' and s.payment_intent_id = c.payment_intent_id) as provider_refunds
        from campaigns c where c.id = ${campaignId}`,
  );
  if (!row) throw new Error(`no campaign ${campaignId}`);
  const n = (key: string) => Number(row[key]);
  const feeKept = row.status === campaignStatus.cancelled ? 0 : n("platform_fee_cents");
  expect(n("charged")).toBe(n("prize_cents") + n("platform_fee_cents"));
  expect(n("charged")).toBe(feeKept + n("payouts") + n("refunds"));
  expect(n("transferred")).toBe(n("paid"));
  expect(n("provider_refunds")).toBe(n("refunded"));
  return { paid: n("paid"), refunded: n("refunded"), payouts: n("payouts") };
}

/**
 * The services the money functions take, on a test app's database: the sandbox provider (or `payments`), the dev mail
 * queue, a silent log, no review window.
 */
export function testContext(t: Pick<TestApp, "database" | "config">, payments?: PaymentProvider): ServerContext {
  return {
    db: t.database.db,
    payments: payments ?? createSandboxProvider(t.database.db, TEST_ORIGIN),
    mailer: createMailQueue(t.database.db, "outbox"),
    log: createLogger("silent"),
    publicUrl: TEST_ORIGIN,
    reviewHours: 0,
    resultApproval: t.config.resultApproval,
    networkClickLimit: t.config.networks.clickLimit,
    payoutCountries: t.config.payoutCountries,
    prizeReportingThresholdCents: t.config.prizeReportingThresholdCents,
    authSecret: t.config.authSecret,
  };
}
