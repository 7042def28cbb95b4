import { and, eq, sql } from "drizzle-orm";
import type { CampaignSummary, Funding } from "../../core/api/campaigns.js";
import { totalChargeCents } from "../../core/money.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { PaymentProvider, PaymentSucceeded, SandboxCard, SandboxPayments } from "../payments/provider.js";
import { PaymentDeclinedError } from "../payments/provider.js";
import { type CampaignRow, findOwnCampaign } from "./campaign-access.js";

export type FundingDeps = { db: Database; payments: PaymentProvider; log: Logger };

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
 * (idempotency key), remembered on the campaign. A campaign already paid is reported as such.
 */
export async function startFunding(
  deps: FundingDeps,
  userId: string,
  campaignId: string | undefined,
): Promise<Funding> {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  const summary = fundingSummary(campaign);
  if (campaign.status !== "draft") return { campaign: summary, alreadyFunded: true };
  const amountCents = totalChargeCents(campaign.prizeCents);
  const intent = await deps.payments.createPaymentIntent({
    campaignId: campaign.id,
    amountCents,
    description: `FanBoost campaign: ${campaign.title} by ${campaign.artistName}`,
    idempotencyKey: `fund-campaign-${campaign.id}-${amountCents}`,
  });
  await deps.db.update(campaigns).set({ paymentIntentId: intent.id }).where(eq(campaigns.id, campaign.id));
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

/**
 * The one place a campaign goes live: called by the verified Stripe webhook and by the sandbox after a
 * successful charge. Idempotent: a replayed event finds the campaign no longer a draft and changes nothing.
 */
export async function activateFundedCampaign(db: Database, log: Logger, payment: PaymentSucceeded): Promise<boolean> {
  const activated = await db
    .update(campaigns)
    .set({
      status: "active",
      paymentIntentId: payment.paymentIntentId,
      publishedAt: sql`now()`,
      endsAt: sql`now() + make_interval(days => ${campaigns.durationDays})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(campaigns.id, payment.campaignId),
        eq(campaigns.status, "draft"),
        sql`${campaigns.prizeCents} + ${campaigns.platformFeeCents} = ${payment.amountCents}`,
      ),
    )
    .returning({ id: campaigns.id });
  if (activated.length === 0) {
    log.warn({ payment }, "payment did not activate a campaign (already active, unknown, or amount mismatch)");
    return false;
  }
  log.info({ campaignId: payment.campaignId }, "campaign funded and live");
  return true;
}

/** Sandbox mode: charge a test card for the campaign's payment intent, then activate as the webhook would. */
export async function confirmSandboxFunding(
  deps: { db: Database; sandbox: SandboxPayments; log: Logger },
  userId: string,
  campaignId: string | undefined,
  card: SandboxCard,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status !== "draft") return { campaign: fundingSummary(campaign), alreadyFunded: true };
  if (!campaign.paymentIntentId) throw new DomainError("conflict", "Payment system not ready");
  try {
    const intent = await deps.sandbox.confirmPayment(campaign.paymentIntentId, card);
    await activateFundedCampaign(deps.db, deps.log, {
      paymentIntentId: intent.id,
      campaignId: campaign.id,
      amountCents: intent.amountCents,
    });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new DomainError("payment_required", error.message);
    throw error;
  }
  const [updated] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  return { campaign: fundingSummary(updated ?? campaign), alreadyFunded: false };
}
