import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents } from "../../core/money.js";
import { campaignStatus, refundReason } from "../../core/vocabulary.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";
import { optedOut, sendUnlessOptedOut, unsubscribeUrl } from "../mail/email-preferences.js";
import type { PaymentProvider } from "../payments/provider.js";
import { processRefund, recordRefund } from "../payouts/refunds.js";
import { findOwnCampaign } from "./campaign-access.js";
import { campaignCancelledMail } from "./campaign-mail.js";
import { removeLockedDraft, withSettledDrafts } from "./draft-removal.js";

const lockedCampaign = z.object({
  title: column.text,
  artist_name: column.text,
  status: column.text,
  prize_cents: column.number,
  platform_fee_cents: column.number,
  payment_intent_id: column.textOrNull,
});

const lockCampaign = (tx: Database, id: string, owner?: string) =>
  queryParsed(
    tx,
    lockedCampaign,
    sql`select title, artist_name, status, prize_cents, platform_fee_cents, payment_intent_id from campaigns
        where id = ${id} ${owner === undefined ? sql`` : sql`and created_by = ${owner}`} for update`,
  );

/**
 * Admin Delete (PRODUCT.md): a draft is removed (one already charged is cancelled and refunded instead); a funded
 * campaign still running is cancelled: hidden, its prize and fee refunded through the provider, its records kept, its
 * promoters told. An ended campaign keeps its result and payouts.
 */
export async function deleteCampaign(deps: ServerContext, campaignId: string | undefined, actor: Actor) {
  const id = assertCampaignId(campaignId);
  const outcome = await withSettledDrafts(
    deps.payments,
    async () => {
      const [draft] = await deps.db
        .select({ paymentIntentId: campaigns.paymentIntentId })
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.status, campaignStatus.draft)));
      return [draft?.paymentIntentId ?? null];
    },
    (settled) =>
      deps.db.transaction(async (tx) => {
        const [campaign] = await lockCampaign(tx, id);
        if (!campaign) throw new DomainError("not_found", "Campaign not found");
        if (campaign.status === campaignStatus.draft) {
          const { refundId } = await removeLockedDraft(tx, { id, ...campaign }, settled, "refund");
          await recordAdminAction(tx, actor, {
            action: "delete",
            subjectType: "campaign",
            subjectId: id,
            summary: refundId
              ? `Cancelled the paid draft "${campaign.title}" and refunded its charge to its artist`
              : `Deleted the draft "${campaign.title}"`,
          });
          return { result: refundId ? campaignStatus.cancelled : ("removed" as const), refundId };
        }
        if (campaign.status !== campaignStatus.active && campaign.status !== campaignStatus.paused) {
          throw new DomainError("conflict", "An ended campaign cannot be deleted: its result and payouts are kept");
        }
        await tx.execute(
          sql`update campaigns set status = 'cancelled', is_public = false, updated_at = now() where id = ${id}`,
        );
        const refundCents = campaign.prize_cents + campaign.platform_fee_cents;
        const refundId = await recordRefund(tx, {
          campaignId: id,
          reason: refundReason.cancelled,
          amountCents: refundCents,
        });
        await tellPromotersOfCancellation(deps, tx, id, campaign);
        await recordAdminAction(tx, actor, {
          action: "delete",
          subjectType: "campaign",
          subjectId: id,
          summary: `Cancelled "${campaign.title}" and refunded ${formatCents(refundCents)} to its artist`,
        });
        return { result: campaignStatus.cancelled, refundId };
      }),
  );
  deps.log.info({ campaignId: id, result: outcome.result }, "campaign deleted by an admin");
  if (outcome.refundId) await processRefund(deps, outcome.refundId);
  return { result: outcome.result };
}

/**
 * Each promoter of a cancelled campaign hears of it in the cancellation's transaction: in the bell always, by email
 * unless they turned results emails off.
 */
async function tellPromotersOfCancellation(
  deps: ServerContext,
  tx: Database,
  campaignId: string,
  campaign: { title: string; artist_name: string },
) {
  const promoters = await queryParsed(
    tx,
    z.object({ user_id: column.text, email: column.text, handle: column.text }),
    sql`select u.id as user_id, u.email, p.handle
        from tracking_links tl
        join promoters p on p.id = tl.promoter_id
        join "user" u on u.id = p.auth_user_id
        where tl.campaign_id = ${campaignId} and u.email not like 'deleted-%@deleted.invalid'`,
  );
  const unsubscribed = await optedOut(
    tx,
    promoters.map((promoter) => promoter.user_id),
    "results",
  );
  for (const promoter of promoters) {
    await sendUnlessOptedOut(
      deps.mailer,
      tx,
      await campaignCancelledMail({
        to: promoter.email,
        title: campaign.title,
        artistName: campaign.artist_name,
        handle: promoter.handle,
        publicUrl: deps.publicUrl,
        unsubscribe: unsubscribeUrl(deps.publicUrl, deps.authSecret, promoter.user_id, "results"),
      }),
      !unsubscribed.has(promoter.user_id),
    );
  }
}

const onlyDrafts = "Only an unpaid draft can be deleted. To cancel a live campaign, contact support.";

/**
 * The artist's Delete of their own unpaid draft. Its payment is cancelled at the provider first; a draft whose
 * payment the provider has taken or is taking is kept (it goes live by itself), as is anything but a draft.
 */
export async function deleteOwnDraft(
  deps: { db: Database; payments: PaymentProvider },
  userId: string,
  campaignId: string | undefined,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status !== campaignStatus.draft) throw new DomainError("conflict", onlyDrafts);
  await withSettledDrafts(
    deps.payments,
    async () => {
      const [draft] = await deps.db
        .select({ paymentIntentId: campaigns.paymentIntentId })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id));
      return [draft?.paymentIntentId ?? null];
    },
    (settled) =>
      deps.db.transaction(async (tx) => {
        const [draft] = await lockCampaign(tx, campaign.id, userId);
        if (draft?.status !== campaignStatus.draft) throw new DomainError("conflict", onlyDrafts);
        await removeLockedDraft(tx, { id: campaign.id, ...draft }, settled, "refuse");
      }),
  );
}
