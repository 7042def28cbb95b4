import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { campaignStatus } from "../../core/vocabulary.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { ServerContext } from "../context/server-context.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox.js";
import { announceResult, type CampaignResult, decideResult } from "./campaign-results.js";

const lockedCampaign = z.object({
  id: column.text,
  title: column.text,
  prize_cents: column.number,
  status: column.text,
});
type LockedCampaign = z.output<typeof lockedCampaign>;

type FinalizedCampaign = CampaignResult & {
  campaignId: string;
  status: typeof campaignStatus.ended | typeof campaignStatus.completed;
};

/** Locks one campaign row; `where` picks it. */
const lockCampaign = (tx: Database, where: SQL, skipLocked: boolean) =>
  queryParsed(
    tx,
    lockedCampaign,
    sql`select c.id, c.title, c.prize_cents, c.status from campaigns c
        where ${where}
        order by c.ends_at asc limit 1
        for update of c ${skipLocked ? sql`skip locked` : sql``}`,
  );

/**
 * Fixes the result of a campaign whose row this transaction holds locked (campaign-results.ts) and opens its review
 * window: the one its official rules froze at launch, or `reviewHours` for a campaign without them. Click batches lock
 * the campaign row before counting, so no click counts after this commits.
 */
async function finalizeLocked(tx: Database, campaign: LockedCampaign, reviewHours: number): Promise<FinalizedCampaign> {
  await tx.execute(
    sql`update campaigns set review_until = now() + make_interval(secs => 3600 * coalesce(
          (select (r.settings->>'reviewHours')::float8 from campaign_rules r where r.campaign_id = ${campaign.id}),
          ${reviewHours}::float8))
        where id = ${campaign.id}`,
  );
  const result = await decideResult(tx, campaign);
  const [owner] = await queryParsed(
    tx,
    z.object({ created_by: column.text, review_until: column.timestampOrNull }),
    sql`select created_by, review_until from campaigns where id = ${campaign.id}`,
  );
  if (owner) {
    await enqueueWebhookEvent(tx, owner.created_by, "campaign.ended", {
      campaign: { id: campaign.id, title: campaign.title },
      review_until: owner.review_until?.toISOString() ?? null,
      provisional_winners: result.winners.map((winner) => ({
        handle: winner.handle,
        clicks: winner.clicks,
        amount_cents: winner.amountCents,
      })),
    });
  }
  return {
    ...result,
    campaignId: campaign.id,
    status: result.winners.length === 0 ? campaignStatus.completed : campaignStatus.ended,
  };
}

/**
 * The scheduler's job: finalizes every live or paused campaign whose timer has passed, one transaction each, and
 * announces the results that are final at once (no review window, or no winner).
 * `skip locked` lets several instances run it at once: each campaign is finalized by exactly one of them.
 */
export async function finalizeEndedCampaigns(deps: ServerContext): Promise<FinalizedCampaign[]> {
  const finalized: FinalizedCampaign[] = [];
  for (;;) {
    const result = await deps.db.transaction(async (tx) => {
      const [campaign] = await lockCampaign(tx, sql`c.status in ('active', 'paused') and c.ends_at <= now()`, true);
      return campaign ? finalizeLocked(tx, campaign, deps.reviewHours) : null;
    });
    if (!result) return finalized;
    deps.log.info({ campaignId: result.campaignId, winners: result.winners.length }, "campaign finalized");
    finalized.push(result);
    await announceResult(deps, result.campaignId);
  }
}

/** Admin End Campaign: the timer is set to now and the campaign is finalized by the same function as the scheduler's. */
export async function endCampaignNow(
  deps: ServerContext,
  campaignId: string | undefined,
  actor: Actor,
): Promise<FinalizedCampaign> {
  const id = assertCampaignId(campaignId);
  const result = await deps.db.transaction(async (tx) => {
    const [campaign] = await lockCampaign(tx, sql`c.id = ${id}`, false);
    if (!campaign) throw new DomainError("not_found", "Campaign not found");
    if (campaign.status !== campaignStatus.active && campaign.status !== campaignStatus.paused) {
      throw new DomainError("conflict", "Only a live or paused campaign can be ended");
    }
    await tx.execute(sql`update campaigns set ends_at = now() where id = ${id}`);
    const finalized = await finalizeLocked(tx, campaign, deps.reviewHours);
    const outcome =
      finalized.winners.length === 0
        ? "no winner, prize refunded"
        : `${finalized.winners.map((winner) => `@${winner.handle}`).join(", ")} won`;
    await recordAdminAction(tx, actor, {
      action: "end",
      subjectType: "campaign",
      subjectId: id,
      summary: `Ended "${campaign.title}": ${outcome}`,
    });
    return finalized;
  });
  deps.log.info({ campaignId: id, winners: result.winners.length }, "campaign ended by an admin");
  await announceResult(deps, id);
  return result;
}
