import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { splitPrize } from "../../core/money.js";
import { type Actor, recordAdminAction } from "../admin/audit-log.js";
import { assertCampaignId } from "../campaigns/campaign-access.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { payouts } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { type PayoutDeps, sendQuietly } from "./payout-deps.js";
import { campaignEndedMail, type WinnerShare, winnerMail } from "./payout-mail.js";
import { processRefund, recordRefund } from "./refunds.js";

const lockedCampaign = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  prize_cents: column.number,
  status: column.text,
  artist_email: column.text,
});
type LockedCampaign = z.output<typeof lockedCampaign>;

const leaderRow = z.object({
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  email: column.text,
  email_verified: column.boolean,
});

type Winner = WinnerShare & { promoterId: string; email: string; emailVerified: boolean };

type FinalizedCampaign = {
  campaignId: string;
  status: "ended" | "completed";
  winners: Winner[];
  refundId: string | null;
};

/** Locks one campaign row with its artist's email; `where` picks it. */
const lockCampaign = (tx: Database, where: SQL, skipLocked: boolean) =>
  queryParsed(
    tx,
    lockedCampaign,
    sql`select c.id, c.title, c.artist_name, c.prize_cents, c.status, u.email as artist_email
        from campaigns c join "user" u on u.id = c.created_by
        where ${where}
        order by c.ends_at asc limit 1
        for update of c ${skipLocked ? sql`skip locked` : sql``}`,
  );

/**
 * Fixes the result of a campaign whose row this transaction holds locked: the tracking links with the most counted
 * clicks (above zero) win, the prize split equally with leftover cents to the earliest joined; their `pending`
 * payouts are written and the campaign is `ended`. With no winner the prize is refunded and it is `completed`.
 * Click batches lock the campaign row before counting, so no click counts after this commits.
 */
async function finalizeLocked(tx: Database, campaign: LockedCampaign): Promise<FinalizedCampaign> {
  const leaders = await queryParsed(
    tx,
    leaderRow,
    sql`select tl.promoter_id, p.handle, tl.total_clicks as clicks, u.email, u.email_verified
        from tracking_links tl
        join promoters p on p.id = tl.promoter_id
        join "user" u on u.id = p.auth_user_id
        where tl.campaign_id = ${campaign.id} and tl.total_clicks > 0
          and tl.total_clicks = (select max(total_clicks) from tracking_links where campaign_id = ${campaign.id})
        order by tl.created_at asc, tl.id asc`,
  );
  if (leaders.length === 0) {
    await tx.execute(sql`update campaigns set status = 'completed', updated_at = now() where id = ${campaign.id}`);
    const refundId = await recordRefund(tx, {
      campaignId: campaign.id,
      reason: "no_winner",
      amountCents: campaign.prize_cents,
    });
    return { campaignId: campaign.id, status: "completed", winners: [], refundId };
  }
  const parts = splitPrize(campaign.prize_cents, leaders.length);
  const winners = leaders.map(
    (leader, index): Winner => ({
      promoterId: leader.promoter_id,
      handle: leader.handle,
      clicks: leader.clicks,
      email: leader.email,
      emailVerified: leader.email_verified,
      amountCents: parts[index] as number,
    }),
  );
  await tx
    .insert(payouts)
    .values(
      winners.map((winner) => ({
        campaignId: campaign.id,
        promoterId: winner.promoterId,
        amountCents: winner.amountCents,
      })),
    )
    .onConflictDoNothing();
  await tx.execute(sql`update campaigns set status = 'ended', updated_at = now() where id = ${campaign.id}`);
  return { campaignId: campaign.id, status: "ended", winners, refundId: null };
}

/** After the result is committed: tell the winners and the artist, and send a no-winner refund. */
async function announce(deps: PayoutDeps, campaign: LockedCampaign, result: FinalizedCampaign) {
  for (const winner of result.winners) {
    await sendQuietly(
      deps,
      winnerMail({
        to: winner.email,
        title: campaign.title,
        artistName: campaign.artist_name,
        share: winner,
        winnerCount: result.winners.length,
        publicUrl: deps.publicUrl,
        emailVerified: winner.emailVerified,
      }),
    );
  }
  await sendQuietly(
    deps,
    campaignEndedMail({
      to: campaign.artist_email,
      title: campaign.title,
      winners: result.winners,
      prizeCents: campaign.prize_cents,
      publicUrl: deps.publicUrl,
    }),
  );
  if (result.refundId) await processRefund(deps, result.refundId);
}

/**
 * The scheduler's job: finalizes every live or paused campaign whose timer has passed, one transaction each.
 * `skip locked` lets several instances run it at once: each campaign is finalized by exactly one of them.
 */
export async function finalizeEndedCampaigns(deps: PayoutDeps): Promise<FinalizedCampaign[]> {
  const finalized: FinalizedCampaign[] = [];
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [campaign] = await lockCampaign(tx, sql`c.status in ('active', 'paused') and c.ends_at <= now()`, true);
      return campaign ? { campaign, result: await finalizeLocked(tx, campaign) } : null;
    });
    if (!done) return finalized;
    deps.log.info({ campaignId: done.campaign.id, winners: done.result.winners.length }, "campaign finalized");
    finalized.push(done.result);
    await announce(deps, done.campaign, done.result);
  }
}

/** Admin End Campaign: the timer is set to now and the campaign is finalized by the same function as the scheduler's. */
export async function endCampaignNow(
  deps: PayoutDeps,
  campaignId: string | undefined,
  actor: Actor,
): Promise<FinalizedCampaign> {
  const id = assertCampaignId(campaignId);
  const done = await deps.db.transaction(async (tx) => {
    const [campaign] = await lockCampaign(tx, sql`c.id = ${id}`, false);
    if (!campaign) throw new DomainError("not_found", "Campaign not found");
    if (campaign.status !== "active" && campaign.status !== "paused") {
      throw new DomainError("conflict", "Only a live or paused campaign can be ended");
    }
    await tx.execute(sql`update campaigns set ends_at = now() where id = ${id}`);
    const result = await finalizeLocked(tx, campaign);
    const outcome =
      result.winners.length === 0
        ? "no winner, prize refunded"
        : `${result.winners.map((winner) => `@${winner.handle}`).join(", ")} won`;
    await recordAdminAction(tx, actor, {
      action: "end",
      subjectType: "campaign",
      subjectId: id,
      summary: `Ended "${campaign.title}": ${outcome}`,
    });
    return { campaign, result };
  });
  deps.log.info({ campaignId: id, winners: done.result.winners.length }, "campaign ended by an admin");
  await announce(deps, done.campaign, done.result);
  return done.result;
}
