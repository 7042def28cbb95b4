import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Earnings, EarningsRow } from "../../core/api/payouts.js";
import { summarizeEarnings } from "../../core/earnings.js";
import { MIN_PAYOUT_CENTS } from "../../core/money.js";
import { campaignStatus, campaignStatuses, payoutStatuses, rankOf } from "../../core/vocabulary.js";
import { findPromoterProfile } from "../accounts/promoter-profile.js";
import type { Database } from "../db/client.js";
import { linksAheadOfTl } from "../db/rank.js";
import { column, queryParsed } from "../db/rows.js";

const earningsRow = z.object({
  tracking_link_id: column.text,
  campaign_id: column.text,
  campaign_title: column.text,
  campaign_artist: column.text,
  campaign_status: column.oneOf(campaignStatuses),
  ends_at: column.timestampOrNull,
  participants: column.number,
  link_created_at: column.timestamp,
  total_clicks: column.number,
  ahead: column.number,
  passed_over: column.boolean,
  payout_created_at: column.timestampOrNull,
  paid_at: column.timestampOrNull,
  payout_status: z.enum(payoutStatuses).nullable(),
  failure_reason: column.textOrNull,
  tax_info_needed: column.boolean,
  verifying: column.boolean,
  amount_cents: column.number,
  review_until: column.timestampOrNull,
});

function statusOf(row: Pick<EarningsRow, "payout_status" | "campaign_status">): EarningsRow["status"] {
  if (row.payout_status === "paid") return "paid";
  if (row.payout_status) return "pending";
  return row.campaign_status === campaignStatus.active || row.campaign_status === campaignStatus.paused
    ? "pending"
    : "lost";
}

/**
 * A promoter's earnings: one row per campaign joined, with rank among the campaign's eligible promoters (equal clicks
 * share a rank), the payout if they won, and totals. Null promoter when the user has no promoter profile yet.
 */
export async function promoterEarnings(db: Database, userId: string): Promise<Earnings> {
  const promoter = await findPromoterProfile(db, userId);
  if (!promoter) return { promoter: null, rows: [], totals: null };
  const rows = await queryParsed(
    db,
    earningsRow,
    sql`select tl.id as tracking_link_id, c.id as campaign_id, c.title as campaign_title, c.artist_name as campaign_artist,
               c.status as campaign_status, c.ends_at, c.promoter_count as participants,
               tl.created_at as link_created_at, tl.total_clicks,
               ${linksAheadOfTl} as ahead,
               exists (select 1 from result_exclusions x
                 where x.campaign_id = tl.campaign_id and x.promoter_id = tl.promoter_id) as passed_over,
               case when c.review_until > now() then c.review_until end as review_until,
               po.created_at as payout_created_at, po.paid_at, po.status as payout_status, po.failure_reason,
               coalesce('tax_info' = any (po.hold_reasons), false) as tax_info_needed,
               coalesce(po.hold_reasons && array['approval', 'verification']::text[], false) as verifying,
               coalesce(po.amount_cents, case when c.status in ('active', 'paused') then c.prize_cents else 0 end)
                 as amount_cents
        from tracking_links tl
        join campaigns c on c.id = tl.campaign_id
        left join payouts po on po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id
        where tl.promoter_id = ${promoter.id}
        order by coalesce(po.paid_at, po.created_at, tl.created_at) desc`,
  );
  const history: EarningsRow[] = rows.map(({ ahead, passed_over, ...row }) => {
    const paidAt = row.paid_at?.toISOString() ?? null;
    const payoutCreatedAt = row.payout_created_at?.toISOString() ?? null;
    const linkCreatedAt = row.link_created_at.toISOString();
    return {
      ...row,
      ends_at: row.ends_at?.toISOString() ?? null,
      review_until: row.review_until?.toISOString() ?? null,
      link_created_at: linkCreatedAt,
      payout_created_at: payoutCreatedAt,
      paid_at: paidAt,
      // Passed over by the result (db/rank.ts): no rank, and the winner is #1.
      rank: passed_over ? null : rankOf(row.total_clicks, ahead),
      status: statusOf(row),
      date: paidAt ?? payoutCreatedAt ?? linkCreatedAt,
    };
  });
  const sum = (filter: (row: EarningsRow) => boolean) =>
    history.filter(filter).reduce((total, row) => total + row.amount_cents, 0);
  const summary = summarizeEarnings(
    history.map((row) => ({
      campaign_status: row.campaign_status,
      payout_status: row.payout_status,
      payout_cents: row.payout_status === null ? 0 : row.amount_cents,
    })),
  );
  const owed = (row: EarningsRow) => row.payout_status === "pending" || row.payout_status === "failed";
  const owedCents = sum(owed);
  const underReviewCents = sum((row) => owed(row) && row.review_until !== null);
  const verifyingCents = sum((row) => owed(row) && row.review_until === null && row.verifying);
  return {
    promoter: { id: promoter.id, handle: promoter.handle },
    rows: history,
    totals: {
      paid_cents: summary.paid_cents,
      pending_cents: summary.pending_cents,
      owed_cents: owedCents,
      under_review_cents: underReviewCents,
      verifying_cents: verifyingCents,
      in_progress_cents: sum((row) => row.payout_status === "processing"),
      tax_info_needed_cents: sum((row) => owed(row) && row.tax_info_needed),
      campaigns_won: summary.campaigns_won,
      campaigns_joined: history.length,
      campaigns_ended: summary.ended_campaigns_joined,
      active_campaigns: history.filter((row) => row.payout_status === null && row.status === "pending").length,
      total_clicks: history.reduce((total, row) => total + row.total_clicks, 0),
      win_rate_percent: summary.win_rate_percent,
      can_request_payout: owedCents - underReviewCents - verifyingCents >= MIN_PAYOUT_CENTS,
    },
  };
}
