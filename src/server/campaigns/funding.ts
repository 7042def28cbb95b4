import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CampaignSummary, Funding } from "../../core/api/campaigns.js";
import { totalChargeCents } from "../../core/money.js";
import { campaignStatus, refundReason } from "../../core/vocabulary.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaigns, user } from "../db/schema.js";
import { DomainError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { PaymentProvider, PaymentSucceeded, SandboxCard, SandboxPayments } from "../payments/provider.js";
import { PaymentCanceledError, PaymentDeclinedError } from "../payments/provider.js";
import { processRefund, recordRefund } from "../payouts/refunds.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox.js";
import { type CampaignRow, findOwnCampaign } from "./campaign-access.js";
import { campaignLiveMail, type LaunchedCampaign, type PaidCard, receiptMail } from "./campaign-mail.js";
import { freezeOfficialRules } from "./official-rules.js";

/** A test card's brand and last four digits, as a provider would report them. */
function sandboxCardOf(number: string): PaidCard {
  const digits = number.replace(/\D/g, "");
  const brand = digits.startsWith("4")
    ? "Visa"
    : /^5[1-5]/.test(digits)
      ? "Mastercard"
      : digits.startsWith("3")
        ? "American Express"
        : "Card";
  return { brand, last4: digits.slice(-4) };
}

export type FundingDeps = { db: Database; payments: PaymentProvider; log: Logger };
/**
 * What activating a funded campaign needs: the database, the mail queue for the artist's receipt, and the provider
 * to refund a payment that arrived for a cancelled campaign.
 */
export type ActivationDeps = ServerContext;

export function fundingSummary(campaign: CampaignRow): CampaignSummary {
  return {
    id: campaign.id,
    title: campaign.title,
    artist_name: campaign.artistName,
    genre: campaign.genre,
    status: campaign.status,
    duration_days: campaign.durationDays,
    prize_cents: campaign.prizeCents,
    platform_fee_cents: campaign.platformFeeCents,
    total_cents: campaign.prizeCents + campaign.platformFeeCents,
    published_at: campaign.publishedAt?.toISOString() ?? null,
    ends_at: campaign.endsAt?.toISOString() ?? null,
  };
}

/**
 * Prepares payment of a draft: a payment intent for prize + fee, created once per campaign and amount
 * (idempotency key; a new one only after the last was cancelled), remembered on the campaign while it is still a
 * draft. A campaign already paid is reported as such; an intent for a draft deleted meanwhile is cancelled.
 */
export async function startFunding(
  deps: FundingDeps,
  userId: string,
  campaignId: string | undefined,
): Promise<Funding> {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  const summary = fundingSummary(campaign);
  if (campaign.status !== campaignStatus.draft) return { campaign: summary, alreadyFunded: true };
  const amountCents = totalChargeCents(campaign.prizeCents);
  const previous = campaign.paymentIntentId
    ? await deps.payments.retrievePaymentIntent(campaign.paymentIntentId)
    : null;
  const intent = await deps.payments.createPaymentIntent({
    campaignId: campaign.id,
    amountCents,
    description: `FanBoost campaign: ${campaign.title} by ${campaign.artistName}`,
    idempotencyKey:
      previous?.status === "canceled"
        ? `fund-campaign-${campaign.id}-${amountCents}-after-${previous.id}`
        : `fund-campaign-${campaign.id}-${amountCents}`,
  });
  const remembered = await deps.db
    .update(campaigns)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaignStatus.draft)))
    .returning({ id: campaigns.id });
  if (remembered.length === 0) {
    // Deleted or paid meanwhile: this intent must never take money.
    await deps.payments.cancelPaymentIntent(intent.id);
    const current = await findOwnCampaign(deps.db, userId, campaign.id);
    return { campaign: fundingSummary(current), alreadyFunded: true };
  }
  return {
    campaign: summary,
    alreadyFunded: false,
    payment: {
      provider: deps.payments.kind,
      publishableKey: deps.payments.publishableKey ?? null,
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amountCents,
    },
  };
}

const chargedCampaign = z.object({ status: column.text, payment_intent_id: column.textOrNull });

/**
 * What a succeeded payment did: made its draft live; found it live already (a replayed event); or found it cancelled
 * (deleted while being paid, or an admin's cancel), and refunded it in the same transaction. `unknown`: no campaign
 * of ours had that payment.
 */
export type Activation =
  | { kind: "activated" | "already_live" | "unknown" }
  | { kind: "refunded"; refundId: string | null };

/**
 * The one place a campaign goes live: called by the verified Stripe webhook and by the sandbox after a successful
 * charge. Idempotent: a replayed event finds the campaign no longer a draft and changes nothing. The artist's receipt
 * and "live" emails are written in the same transaction. A charge never ends in nothing: a campaign that was
 * cancelled while it was being paid gets its refund recorded here, in the transaction that found it so.
 */
export async function activateFundedCampaign(
  deps: ActivationDeps,
  payment: PaymentSucceeded,
  card: PaidCard = null,
): Promise<Activation> {
  const { db, log } = deps;
  const activation = await db.transaction(async (tx): Promise<Activation> => {
    const [activated] = await tx
      .update(campaigns)
      .set({
        status: campaignStatus.active,
        paymentIntentId: payment.paymentIntentId,
        publishedAt: sql`now()`,
        endsAt: sql`now() + make_interval(days => ${campaigns.durationDays})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(campaigns.id, payment.campaignId),
          eq(campaigns.status, campaignStatus.draft),
          sql`${campaigns.prizeCents} + ${campaigns.platformFeeCents} = ${payment.amountCents}`,
        ),
      )
      .returning();
    if (!activated?.publishedAt || !activated.endsAt) {
      const [found] = await queryParsed(
        tx,
        chargedCampaign,
        sql`select status, payment_intent_id from campaigns where id = ${payment.campaignId} for update`,
      );
      if (found?.status === campaignStatus.cancelled) {
        const refundId = await recordRefund(tx, {
          campaignId: payment.campaignId,
          reason: refundReason.cancelled,
          amountCents: payment.amountCents,
        });
        return { kind: "refunded", refundId };
      }
      if (found && found.status !== campaignStatus.draft && found.payment_intent_id === payment.paymentIntentId) {
        return { kind: "already_live" };
      }
      return { kind: "unknown" };
    }
    // The official rules are fixed as the campaign goes live, from its settings and this server's.
    await freezeOfficialRules(tx, activated.id, deps);
    await enqueueWebhookEvent(tx, activated.createdBy, "campaign.launched", {
      campaign: {
        id: activated.id,
        title: activated.title,
        prize_cents: activated.prizeCents,
        published_at: activated.publishedAt.toISOString(),
        ends_at: activated.endsAt.toISOString(),
        url: `${deps.publicUrl}/campaigns/${activated.id}`,
      },
    });
    const [artist] = await tx.select({ email: user.email }).from(user).where(eq(user.id, activated.createdBy));
    const campaign: LaunchedCampaign = {
      id: activated.id,
      title: activated.title,
      artistEmail: artist?.email ?? "",
      prizeCents: activated.prizeCents,
      feeCents: activated.platformFeeCents,
      publishedAt: activated.publishedAt,
      endsAt: activated.endsAt,
    };
    if (campaign.artistEmail) {
      await deps.mailer.send(await receiptMail(campaign, card, deps.publicUrl), tx);
      await deps.mailer.send(await campaignLiveMail(campaign, deps.publicUrl), tx);
    }
    return { kind: "activated" };
  });
  if (activation.kind === "activated") log.info({ campaignId: payment.campaignId }, "campaign funded and live");
  else if (activation.kind === "refunded") {
    log.warn({ payment }, "payment arrived for a cancelled campaign: refunded");
    if (activation.refundId) await processRefund(deps, activation.refundId);
  } else if (activation.kind === "unknown") {
    log.error({ payment }, "payment matches no draft of ours (unknown campaign or amount mismatch)");
  }
  return activation;
}

export const fundingMessages = {
  cancelled: "This campaign was deleted while it was being paid for: your payment is being refunded.",
  deletedBeforeCharge: "This campaign was deleted: your card was not charged.",
} as const;

/**
 * Sandbox mode: charge a test card for the campaign's payment intent, then activate as the webhook would. Of many
 * payments at once, the one that made the campaign live answers as such; the others find it already funded.
 */
export async function confirmSandboxFunding(
  deps: ActivationDeps & { sandbox: SandboxPayments },
  userId: string,
  campaignId: string | undefined,
  card: SandboxCard,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status !== campaignStatus.draft) return { campaign: fundingSummary(campaign), alreadyFunded: true };
  if (!campaign.paymentIntentId) throw new DomainError("conflict", "Payment system not ready");
  let activation: Activation;
  try {
    const intent = await deps.sandbox.confirmPayment(campaign.paymentIntentId, card);
    activation = await activateFundedCampaign(
      deps,
      { paymentIntentId: intent.id, campaignId: campaign.id, amountCents: intent.amountCents },
      sandboxCardOf(card.number),
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new DomainError("payment_required", error.message);
    if (error instanceof PaymentCanceledError) throw new DomainError("conflict", fundingMessages.deletedBeforeCharge);
    throw error;
  }
  if (activation.kind === "refunded") throw new DomainError("conflict", fundingMessages.cancelled);
  if (activation.kind === "unknown") throw new Error(`a sandbox payment of ${campaign.id} activated nothing`);
  const [updated] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  return { campaign: fundingSummary(updated ?? campaign), alreadyFunded: activation.kind === "already_live" };
}
