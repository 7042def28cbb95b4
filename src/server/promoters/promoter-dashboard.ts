import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CompletedCampaign, PromoterDashboard, PromoterLink } from "../../core/api/promoters.js";
import { summarizeEarnings } from "../../core/earnings.js";
import { splitPrize } from "../../core/money.js";
import {
  campaignStatus,
  campaignStatuses,
  clickReasons,
  clickVerdict,
  clickVerdicts,
  exclusionReasons,
  payoutStatuses,
  rankOf,
} from "../../core/vocabulary.js";
import { findPromoterProfile } from "../accounts/promoter-profile.js";
import { bucketKeys, campaignCounts, DAY_MS, readCounts } from "../artists/campaign-counts.js";
import type { Database } from "../db/client.js";
import { linksAhead, linksAheadOfTl } from "../db/rank.js";
import { column, queryParsed } from "../db/rows.js";
import { readWithRollup } from "../tracking/click-rollups.js";

const CHART_DAYS = 30;

const linkRow = z.object({
  link_id: column.text,
  short_code: column.text,
  campaign_id: column.text,
  campaign_title: column.text,
  artist_name: column.text,
  campaign_status: column.oneOf(campaignStatuses),
  prize_cents: column.number,
  ends_at: column.timestampOrNull,
  review_until: column.timestampOrNull,
  clicks: column.number,
  participants: column.number,
  ahead: column.number,
  level: column.number,
  above_clicks: column.numberOrNull,
  above_ahead: column.numberOrNull,
  amount_cents: column.numberOrNull,
  payout_status: z.enum(payoutStatuses).nullable(),
  winners: column.number,
  not_eligible: z.enum(exclusionReasons).nullable(),
});
type LinkRow = z.output<typeof linkRow>;

/** A promoter the result passed over has no rank (db/rank.ts): the winner is #1. */
const rankOfLink = (row: LinkRow) => (row.not_eligible === null ? rankOf(row.clicks, row.ahead) : null);

function activeLink(row: LinkRow): PromoterLink {
  const rank = rankOfLink(row);
  return {
    link_id: row.link_id,
    short_code: row.short_code,
    campaign_id: row.campaign_id,
    campaign_title: row.campaign_title,
    artist_name: row.artist_name,
    campaign_status: row.campaign_status === campaignStatus.paused ? campaignStatus.paused : campaignStatus.active,
    prize_cents: row.prize_cents,
    ends_at: row.ends_at?.toISOString() ?? null,
    clicks: row.clicks,
    rank,
    participants: row.participants,
    // A link without a counted click has no rank, but still a gap to close.
    above:
      rank !== 1 && row.above_clicks !== null && row.above_ahead !== null
        ? { rank: row.above_ahead + 1, clicks_ahead: row.above_clicks - row.clicks }
        : null,
    // The smallest share of a tie at the top (leftover cents go to the earliest joined).
    potential_win_cents: rank === 1 ? Math.min(...splitPrize(row.prize_cents, row.level)) : null,
  };
}

function completedCampaign(row: LinkRow, now: Date): CompletedCampaign {
  return {
    campaign_id: row.campaign_id,
    campaign_title: row.campaign_title,
    artist_name: row.artist_name,
    ended_at: row.ends_at?.toISOString() ?? null,
    final_rank: rankOfLink(row),
    clicks: row.clicks,
    outcome: row.amount_cents === null ? "lost" : row.winners > 1 ? "tied" : "won",
    amount_cents: row.amount_cents ?? 0,
    payout_status: row.payout_status,
    review_until: row.review_until && row.review_until > now ? row.review_until.toISOString() : null,
    not_eligible: row.not_eligible,
  };
}

/**
 * The promoter dashboard: each link's standing in its campaign (rank, the gap to the rank above, what it would win
 * now), real results of ended campaigns, why visits did not count, and counted clicks per day.
 */
export async function promoterDashboard(db: Database, userId: string, now = new Date()): Promise<PromoterDashboard> {
  const promoter = await findPromoterProfile(db, userId);
  if (!promoter) {
    return {
      promoter: null,
      tiles: {
        total_earnings_cents: 0,
        pending_earnings_cents: 0,
        total_clicks: 0,
        campaigns_won: 0,
        active_campaigns: 0,
      },
      active: [],
      completed: [],
      visits: [],
      clicks_per_day: [],
      performance: { win_rate_percent: 0, clicks_per_campaign: 0, best_campaign: null },
    };
  }
  const links = await queryParsed(
    db,
    linkRow,
    sql`select tl.id as link_id, tl.short_code, c.id as campaign_id, c.title as campaign_title, c.artist_name,
          c.status as campaign_status, c.prize_cents, c.ends_at, c.review_until, tl.total_clicks as clicks,
          c.promoter_count as participants,
          ${linksAheadOfTl} as ahead,
          (select count(*) from tracking_links o
            where o.campaign_id = tl.campaign_id and o.total_clicks = tl.total_clicks) as level,
          above.clicks as above_clicks,
          ${linksAhead(sql`tl.campaign_id`, sql`above.clicks`)} as above_ahead,
          po.amount_cents, po.status as payout_status,
          (select count(*) from payouts w where w.campaign_id = c.id) as winners,
          (select x.reason from result_exclusions x
            where x.campaign_id = tl.campaign_id and x.promoter_id = tl.promoter_id) as not_eligible
        from tracking_links tl
        join campaigns c on c.id = tl.campaign_id
        left join lateral (
          select min(o.total_clicks) as clicks from tracking_links o
          where o.campaign_id = tl.campaign_id and o.total_clicks > tl.total_clicks
        ) above on true
        left join payouts po on po.campaign_id = tl.campaign_id and po.promoter_id = tl.promoter_id
        where tl.promoter_id = ${promoter.id} and c.status <> 'cancelled'
        order by tl.created_at desc, tl.id`,
  );
  const active = links.filter(
    (row) => row.campaign_status === campaignStatus.active || row.campaign_status === campaignStatus.paused,
  );
  const completed = links.filter(
    (row) => row.campaign_status === campaignStatus.ended || row.campaign_status === campaignStatus.completed,
  );

  const linkIds = sql.param(links.map((row) => row.link_id));
  const verdicts =
    links.length === 0
      ? []
      : await queryParsed(
          db,
          z.object({ link_id: column.text, verdict: column.oneOf(clickVerdicts), count: column.number }),
          sql`select tracking_link_id::text as link_id, verdict, count(*) as count from click_events
              where tracking_link_id = any(${linkIds}::uuid[])
              group by 1, 2`,
        );
  const reasons =
    links.length === 0
      ? []
      : await queryParsed(
          db,
          z.object({
            link_id: column.text,
            verdict: column.oneOf(clickVerdicts),
            reason: column.oneOf(clickReasons),
            count: column.number,
          }),
          sql`select e.tracking_link_id::text as link_id, e.verdict, r.reason, count(*) as count
              from click_events e cross join lateral unnest(e.reasons) as r(reason)
              where e.tracking_link_id = any(${linkIds}::uuid[]) and e.reasons is not null
                and e.verdict <> ${clickVerdict.counted}
              group by 1, 2, 3`,
        );

  const firstDay = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (CHART_DAYS - 1) * DAY_MS);
  const campaignIds = [...new Set(links.map((row) => row.campaign_id))];
  const perDay =
    campaignIds.length === 0
      ? []
      : await readWithRollup(db, (tx, mark) =>
          readCounts(
            tx,
            campaignCounts(campaignIds, mark, "promoter", {
              only: promoter.id,
              from: firstDay,
              key: bucketKeys("day"),
            }),
          ),
        );
  const byDay = new Map(perDay.map((row) => [Number(row.key), row.count]));

  const earned = summarizeEarnings(
    links.map((row) => ({
      campaign_status: row.campaign_status,
      payout_status: row.payout_status,
      payout_cents: row.amount_cents ?? 0,
    })),
  );
  // Every joined campaign's verified clicks, a cancelled one's included (core/earnings.ts TOTAL_CLICKS_DETAIL).
  const [clickTotal] = await queryParsed(
    db,
    z.object({ clicks: column.number }),
    sql`select coalesce(sum(total_clicks), 0) as clicks from tracking_links where promoter_id = ${promoter.id}`,
  );
  const totalClicks = clickTotal?.clicks ?? 0;
  const best = links.reduce<LinkRow | undefined>(
    (top, row) => (!top || row.clicks > top.clicks ? row : top),
    undefined,
  );
  return {
    promoter: { id: promoter.id, handle: promoter.handle },
    tiles: {
      total_earnings_cents: earned.paid_cents,
      pending_earnings_cents: earned.pending_cents,
      total_clicks: totalClicks,
      campaigns_won: earned.campaigns_won,
      active_campaigns: active.length,
    },
    active: active.map(activeLink),
    completed: completed.map((row) => completedCampaign(row, now)),
    visits: links.map((row) => {
      const own = verdicts.filter((verdict) => verdict.link_id === row.link_id);
      return {
        link_id: row.link_id,
        campaign_title: row.campaign_title,
        counted: own.find((verdict) => verdict.verdict === clickVerdict.counted)?.count ?? 0,
        not_counted: own
          .flatMap(({ verdict, count }) => (verdict === clickVerdict.counted ? [] : [{ verdict, count }]))
          .sort((a, b) => b.count - a.count || a.verdict.localeCompare(b.verdict))
          .map((entry) => ({
            ...entry,
            reasons: reasons
              .filter((reason) => reason.link_id === row.link_id && reason.verdict === entry.verdict)
              .map(({ reason, count }) => ({ reason, count }))
              .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
          })),
      };
    }),
    clicks_per_day: Array.from({ length: CHART_DAYS }, (_, index) => {
      const at = firstDay.getTime() + index * DAY_MS;
      return { time: new Date(at).toISOString(), counted: byDay.get(at) ?? 0 };
    }),
    performance: {
      win_rate_percent: earned.win_rate_percent,
      clicks_per_campaign: links.length === 0 ? 0 : Math.round(totalClicks / links.length),
      best_campaign: best && best.clicks > 0 ? { title: best.campaign_title, clicks: best.clicks } : null,
    },
  };
}
