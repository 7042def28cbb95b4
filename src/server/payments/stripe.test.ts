import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns } from "../db/schema";
import { signUp } from "../testing/accounts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createStripeProvider } from "./stripe";

const keys = { secretKey: "sk_test_fanboost", publishableKey: "pk_test_fanboost", webhookSecret: "whsec_fanboost" };

/** A local stand-in for the few Stripe endpoints FanBoost uses, keeping Stripe's idempotency semantics. */
function startStripeStandIn() {
  const intents = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
  let counter = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: req.url ?? "", idempotencyKey });
      const form = new URLSearchParams(body);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (existing) return send(200, intents.get(existing));
        const id = `pi_standin_${++counter}`;
        const intent = {
          id,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          status: "requires_payment_method",
          client_secret: `${id}_secret_x`,
          metadata: { campaign_id: form.get("metadata[campaign_id]") },
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
        return send(200, intent);
      }
      const retrieve = req.url?.match(/^\/v1\/payment_intents\/([\w]+)$/);
      if (req.method === "GET" && retrieve?.[1]) {
        const intent = intents.get(retrieve[1]);
        return intent ? send(200, intent) : send(404, { error: { message: "No such payment_intent" } });
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        return send(200, { id: `re_standin_${++counter}`, object: "refund", amount: Number(form.get("amount")) });
      }
      send(404, { error: { message: "Unknown endpoint" } });
    });
  });
  return new Promise<{ server: Server; port: number; requests: typeof requests; intents: typeof intents }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as AddressInfo).port, requests, intents }),
    ),
  );
}

let t: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    payments: () => createStripeProvider(keys, { host: "127.0.0.1", port: standIn.port, protocol: "http" }),
  });
});
afterAll(async () => {
  await t.close();
  standIn.server.close();
});

function signedEvent(payload: string, secret = keys.webhookSecret) {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

describe("Stripe provider", () => {
  it("creates one payment intent per campaign and amount, with the campaign id as metadata", async () => {
    const artist = await signUp(t, "artist");
    const created = await t.request("/api/campaigns", {
      method: "POST",
      cookie: artist.cookie,
      json: {
        title: "Song",
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/1",
        prize_cents: 500_00,
        duration_days: 7,
      },
    });
    const { campaign } = await created.json();
    const first = await (
      await t.request(`/api/campaigns/${campaign.id}/funding`, { method: "POST", cookie: artist.cookie, json: {} })
    ).json();
    const second = await (
      await t.request(`/api/campaigns/${campaign.id}/funding`, { method: "POST", cookie: artist.cookie, json: {} })
    ).json();
    expect(first.payment).toMatchObject({
      provider: "stripe",
      publishableKey: keys.publishableKey,
      amountCents: 525_00,
    });
    expect(second.payment.paymentIntentId).toBe(first.payment.paymentIntentId);
    const intent = standIn.intents.get(first.payment.paymentIntentId);
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

  it("refunds through the API with an idempotency key", async () => {
    const provider = createStripeProvider(keys, { host: "127.0.0.1", port: standIn.port, protocol: "http" });
    const refund = await provider.refund({ paymentIntentId: "pi_x", amountCents: 100, idempotencyKey: "refund-1" });
    expect(refund.id).toMatch(/^re_standin_/);
    expect(standIn.requests.at(-1)).toMatchObject({ path: "/v1/refunds", idempotencyKey: "refund-1" });
  });

  it("ignores a webhook without a signature", async () => {
    const response = await t.request("/api/webhooks/stripe", { method: "POST", body: "{}", headers: { Origin: "" } });
    expect(response.status).toBe(400);
  });
});
