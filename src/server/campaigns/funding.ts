import { and, eq, sql } from "drizzle-orm";
import type { CampaignSummary, Funding } from "../../core/api/campaigns.js";
import { totalChargeCents } from "../../core/money.js";
import type { Database } from "../db/client.js";
import { campaigns, user } from "../db/schema.js";
import { DomainError } from "../errors.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import type { PaymentProvider, PaymentSucceeded, SandboxCard, SandboxPayments } from "../payments/provider.js";
import { PaymentDeclinedError } from "../payments/provider.js";
import { type CampaignRow, findOwnCampaign } from "./campaign-access.js";
import { campaignLiveMail, type LaunchedCampaign, type PaidCard, receiptMail } from "./campaign-mail.js";

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
/** What activating a funded campaign needs: the database and the mail queue for the artist's receipt. */
export type ActivationDeps = { db: Database; log: Logger; mailer: Mailer; publicUrl: string };

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
 * successful charge. Idempotent: a replayed event finds the campaign no longer a draft and changes nothing. The
 * artist's receipt and "live" emails are written in the same transaction.
 */
export async function activateFundedCampaign(
  deps: ActivationDeps,
  payment: PaymentSucceeded,
  card: PaidCard = null,
): Promise<boolean> {
  const { db, log } = deps;
  const launched = await db.transaction(async (tx) => {
    const [activated] = await tx
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
      .returning();
    if (!activated?.publishedAt || !activated.endsAt) return null;
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
    return campaign;
  });
  if (!launched) {
    log.warn({ payment }, "payment did not activate a campaign (already active, unknown, or amount mismatch)");
    return false;
  }
  log.info({ campaignId: payment.campaignId }, "campaign funded and live");
  return true;
}

/** Sandbox mode: charge a test card for the campaign's payment intent, then activate as the webhook would. */
export async function confirmSandboxFunding(
  deps: ActivationDeps & { sandbox: SandboxPayments },
  userId: string,
  campaignId: string | undefined,
  card: SandboxCard,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status !== "draft") return { campaign: fundingSummary(campaign), alreadyFunded: true };
  if (!campaign.paymentIntentId) throw new DomainError("conflict", "Payment system not ready");
  try {
    const intent = await deps.sandbox.confirmPayment(campaign.paymentIntentId, card);
    await activateFundedCampaign(
      deps,
      { paymentIntentId: intent.id, campaignId: campaign.id, amountCents: intent.amountCents },
      sandboxCardOf(card.number),
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new DomainError("payment_required", error.message);
    throw error;
  }
  const [updated] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  return { campaign: fundingSummary(updated ?? campaign), alreadyFunded: false };
}
