import { sql } from "drizzle-orm";
import { z } from "zod";
import { refundReasons } from "../../core/vocabulary.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { refunds } from "../db/schema.js";
import { refundMail } from "./payout-mail.js";
import { nowPlus, retryDelayMs, STUCK_AFTER_MS } from "./retry-policy.js";

type RefundReason = (typeof refunds.$inferInsert)["reason"];

/** Records that a campaign's money goes back to its artist; inside the transaction that decided it. Once per campaign. */
export async function recordRefund(
  tx: Database,
  input: { campaignId: string; reason: RefundReason; amountCents: number },
): Promise<string | null> {
  const [row] = await queryParsed(
    tx,
    idRow,
    sql`insert into refunds (campaign_id, reason, amount_cents)
        values (${input.campaignId}, ${input.reason}, ${input.amountCents})
        on conflict (campaign_id) do nothing returning id`,
  );
  return row?.id ?? null;
}

const idRow = z.object({ id: column.text });
const claimedRefund = z.object({
  id: column.text,
  amount_cents: column.number,
  attempts: column.number,
  reason: z.enum(refundReasons),
  payment_intent_id: column.textOrNull,
  title: column.text,
  /** None when the artist deleted their account: the money goes back to the card, with nobody left to tell. */
  artist_email: column.textOrNull,
});

/**
 * Sends one refund to the provider. It is claimed by a conditional update (pending, or failed and due) so only one
 * process sends it, and the provider call carries the refund id as idempotency key, so it is refunded at most once.
 */
export async function processRefund(
  deps: ServerContext,
  refundId: string,
): Promise<"succeeded" | "failed" | "skipped"> {
  const [claimed] = await queryParsed(
    deps.db,
    claimedRefund,
    sql`update refunds r set status = 'processing', attempts = r.attempts + 1, updated_at = now()
        from campaigns c
        where r.id = ${refundId} and c.id = r.campaign_id
          and (r.status = 'pending' or (r.status = 'failed' and r.next_attempt_at <= now()))
        returning r.id, r.amount_cents, r.attempts, r.reason, c.payment_intent_id, c.title,
          (select u.email from "user" u where u.id = c.created_by and u.deleted_at is null) as artist_email`,
  );
  if (!claimed) return "skipped";
  try {
    if (!claimed.payment_intent_id) throw new Error("The campaign has no payment to refund");
    const refund = await deps.payments.refund({
      paymentIntentId: claimed.payment_intent_id,
      amountCents: claimed.amount_cents,
      idempotencyKey: `refund-${claimed.id}`,
    });
    // Refunded, and the artist's notice in the outbox, in one transaction.
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update refunds set status = 'succeeded', provider_refund_id = ${refund.id}, refunded_at = now(),
              failure_reason = null, next_attempt_at = null, updated_at = now()
            where id = ${claimed.id} and status = 'processing'`,
      );
      if (claimed.artist_email) {
        await deps.mailer.send(
          await refundMail({
            to: claimed.artist_email,
            title: claimed.title,
            amountCents: claimed.amount_cents,
            reason: claimed.reason,
            publicUrl: deps.publicUrl,
          }),
          tx,
        );
      }
    });
    deps.log.info({ refundId: claimed.id, amountCents: claimed.amount_cents }, "refund sent");
    return "succeeded";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const delay = retryDelayMs(claimed.attempts);
    await deps.db.execute(
      sql`update refunds set status = 'failed', failure_reason = ${reason}, updated_at = now(),
            next_attempt_at = ${nowPlus(delay)}
          where id = ${claimed.id} and status = 'processing'`,
    );
    deps.log.error({ err: error, refundId: claimed.id }, "refund failed");
    return "failed";
  }
}

/** The refund job: pending refunds, failed ones whose retry is due, and ones whose process died mid-call. */
export async function processDueRefunds(deps: ServerContext): Promise<number> {
  await deps.db.execute(
    sql`update refunds set status = 'failed', failure_reason = 'Refund outcome unknown; checking again',
          next_attempt_at = now(), updated_at = now()
        where status = 'processing' and updated_at < now() - make_interval(secs => ${STUCK_AFTER_MS / 1000})`,
  );
  const due = await queryParsed(
    deps.db,
    idRow,
    sql`select id from refunds where status = 'pending' or (status = 'failed' and next_attempt_at <= now())
        order by created_at limit 100`,
  );
  let sent = 0;
  for (const { id } of due) if ((await processRefund(deps, id)) === "succeeded") sent++;
  return sent;
}
