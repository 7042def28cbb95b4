import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BoardCampaign, CampaignResultView, LeaderboardEntry } from "../../core/api/leaderboards.js";
import { campaignStatus, campaignStatuses, exclusionReasons, rankOf } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";

const boardRow = z.object({
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  joined_at: column.timestamp,
  passed_over: column.boolean,
});

/**
 * A campaign's promoters by counted clicks, ranked by the rank rule (equal clicks share a rank, no rank without a
 * counted click, none for a promoter the result passed over); among equals the earliest joined is listed first, the
 * order that also breaks leftover cents in a prize split.
 */
export async function campaignLeaderboard(db: Database, campaignId: string, limit = 100): Promise<LeaderboardEntry[]> {
  // The top of the board straight from the (campaign, clicks desc, joined) index; one extra row tells whether the
  // last shown promoter is tied with someone below the cut.
  const rows = await queryParsed(
    db,
    boardRow,
    sql`select tl.promoter_id, p.handle, tl.total_clicks as clicks, tl.created_at as joined_at,
          exists (select 1 from result_exclusions x
            where x.campaign_id = tl.campaign_id and x.promoter_id = tl.promoter_id) as passed_over
        from tracking_links tl join promoters p on p.id = tl.promoter_id
        where tl.campaign_id = ${campaignId}
        order by tl.total_clicks desc, tl.created_at asc
        limit ${limit + 1}`,
  );
  // Ranks count the eligible only: a passed-over promoter keeps their place in the list, with no rank.
  const eligibleClicks = rows.filter((row) => !row.passed_over).map((row) => row.clicks);
  return rows.slice(0, limit).map((row) => {
    const ahead = eligibleClicks.filter((clicks) => clicks > row.clicks).length;
    const rank = row.passed_over ? null : rankOf(row.clicks, ahead);
    return {
      rank,
      promoter_id: row.promoter_id,
      handle: row.handle,
      clicks: row.clicks,
      joined_at: row.joined_at.toISOString(),
      tied: rank !== null && eligibleClicks.filter((clicks) => clicks === row.clicks).length > 1,
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

const boardCampaignRow = z.object({
  status: column.oneOf(campaignStatuses),
  ends_at: column.timestampOrNull,
  total_clicks: column.number,
  promoter_count: column.number,
});

/** The campaign's status, end and totals as of the board beside them (an admin's End moves `ends_at`). */
export async function boardCampaign(db: Database, campaignId: string): Promise<BoardCampaign> {
  const [row] = await queryParsed(
    db,
    boardCampaignRow,
    sql`select status, ends_at, total_clicks, promoter_count from campaigns where id = ${campaignId}`,
  );
  if (!row) throw new DomainError("not_found", "Campaign not found");
  return { ...row, ends_at: row.ends_at?.toISOString() ?? null };
}
