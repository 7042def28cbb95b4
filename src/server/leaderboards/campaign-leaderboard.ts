import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CampaignResultView, LeaderboardEntry } from "../../core/api/leaderboards.js";
import { campaignStatus, exclusionReasons, rankOf } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

const boardRow = z.object({
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  joined_at: column.timestamp,
});

/**
 * A campaign's promoters by counted clicks, ranked by the rank rule (equal clicks share a rank, no rank without a
 * counted click); among equals the earliest joined is listed first, the order that also breaks leftover cents in a
 * prize split.
 */
export async function campaignLeaderboard(db: Database, campaignId: string, limit = 100): Promise<LeaderboardEntry[]> {
  // The top of the board straight from the (campaign, clicks desc, joined) index; one extra row tells whether the
  // last shown promoter is tied with someone below the cut.
  const rows = await queryParsed(
    db,
    boardRow,
    sql`select tl.promoter_id, p.handle, tl.total_clicks as clicks, tl.created_at as joined_at
        from tracking_links tl join promoters p on p.id = tl.promoter_id
        where tl.campaign_id = ${campaignId}
        order by tl.total_clicks desc, tl.created_at asc
        limit ${limit + 1}`,
  );
  const clicks = rows.map((row) => row.clicks);
  return rows.slice(0, limit).map((row, index) => {
    const value = clicks[index] as number;
    const rank = rankOf(value, clicks.indexOf(value));
    return {
      rank,
      promoter_id: row.promoter_id,
      handle: row.handle,
      clicks: value,
      joined_at: row.joined_at.toISOString(),
      tied: rank !== null && (clicks[index - 1] === value || clicks[index + 1] === value),
    };
  });
}

const resultCampaign = z.object({
  status: column.text,
  review_until: column.timestampOrNull,
  under_review: column.boolean,
  verifying: column.boolean,
});

/** The result of an ended campaign (null while it runs): its winners, who was not eligible, and whether it is final. */
export async function campaignResult(db: Database, campaignId: string): Promise<CampaignResultView | null> {
  const [campaign] = await queryParsed(
    db,
    resultCampaign,
    sql`select status, review_until, coalesce(review_until > now(), false) as under_review,
          exists (select 1 from payouts po where po.campaign_id = campaigns.id
            and po.hold_reasons && array['approval', 'verification']::text[]) as verifying
        from campaigns where id = ${campaignId}`,
  );
  if (!campaign || (campaign.status !== campaignStatus.ended && campaign.status !== campaignStatus.completed))
    return null;
  const winners = await queryParsed(
    db,
    z.object({ promoter_id: column.text, handle: column.text, amount_cents: column.number }),
    sql`select po.promoter_id, p.handle, po.amount_cents
        from payouts po join promoters p on p.id = po.promoter_id
        join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
        where po.campaign_id = ${campaignId}
        order by tl.created_at, tl.id`,
  );
  const notEligible = await queryParsed(
    db,
    z.object({ promoter_id: column.text, reason: z.enum(exclusionReasons) }),
    sql`select promoter_id, reason from result_exclusions where campaign_id = ${campaignId}`,
  );
  return {
    state: campaign.under_review ? "provisional" : campaign.verifying ? "verifying" : "final",
    review_until: campaign.under_review ? (campaign.review_until?.toISOString() ?? null) : null,
    winners,
    not_eligible: notEligible,
  };
}
