import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatCents } from "../../core/money.js";
import { type Actor, recordAdminAction } from "../admin/audit-log.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import type { PayoutDeps } from "../payouts/payout-deps.js";
import { processRefund, recordRefund } from "../payouts/refunds.js";
import { assertCampaignId } from "./campaign-access.js";

/**
 * Admin Delete (PRODUCT.md): a draft is removed; a funded campaign still running is cancelled instead: hidden, its
 * prize and fee refunded through the provider, its records kept. An ended campaign keeps its result and payouts.
 */
export async function deleteCampaign(deps: PayoutDeps, campaignId: string | undefined, actor: Actor) {
  const id = assertCampaignId(campaignId);
  const outcome = await deps.db.transaction(async (tx) => {
    const [campaign] = await queryParsed(
      tx,
      z.object({
        title: column.text,
        status: column.text,
        prize_cents: column.number,
        platform_fee_cents: column.number,
      }),
      sql`select title, status, prize_cents, platform_fee_cents from campaigns where id = ${id} for update`,
    );
    if (!campaign) throw new DomainError("not_found", "Campaign not found");
    if (campaign.status === "draft") {
      await tx.execute(sql`delete from campaigns where id = ${id}`);
      await recordAdminAction(tx, actor, {
        action: "delete",
        subjectType: "campaign",
        subjectId: id,
        summary: `Deleted the draft "${campaign.title}"`,
      });
      return { result: "removed" as const, refundId: null };
    }
    if (campaign.status !== "active" && campaign.status !== "paused") {
      throw new DomainError("conflict", "An ended campaign cannot be deleted: its result and payouts are kept");
    }
    await tx.execute(
      sql`update campaigns set status = 'cancelled', is_public = false, updated_at = now() where id = ${id}`,
    );
    const refundCents = campaign.prize_cents + campaign.platform_fee_cents;
    const refundId = await recordRefund(tx, { campaignId: id, reason: "cancelled", amountCents: refundCents });
    await recordAdminAction(tx, actor, {
      action: "delete",
      subjectType: "campaign",
      subjectId: id,
      summary: `Cancelled "${campaign.title}" and refunded ${formatCents(refundCents)} to its artist`,
    });
    return { result: "cancelled" as const, refundId };
  });
  deps.log.info({ campaignId: id, result: outcome.result }, "campaign deleted by an admin");
  if (outcome.refundId) await processRefund(deps, outcome.refundId);
  return { result: outcome.result };
}
