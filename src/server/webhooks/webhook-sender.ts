import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_LOGGED_CHARACTERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_S,
  webhookMessages,
} from "../../core/webhooks.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";
import type { Outbound } from "../net/outbound-request.js";
import { redact } from "../redact.js";
import { refusalMessage } from "./webhook-address.js";

/** A delivery claimed this long ago whose sender never finished (a crash) is claimed again. */
const STALE_CLAIM = sql`interval '2 minutes'`;
const BATCH = 20;

const claimedRow = z.object({
  id: column.text,
  endpoint_id: column.text,
  url: column.text,
  secret: column.text,
  previous_secret: column.textOrNull,
  payload: z.unknown(),
  attempts: column.number,
  owner_email: column.text,
});
type Claimed = z.output<typeof claimedRow>;

/** The Standard Webhooks headers of one attempt: signed with the secret, and with a rotated-out one still valid. */
export function signedHeaders(delivery: { id: string; secret: string; previousSecret: string | null }, body: string) {
  const at = new Date();
  const signatures = [delivery.secret, delivery.previousSecret]
    .filter((secret): secret is string => Boolean(secret))
    .map((secret) => new Webhook(secret).sign(delivery.id, at, body));
  return {
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

type AttemptOutcome = { ok: boolean; status: number | null; body: string | null; error: string | null; ms: number };

/**
 * Sends the webhook outbox: claims due deliveries of enabled endpoints of owners not banned (a ban suspends them, an
 * unban resumes them, with what waited) under `skip locked` row locks (one sender per
 * delivery, however many instances), posts each signed through the outbound rule (net/outbound-request.ts: public
 * addresses only, checked at each attempt, no redirects, the answer's head only), and records the attempt. A failure
 * is retried on the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) and given up after that; an
 * endpoint that fails WEBHOOK_DISABLE_AFTER_FAILURES attempts in a row is disabled and its owner emailed, in the same
 * transaction.
 */
export function createWebhookSender(deps: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  outbound: Outbound;
}) {
  const { db, log } = deps;

  const attempt = async (delivery: Claimed): Promise<AttemptOutcome> => {
    const body = JSON.stringify(delivery.payload);
    const answer = await deps.outbound.post(delivery.url, {
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "FanBoost-Webhooks/1",
        ...signedHeaders({ id: delivery.id, secret: delivery.secret, previousSecret: delivery.previous_secret }, body),
      },
      body,
    });
    if (answer.outcome === "refused") {
      return { ok: false, status: null, body: null, error: refusalMessage(answer.refusal), ms: answer.ms };
    }
    if (answer.outcome === "failed") {
      return { ok: false, status: null, body: null, error: redact(answer.error).slice(0, 500), ms: answer.ms };
    }
    const { status } = answer;
    return {
      ok: status >= 200 && status < 300,
      status,
      body: answer.head.slice(0, WEBHOOK_LOGGED_CHARACTERS),
      error: status >= 300 && status < 400 ? webhookMessages.redirected(status) : null,
      ms: answer.ms,
    };
  };

  const record = async (delivery: Claimed, outcome: AttemptOutcome) => {
    const retryIn = WEBHOOK_RETRY_DELAYS_S[delivery.attempts - 1];
    const failure = outcome.error ?? `answered ${outcome.status}`;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into webhook_attempts (delivery_id, response_status, response_body, duration_ms, error)
            values (${delivery.id}, ${outcome.status}, ${outcome.body}, ${outcome.ms}, ${outcome.ok ? null : failure})`,
      );
      if (outcome.ok) {
        await tx.execute(
          sql`update webhook_deliveries set status = 'delivered', delivered_at = now(), next_attempt_at = null
              where id = ${delivery.id}`,
        );
        await tx.execute(sql`update webhook_endpoints set consecutive_failures = 0 where id = ${delivery.endpoint_id}`);
        return;
      }
      const nextAt =
        delivery.attempts >= WEBHOOK_MAX_ATTEMPTS || retryIn === undefined
          ? null
          : new Date(Date.now() + retryIn * 1000);
      await tx.execute(
        sql`update webhook_deliveries set status = 'failed', next_attempt_at = ${nextAt} where id = ${delivery.id}`,
      );
      const [disabled] = await queryParsed(
        tx,
        z.object({ url: column.textOrNull }),
        sql`update webhook_endpoints set consecutive_failures = consecutive_failures + 1,
              disabled_at = case when consecutive_failures + 1 >= ${WEBHOOK_DISABLE_AFTER_FAILURES} then now() end,
              disabled_reason = case when consecutive_failures + 1 >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
                then ${`${WEBHOOK_DISABLE_AFTER_FAILURES} failed deliveries in a row; the last: ${failure}`} end
            where id = ${delivery.endpoint_id} and disabled_at is null
            returning case when disabled_at is not null then url end as url`,
      );
      if (disabled?.url) {
        await deps.mailer.send(
          await composeEmail({
            to: delivery.owner_email,
            inApp: true,
            subject: "Your FanBoost webhook endpoint was disabled",
            preview: `${disabled.url} failed ${WEBHOOK_DISABLE_AFTER_FAILURES} times in a row.`,
            heading: "Webhook endpoint disabled",
            paragraphs: [
              `We stopped sending events to ${disabled.url}: its last ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries failed (the last: ${failure}).`,
              "Fix the endpoint, then enable it again in Settings → Webhooks; you can replay the deliveries it missed from its log.",
            ],
            action: { label: "Open your webhooks", url: `${deps.publicUrl}/settings#webhooks` },
            footer: "You received this email because you set up a webhook endpoint on FanBoost.",
          }),
          tx,
        );
      }
    });
    if (!outcome.ok)
      log.warn({ deliveryId: delivery.id, attempts: delivery.attempts, failure }, "webhook not delivered");
  };

  /** Claims and sends the deliveries due now; how many were delivered. */
  const deliverDue = async (): Promise<number> => {
    const claimed = await queryParsed(
      db,
      claimedRow,
      sql`with due as (
            select d.id from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id
            join "user" owner on owner.id = e.user_id
            where e.disabled_at is null and owner.banned_at is null
              and ((d.status in ('queued', 'failed') and d.next_attempt_at <= now())
                   or (d.status = 'sending' and d.claimed_at < now() - ${STALE_CLAIM}))
            order by d.next_attempt_at nulls last, d.created_at
            limit ${BATCH}
            for update of d skip locked
          )
          update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_at = now()
          from due, webhook_endpoints e, "user" u
          where d.id = due.id and e.id = d.endpoint_id and u.id = e.user_id
          returning d.id, d.endpoint_id, e.url, e.secret,
            case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
            d.payload, d.attempts, u.email as owner_email`,
    );
    let delivered = 0;
    for (const delivery of claimed) {
      const outcome = await attempt(delivery);
      await record(delivery, outcome);
      if (outcome.ok) delivered++;
    }
    return delivered;
  };

  return { deliverDue };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
