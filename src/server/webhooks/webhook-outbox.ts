import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WebhookEventType } from "../../core/webhooks.js";
import type { Database } from "../db/client.js";

/** A Standard Webhooks message id: the same on every attempt and replay, so receivers can drop repeats. */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The body every endpoint receives: the event's type, when it happened, and its data. */
export const webhookPayload = (type: string, data: Record<string, unknown>) => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/**
 * Inside the transaction of the change: one delivery per enabled endpoint of `ownerId` subscribed to `type`, none
 * while the owner is banned. The change and its webhooks commit together, so a change that rolls back sends nothing
 * (the webhook outbox, ADR 037).
 */
export async function enqueueWebhookEvent(
  tx: Database,
  ownerId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const payload = JSON.stringify(webhookPayload(type, data));
  await tx.execute(
    sql`insert into webhook_deliveries (id, endpoint_id, event_type, payload)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, ${type}, ${payload}::jsonb
        from webhook_endpoints e join "user" u on u.id = e.user_id
        where e.user_id = ${ownerId} and e.disabled_at is null and u.banned_at is null and ${type} = any (e.events)`,
  );
}
