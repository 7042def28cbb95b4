import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { RATE_LIMITED_CODE } from "../../core/api/contract.js";
import type { WebhookDeliveryView, WebhookEndpointView } from "../../core/api/webhooks.js";
import { webhookEndpointStatus } from "../../core/vocabulary.js";
import {
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_EVENTS,
  WEBHOOK_TEST_REFILL_S,
  type WebhookEventType,
  webhookMessages,
} from "../../core/webhooks.js";
import { isBanned } from "../accounts/bans.js";
import type { Database } from "../db/client.js";
import { user, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { consumeTokenBucket } from "../http/request-limit.js";
import type { Outbound } from "../net/outbound-request.js";
import { markLeadersAnnounced } from "../webhooks/leader-watch.js";
import { assertReachableEndpoint } from "../webhooks/webhook-address.js";
import { newMessageId, webhookPayload } from "../webhooks/webhook-outbox.js";

/** How long a rotated-out secret keeps signing beside the new one, so receivers can switch without missing events. */
const PREVIOUS_SECRET_HOURS = 24;
const LOG_LENGTH = 50;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The endpoint as its owner sees it; `ownerBanned`: the ban suspends it, whatever else its state. */
const view = (row: EndpointRow, ownerBanned = false): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  secret: row.secret,
  previous_secret_until:
    row.previousSecretUntil && row.previousSecretUntil.getTime() > Date.now()
      ? row.previousSecretUntil.toISOString()
      : null,
  status: ownerBanned
    ? webhookEndpointStatus.suspended
    : row.disabledAt
      ? webhookEndpointStatus.disabled
      : webhookEndpointStatus.active,
  disabled_at: row.disabledAt?.toISOString() ?? null,
  disabled_reason: row.disabledReason,
  created_at: row.createdAt.toISOString(),
});

async function assertArtist(db: Database, userId: string) {
  const [row] = await db.select({ userType: user.user_type }).from(user).where(eq(user.id, userId));
  if (row?.userType !== "artist") throw new DomainError("forbidden", webhookMessages.artistsOnly);
}

/** The user's endpoint, or "not found" (another user's included). */
async function ownEndpoint(db: Database, userId: string, endpointId: string | undefined): Promise<EndpointRow> {
  const id = endpointId && /^[0-9a-f-]{36}$/i.test(endpointId) ? endpointId : null;
  const [row] = id
    ? await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    : [];
  if (!row) throw new DomainError("not_found", webhookMessages.notFound);
  return row;
}

export async function listWebhookEndpoints(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
  const banned = await isBanned(db, userId);
  return { endpoints: rows.map((row) => view(row, banned)) };
}

/** A new endpoint, if a request could be sent to its address now (its host resolved, every address public). */
export async function createWebhookEndpoint(
  deps: { db: Database; outbound: Outbound },
  userId: string,
  input: { url: string; events: WebhookEventType[] },
) {
  const { db } = deps;
  await assertArtist(db, userId);
  const [held] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) throw new DomainError("conflict", webhookMessages.tooMany);
  await assertReachableEndpoint(deps.outbound, input.url);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url: input.url, events: [...new Set(input.events)], secret: newSecret() })
      .returning();
    if (created?.events.includes("campaign.leader_changed")) await markLeadersAnnounced(tx, userId);
    return created;
  });
  if (!row) throw new Error("webhook endpoint insert returned nothing");
  return { endpoint: view(row) };
}

export async function removeWebhookEndpoint(db: Database, userId: string, endpointId: string | undefined) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  return { ok: true as const };
}

/** A new secret; the old one keeps signing beside it for a day (Standard Webhooks allows several signatures). */
export async function rotateWebhookSecret(db: Database, userId: string, endpointId: string | undefined) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: endpoint.secret,
      previousSecretUntil: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`,
      secret: newSecret(),
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (!row) throw new DomainError("not_found", webhookMessages.notFound);
  return { endpoint: view(row) };
}

/** Sends to a disabled endpoint again; the deliveries it missed stay in its log to replay. */
export async function enableWebhookEndpoint(db: Database, userId: string, endpointId: string | undefined) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const row = await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null, consecutiveFailures: 0 })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (enabled?.events.includes("campaign.leader_changed")) await markLeadersAnnounced(tx, userId);
    return enabled;
  });
  if (!row) throw new DomainError("not_found", webhookMessages.notFound);
  return { endpoint: view(row) };
}

/**
 * "Send test event": a `webhook.test` delivery to this endpoint only, through the outbox like any event; refused at
 * once when its address could not be sent to now (the sender checks again when it sends). Each account has a bucket
 * of WEBHOOK_TEST_EVENTS, refilled one every WEBHOOK_TEST_REFILL_S, so test events cannot turn the sender on a host.
 */
export async function sendTestWebhook(
  deps: { db: Database; outbound: Outbound },
  userId: string,
  endpointId: string | undefined,
) {
  const { db } = deps;
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const limit = await consumeTokenBucket(db, `webhook-test:${userId}`, {
    capacity: WEBHOOK_TEST_EVENTS,
    intervalMs: WEBHOOK_TEST_REFILL_S * 1000,
  });
  if (!limit.allowed) throw new DomainError(RATE_LIMITED_CODE, webhookMessages.testsLimited(limit.retryAfterSeconds));
  await assertReachableEndpoint(deps.outbound, endpoint.url);
  const id = newMessageId();
  await db.insert(webhookDeliveries).values({
    id,
    endpointId: endpoint.id,
    eventType: WEBHOOK_TEST_EVENT,
    payload: webhookPayload(WEBHOOK_TEST_EVENT, { endpoint_id: endpoint.id, message: "A test event from FanBoost" }),
  });
  return { delivery_id: id };
}

/** The endpoint's newest deliveries, each with its attempts: the delivery log. */
export async function listWebhookDeliveries(db: Database, userId: string, endpointId: string | undefined) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(LOG_LENGTH);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  const result: WebhookDeliveryView[] = deliveries.map((delivery) => ({
    id: delivery.id,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === "delivered" ? null : (delivery.nextAttemptAt?.toISOString() ?? null),
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    payload: delivery.payload,
    log: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempted_at: attempt.attemptedAt.toISOString(),
        response_status: attempt.responseStatus,
        response_body: attempt.responseBody,
        duration_ms: attempt.durationMs,
        error: attempt.error,
      })),
  }));
  return { deliveries: result };
}

/** Delivers one logged event once more, with its id, whatever happened to it before. */
export async function replayWebhookDelivery(
  db: Database,
  userId: string,
  endpointId: string | undefined,
  deliveryId: string | undefined,
) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const [replayed] = await db
    .update(webhookDeliveries)
    .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId ?? ""),
        eq(webhookDeliveries.endpointId, endpoint.id),
        sql`${webhookDeliveries.status} <> 'sending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!replayed) throw new DomainError("not_found", webhookMessages.deliveryNotFound);
  return { ok: true as const };
}
