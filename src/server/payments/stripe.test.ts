import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsApi } from "../../core/api/campaigns";
import { payoutsApi } from "../../core/api/payouts";
import { campaigns, refunds } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { okRoute } from "../testing/contract-call";
import { startStripeStandIn } from "../testing/stripe-stand-in";
import { createTestApp, type TestApp } from "../testing/test-app";
import { TransferDeclinedError } from "./provider";
import { createStripeProvider } from "./stripe";

const keys = { secretKey: "sk_test_fanboost", publishableKey: "pk_test_fanboost", webhookSecret: "whsec_fanboost" };

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    payments: () => createStripeProvider(keys, standIn.endpoint),
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** Starts (or resumes) the campaign's funding as its page does; answers the payment to confirm. */
async function paymentFor(artist: TestUser, campaignId: string) {
  const funding = await okRoute(t, campaignsApi.startFunding, { params: { id: campaignId }, cookie: artist.cookie });
  if (funding.alreadyFunded) throw new Error("A draft was answered as already funded");
  return funding.payment;
}

function signedEvent(payload: string, secret = keys.webhookSecret) {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

describe("Stripe provider", () => {
  it("creates one payment intent per campaign and amount, with the campaign id as metadata", async () => {
    const artist = await signUp(t, "artist");
    const { campaign } = await okRoute(t, campaignsApi.create, {
      cookie: artist.cookie,
      body: {
        title: "Song",
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/1",
        prize_cents: 500_00,
        duration_days: 7,
      },
    });
    const first = await paymentFor(artist, campaign.id);
    const second = await paymentFor(artist, campaign.id);
    expect(first).toMatchObject({
      provider: "stripe",
      publishableKey: keys.publishableKey,
      amountCents: 525_00,
    });
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const intent = standIn.objects.get(first.paymentIntentId);
    expect(intent).toMatchObject({ amount: 525_00, currency: "usd", metadata: { campaign_id: campaign.id } });
    const creates = standIn.requests.filter((request) => request.path === "/v1/payment_intents");
    expect(creates.every((request) => request.idempotencyKey === `fund-campaign-${campaign.id}-52500`)).toBe(true);
    await expect(
      t.request(`/api/campaigns/${campaign.id}/sandbox-payment`, { method: "POST", cookie: artist.cookie, json: {} }),
    ).resolves.toHaveProperty("status", 404);

    const event = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...intent, status: "succeeded", amount_received: 525_00 } },
    });

    const forged = await t.request("/api/webhooks/stripe", {
      method: "POST",
      body: event,
      headers: { "stripe-signature": signedEvent(event, "whsec_wrong"), Origin: "" },
    });
    expect(forged.status).toBe(400);
    const [stillDraft] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(stillDraft?.status).toBe("draft");

    const delivered = await t.request("/api/webhooks/stripe", {
      method: "POST",
      body: event,
      headers: { "stripe-signature": signedEvent(event), Origin: "" },
    });
    expect(delivered.status).toBe(200);
    const [live] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(live?.status).toBe("active");

    const replay = await t.request("/api/webhooks/stripe", {
      method: "POST",
      body: event,
      headers: { "stripe-signature": signedEvent(event), Origin: "" },
    });
    expect(replay.status).toBe(200);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after?.publishedAt?.getTime()).toBe(live?.publishedAt?.getTime());
    expect(after?.endsAt?.getTime()).toBe(live?.endsAt?.getTime());
  });

  describe("a draft removed while Stripe takes its payment", () => {
    async function draftPaidAtStripe() {
      const artist = await signUp(t, "artist");
      const { campaign } = await okRoute(t, campaignsApi.create, {
        cookie: artist.cookie,
        body: {
          title: "Song",
          artist_name: "Band",
          song_link: "https://open.spotify.com/track/1",
          prize_cents: 100_00,
        },
      });
      const payment = await paymentFor(artist, campaign.id);
      return { artist, campaignId: campaign.id, intentId: payment.paymentIntentId };
    }
    const deliver = (intent: Record<string, unknown>) => {
      const event = JSON.stringify({
        id: `evt_${intent.id}`,
        object: "event",
        type: "payment_intent.succeeded",
        data: { object: { ...intent, status: "succeeded", amount_received: intent.amount } },
      });
      return t.request("/api/webhooks/stripe", {
        method: "POST",
        body: event,
        headers: { "stripe-signature": signedEvent(event), Origin: "" },
      });
    };
    const refundsOf = (campaignId: string) =>
      t.database.db.select().from(refunds).where(eq(refunds.campaignId, campaignId));

    it("cancels an unpaid intent before the draft goes, so a late confirmation cannot take money", async () => {
      const { artist, campaignId, intentId } = await draftPaidAtStripe();
      const removed = await t.request(`/api/artist/campaigns/${campaignId}`, {
        method: "DELETE",
        cookie: artist.cookie,
      });
      expect(removed.status).toBe(200);
      expect(standIn.objects.get(intentId)?.status).toBe("canceled");
    });

    it("keeps a charged draft of a deleted account as cancelled and refunds it once, webhook or not", async () => {
      const { artist, campaignId, intentId } = await draftPaidAtStripe();
      const intent = standIn.objects.get(intentId) as Record<string, unknown>;
      intent.status = "succeeded";
      const deleted = await t.request("/api/account/delete", {
        method: "POST",
        cookie: artist.cookie,
        json: { password: artist.password },
      });
      expect(deleted.status).toBe(200);
      const [kept] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      expect(kept?.status).toBe("cancelled");
      expect(await deliver(intent)).toHaveProperty("status", 200);
      const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      expect(after?.status).toBe("cancelled");
      expect(await refundsOf(campaignId)).toEqual([
        expect.objectContaining({ reason: "cancelled", amountCents: 105_00, status: "succeeded" }),
      ]);
    });

    it("refunds a payment whose webhook finds its campaign cancelled", async () => {
      const { campaignId, intentId } = await draftPaidAtStripe();
      await t.database.db.update(campaigns).set({ status: "cancelled" }).where(eq(campaigns.id, campaignId));
      const intent = standIn.objects.get(intentId) as Record<string, unknown>;
      expect(await deliver(intent)).toHaveProperty("status", 200);
      expect(await deliver(intent)).toHaveProperty("status", 200);
      expect(await refundsOf(campaignId)).toEqual([
        expect.objectContaining({ reason: "cancelled", amountCents: 105_00, status: "succeeded" }),
      ]);
    });
  });

  it("refunds through the API with an idempotency key", async () => {
    const provider = createStripeProvider(keys, standIn.endpoint);
    const refund = await provider.refund({ paymentIntentId: "pi_x", amountCents: 100, idempotencyKey: "refund-1" });
    expect(refund.id).toMatch(/^re_standin_/);
    expect(standIn.requests.at(-1)).toMatchObject({ path: "/v1/refunds", idempotencyKey: "refund-1" });
  });

  it("ignores a webhook without a signature", async () => {
    const response = await t.request("/api/webhooks/stripe", { method: "POST", body: "{}", headers: { Origin: "" } });
    expect(response.status).toBe(400);
  });

  it("creates one Express account per user, onboarding links back to the app, and reads its status", async () => {
    const promoter = await signUp(t, "promoter");
    const status = () => okRoute(t, payoutsApi.account, { cookie: promoter.cookie });
    expect(await status()).toEqual({
      hasAccount: false,
      details_submitted: false,
      payouts_enabled: false,
      tax_info_on_file: false,
    });
    const created = await okRoute(t, payoutsApi.createAccount, { cookie: promoter.cookie });
    const again = await okRoute(t, payoutsApi.createAccount, { cookie: promoter.cookie });
    expect(again.accountId).toBe(created.accountId);
    const accountCreates = standIn.requests.filter((request) => request.path === "/v1/accounts");
    expect(accountCreates).toHaveLength(1);
    expect(accountCreates[0]?.form.get("type")).toBe("express");
    expect(accountCreates[0]?.form.get("email")).toBe(promoter.email);
    // Opened in the country the promoter stated they live in.
    expect(accountCreates[0]?.form.get("country")).toBe("US");
    expect(accountCreates[0]?.form.get("capabilities[transfers][requested]")).toBe("true");

    const link = await okRoute(t, payoutsApi.accountLink, { cookie: promoter.cookie });
    expect(link.url).toBe(`https://connect.stripe.test/setup/${created.accountId}`);
    const linkRequest = standIn.requests.find((request) => request.path === "/v1/account_links");
    expect(linkRequest?.form.get("return_url")).toBe("http://localhost:3000/earnings?payout_setup=return");
    expect(linkRequest?.form.get("refresh_url")).toBe("http://localhost:3000/stripe/connect-error");
    expect(linkRequest?.form.get("type")).toBe("account_onboarding");
    expect(linkRequest?.form.get("collection_options[fields]")).toBe("eventually_due");

    expect(await status()).toEqual({
      hasAccount: true,
      details_submitted: false,
      payouts_enabled: false,
      tax_info_on_file: false,
    });
    standIn.completeOnboarding(created.accountId);
    // Stripe asks for the taxpayer identification as a requirement; with none due, the tax information is on file.
    expect(await status()).toEqual({
      hasAccount: true,
      details_submitted: true,
      payouts_enabled: true,
      tax_info_on_file: true,
    });
  });

  it("transfers once per idempotency key, and reports a refused transfer as declined", async () => {
    const provider = createStripeProvider(keys, standIn.endpoint);
    const input = {
      amountCents: 100_00,
      destinationAccountId: "acct_standin_dest",
      description: "FanBoost prize",
      idempotencyKey: "payout-abc",
      metadata: { payout_id: "abc" },
    };
    const first = await provider.createTransfer(input);
    const second = await provider.createTransfer(input);
    expect(second.id).toBe(first.id);
    const transfer = standIn.objects.get(first.id);
    expect(transfer).toMatchObject({ amount: 100_00, destination: "acct_standin_dest", currency: "usd" });
    standIn.refusedDestinations.add("acct_standin_refused");
    await expect(
      provider.createTransfer({ ...input, destinationAccountId: "acct_standin_refused", idempotencyKey: "payout-def" }),
    ).rejects.toBeInstanceOf(TransferDeclinedError);
  });
});
