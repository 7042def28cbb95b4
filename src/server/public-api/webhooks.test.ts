import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooksApi } from "../../core/api/webhooks";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_TEST_EVENTS,
  webhookMessages,
} from "../../core/webhooks";
import { queryRows } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { listOutbox } from "../mail/outbox";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { callRoute, errorOf, okRoute, refusedRoute } from "../testing/contract-call";
import { clicks } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox";

/** A receiver on loopback, as an artist's server would be: it records what it gets and answers `status`. */
function receiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  let status = 200;
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const listening = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          received.push({ headers: request.headers, body });
          response.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "broken today");
        });
      });
      server = listening;
      listening.listen(port, "127.0.0.1", () => {
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
  return {
    received,
    listen,
    url: () => `http://127.0.0.1:${port}/hooks`,
    answer: (next: number) => {
      status = next;
    },
    down: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

/** What a receiver verifies with the standardwebhooks library: the body, if the signature holds for `secret`. */
const verified = (secret: string, message: { headers: IncomingHttpHeaders; body: string }) =>
  new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };

let t: TestApp;
const hook = receiver();
beforeAll(async () => {
  // The receiver listens on loopback: a development set-up that opts in to local receivers.
  t = await createTestApp({ env: { WEBHOOK_LOCAL_RECEIVERS: "true" } });
  await hook.listen();
});
afterAll(async () => {
  await hook?.down();
  await t?.close();
});

const deliver = () => t.app.webhookSender.deliverDue();
const addEndpoint = (artist: TestUser, events: string[]) =>
  okRoute(t, webhooksApi.create, { cookie: artist.cookie, body: { url: hook.url(), events } as never }, 201);
const logOf = (artist: TestUser, id: string) =>
  okRoute(t, webhooksApi.deliveries, { params: { id }, cookie: artist.cookie });

describe("webhooks", () => {
  it("sends a join to the artist's endpoint, signed so that standardwebhooks verifies it", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.launched", "campaign.joined"]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const campaignId = await createLiveCampaign(t, artist);
    const promoter = await signUp(t, "promoter");
    await joinAs(t, promoter, campaignId);
    const before = hook.received.length;
    expect(await deliver()).toBe(2);
    const [launched, joined] = hook.received.slice(before).map((message) => verified(endpoint.secret, message));
    expect(launched).toMatchObject({ type: "campaign.launched", data: { campaign: { id: campaignId } } });
    expect(joined).toMatchObject({
      type: "campaign.joined",
      data: { campaign: { id: campaignId }, promoter_count: 1 },
    });
    // A tampered body fails verification.
    const [message] = hook.received.slice(-1);
    expect(() => verified(endpoint.secret, { headers: message?.headers ?? {}, body: `${message?.body} ` })).toThrow();
    const log = await logOf(artist, endpoint.id);
    expect(log.deliveries.map((delivery) => [delivery.event_type, delivery.status])).toEqual([
      ["campaign.joined", "delivered"],
      ["campaign.launched", "delivered"],
    ]);
  });

  it("tells the artist each time another promoter takes the lead, once per change", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.leader_changed"]);
    const campaignId = await createLiveCampaign(t, artist);
    const first = await joinAs(t, await signUp(t, "promoter"), campaignId);
    const second = await joinAs(t, await signUp(t, "promoter"), campaignId);
    const leads = async (expected: number) => {
      await expect
        .poll(
          async () =>
            (await logOf(artist, endpoint.id)).deliveries.filter(
              (delivery) => delivery.event_type === "campaign.leader_changed",
            ).length,
          { timeout: 5_000, interval: 100 },
        )
        .toBe(expected);
    };
    await clicks(t, first, 2, "10.97.1");
    await t.app.clicksWritten();
    await leads(1);
    // More clicks for the leader: no change of hands, no event.
    await clicks(t, first, 1, "10.97.2");
    await t.app.clicksWritten();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await leads(1);
    await clicks(t, second, 4, "10.97.3");
    await t.app.clicksWritten();
    await leads(2);
    const before = hook.received.length;
    expect(await deliver()).toBe(2);
    const announced = hook.received.slice(before).map((message) => verified(endpoint.secret, message).data);
    expect(announced.map((data) => (data.leader as { clicks: number }).clicks)).toEqual([2, 4]);
  });

  it("reports to a new endpoint only the changes after it, not the lead it found at the next click", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const first = await joinAs(t, await signUp(t, "promoter"), campaignId);
    const second = await joinAs(t, await signUp(t, "promoter"), campaignId);
    await clicks(t, first, 2, "10.98.1");
    await t.app.clicksWritten();
    // The endpoint arrives after the lead was taken; the next click keeps it where it was.
    const { endpoint } = await addEndpoint(artist, ["campaign.leader_changed"]);
    await clicks(t, first, 1, "10.98.2");
    await t.app.clicksWritten();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const leaderEvents = async () =>
      (await logOf(artist, endpoint.id)).deliveries.filter(
        (delivery) => delivery.event_type === "campaign.leader_changed",
      ).length;
    expect(await leaderEvents()).toBe(0);
    // A change after it is told at once.
    await clicks(t, second, 4, "10.98.3");
    await t.app.clicksWritten();
    await expect.poll(leaderEvents, { timeout: 5_000, interval: 100 }).toBe(1);
  });

  it("never sends an event for a change that rolled back", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.joined"]);
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, artist.id, "campaign.joined", { campaign: { id: "x" } });
        throw new Error("the join failed");
      }),
    ).rejects.toThrow("the join failed");
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(queued?.n).toBe(0);
  });

  it("forgets finished deliveries after the log's retention, and never one still waiting for a retry", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.joined"]);
    const ids: Record<string, string> = {};
    for (const [name, status, retry] of [
      ["delivered", "delivered", null],
      ["givenUp", "failed", null],
      ["retrying", "failed", sql`now() + interval '1 hour'`],
      ["recent", "delivered", null],
    ] as const) {
      await t.database.db.transaction((tx) =>
        enqueueWebhookEvent(tx, artist.id, "campaign.joined", { campaign: { id: name } }),
      );
      const [row] = await queryRows<{ id: string }>(
        t.database.db,
        sql`update webhook_deliveries set status = ${status}, next_attempt_at = ${retry},
              created_at = now() - make_interval(days => ${name === "recent" ? 1 : WEBHOOK_LOG_RETENTION_DAYS + 1})
            where endpoint_id = ${endpoint.id} and payload->'data'->'campaign'->>'id' = ${name} returning id`,
      );
      ids[name] = row?.id as string;
    }
    const prune = t.app.jobs.find((job) => job.name === "prune-webhook-log");
    expect(await prune?.run()).toBe(2);
    const left = await t.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((row) => row.id).sort()).toEqual([ids.retrying, ids.recent].sort());
  });

  it("retries with backoff while the receiver fails or is down, logs each attempt, and replays a delivery once more", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.launched"]);
    hook.answer(500);
    await createLiveCampaign(t, artist);
    expect(await deliver()).toBe(0);
    let [delivery] = (await logOf(artist, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
    expect(delivery?.log).toEqual([expect.objectContaining({ response_status: 500, response_body: "broken today" })]);
    const retryIn = new Date(delivery?.next_attempt_at ?? 0).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(0);
    expect(retryIn).toBeLessThanOrEqual(5_000);
    // Not before its time.
    expect(await deliver()).toBe(0);

    await hook.down();
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await deliver()).toBe(0);
    [delivery] = (await logOf(artist, endpoint.id)).deliveries;
    // Down: no answer, and why the connection failed.
    expect(delivery?.log.at(-1)).toMatchObject({ response_status: null, error: expect.stringMatching(/\w/) });
    expect(new Date(delivery?.next_attempt_at ?? 0).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);

    await hook.listen();
    hook.answer(200);
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const before = hook.received.length;
    expect(await deliver()).toBe(1);
    [delivery] = (await logOf(artist, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
    expect(delivery?.log).toHaveLength(3);
    const firstId = hook.received[before]?.headers["webhook-id"];
    expect(firstId).toBe(delivery?.id);

    // Replay: the same event, with the same id, once more.
    await okRoute(t, webhooksApi.replay, {
      params: { id: endpoint.id, deliveryId: delivery?.id ?? "" },
      cookie: artist.cookie,
    });
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(hook.received.slice(before).map((message) => message.headers["webhook-id"])).toEqual([firstId, firstId]);
  });

  it("sends a test event, signs with both secrets for a day after a rotation, and disables an endpoint that keeps failing", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.joined"]);
    const before = hook.received.length;
    await okRoute(t, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie });
    expect(await deliver()).toBe(1);
    expect(verified(endpoint.secret, hook.received[before] ?? { headers: {}, body: "" }).type).toBe("webhook.test");

    const rotated = (await okRoute(t, webhooksApi.rotateSecret, { params: { id: endpoint.id }, cookie: artist.cookie }))
      .endpoint;
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previous_secret_until).not.toBeNull();
    await okRoute(t, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie });
    await deliver();
    const signedTwice = hook.received.at(-1) ?? { headers: {}, body: "" };
    expect(verified(rotated.secret, signedTwice).type).toBe("webhook.test");
    expect(verified(endpoint.secret, signedTwice).type).toBe("webhook.test");

    hook.answer(503);
    await t.database.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES - 1 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await okRoute(t, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie });
    await deliver();
    hook.answer(200);
    const [disabled] = (await okRoute(t, webhooksApi.list, { cookie: artist.cookie })).endpoints;
    expect(disabled?.disabled_at).not.toBeNull();
    expect(disabled?.disabled_reason).toContain("answered 503");
    const emails = await listOutbox(t.database.db, artist.email);
    expect(emails.map((mail) => mail.subject)).toContain("Your FanBoost webhook endpoint was disabled");
    // Disabled: events are no longer queued for it, until it is enabled again.
    await enqueueWebhookEvent(t.database.db, artist.id, "campaign.joined", { campaign: { id: "x" } });
    expect(
      (await logOf(artist, endpoint.id)).deliveries.filter((delivery) => delivery.event_type === "campaign.joined"),
    ).toEqual([]);
    const enabled = await okRoute(t, webhooksApi.enable, { params: { id: endpoint.id }, cookie: artist.cookie });
    expect(enabled.endpoint.disabled_at).toBeNull();
  });

  it("limits each account's test events: sixty at once queue the bucket's twenty, the rest are told when to retry", async () => {
    const artist = await signUp(t, "artist");
    const { endpoint } = await addEndpoint(artist, ["campaign.joined"]);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        callRoute(t, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie }),
      ),
    );
    expect(answers.filter((sent) => sent.status === 200)).toHaveLength(WEBHOOK_TEST_EVENTS);
    const refused = answers.filter((sent) => sent.status === 429);
    expect(refused).toHaveLength(60 - WEBHOOK_TEST_EVENTS);
    for (const each of refused) {
      expect(errorOf(each).message).toMatch(/^You sent 20 test events in a short while: the next one can go in \d+ s$/);
    }
    const [queued] = await t.database.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(queued?.n).toBe(WEBHOOK_TEST_EVENTS);
    // Another account has its own bucket.
    const other = await signUp(t, "artist");
    const { endpoint: theirs } = await addEndpoint(other, ["campaign.joined"]);
    await okRoute(t, webhooksApi.sendTest, { params: { id: theirs.id }, cookie: other.cookie });
  });

  it("is for artists, on their own endpoints, to addresses that can be reached", async () => {
    const promoter = await signUp(t, "promoter");
    const refused = await refusedRoute(t, webhooksApi.create, {
      cookie: promoter.cookie,
      body: { url: hook.url(), events: ["campaign.joined"] },
    });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(webhookMessages.artistsOnly);
    const artist = await signUp(t, "artist");
    for (const url of ["ftp://example.com/x", "not a url", "https://user:pw@example.com/x"]) {
      const bad = await refusedRoute(t, webhooksApi.create, {
        cookie: artist.cookie,
        body: { url, events: ["campaign.joined"] },
      });
      expect(bad.error.message, url).toBe(webhookMessages.urlInvalid);
    }
    const { endpoint } = await addEndpoint(artist, ["campaign.joined"]);
    const other = await signUp(t, "artist");
    expect(
      (await refusedRoute(t, webhooksApi.deliveries, { params: { id: endpoint.id }, cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (await refusedRoute(t, webhooksApi.remove, { params: { id: endpoint.id }, cookie: other.cookie })).status,
    ).toBe(404);
    await okRoute(t, webhooksApi.remove, { params: { id: endpoint.id }, cookie: artist.cookie });
    expect((await okRoute(t, webhooksApi.list, { cookie: artist.cookie })).endpoints).toEqual([]);
  });
});
