import { sql } from "drizzle-orm";
import { refundReason } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../errors.js";
import type { PaymentProvider } from "../payments/provider.js";
import { recordRefund } from "../payouts/refunds.js";

/**
 * A draft's payment once the provider was asked to cancel it: `canceled` can never be taken any more (nor `none`, a
 * draft that never started paying), `charged` was taken before the cancel, `processing` is being taken right now.
 */
export type DraftPayment = "none" | "canceled" | "charged" | "processing";

export const draftRemovalMessages = {
  paymentProcessing: "This campaign's payment is being processed: it will go live shortly.",
} as const;

/** The draft's payment changed after it was settled (a new payment was started): settle it again. */
class StaleDraftPayment extends Error {}

async function settle(payments: PaymentProvider, paymentIntentId: string): Promise<DraftPayment> {
  const intent = await payments.cancelPaymentIntent(paymentIntentId);
  if (intent.status === "canceled") return "canceled";
  return intent.status === "succeeded" ? "charged" : "processing";
}

/**
 * Removing drafts without losing money (PRODUCT.md: a charge ends in a live campaign or a refund). Their payments are
 * cancelled at the provider first, outside any transaction (a network call; the sandbox keeps its records in this
 * database): a cancelled payment can never be taken afterwards. Then `remove` runs in the caller's transaction with
 * the drafts' rows locked and removes each with `removeLockedDraft`, which sees whether its payment is the one
 * settled; a payment started in between makes the whole attempt start again.
 */
export async function withSettledDrafts<T>(
  payments: PaymentProvider,
  paymentIntentsOf: () => Promise<Array<string | null>>,
  remove: (settled: ReadonlyMap<string, DraftPayment>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const settled = new Map<string, DraftPayment>();
    for (const id of await paymentIntentsOf()) if (id) settled.set(id, await settle(payments, id));
    try {
      return await remove(settled);
    } catch (error) {
      if (!(error instanceof StaleDraftPayment) || attempt === 3) throw error;
    }
  }
}

export type LockedDraft = {
  id: string;
  payment_intent_id: string | null;
  prize_cents: number;
  platform_fee_cents: number;
};

/**
 * Inside a transaction that holds the draft's row: deletes it when its payment was cancelled (or never started). A
 * draft whose card was already charged is never deleted: with `charged: "refund"` it is kept as a cancelled, hidden
 * campaign and its charge refunded (the refund is recorded here; the caller sends it after commit); with `"refuse"`
 * the removal is refused, as it goes live by itself. A payment being processed refuses the removal.
 */
export async function removeLockedDraft(
  tx: Database,
  draft: LockedDraft,
  settled: ReadonlyMap<string, DraftPayment>,
  charged: "refund" | "refuse",
): Promise<{ refundId: string | null }> {
  const payment = draft.payment_intent_id ? settled.get(draft.payment_intent_id) : "none";
  if (payment === undefined) throw new StaleDraftPayment();
  if (payment === "processing" || (payment === "charged" && charged === "refuse")) {
    throw new DomainError("conflict", draftRemovalMessages.paymentProcessing);
  }
  if (payment === "charged") {
    await tx.execute(
      sql`update campaigns set status = 'cancelled', is_public = false, updated_at = now() where id = ${draft.id}`,
    );
    const refundId = await recordRefund(tx, {
      campaignId: draft.id,
      reason: refundReason.cancelled,
      amountCents: draft.prize_cents + draft.platform_fee_cents,
    });
    return { refundId };
  }
  await tx.execute(sql`delete from campaigns where id = ${draft.id}`);
  return { refundId: null };
}
