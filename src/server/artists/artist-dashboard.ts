import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActivityItem, ArtistCampaign, ArtistOverview } from "../../core/api/artists.js";
import {
  campaignStatus,
  campaignStatuses,
  clickVerdict,
  refundReasons,
  refundStatuses,
} from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { rawTail, readWithRollup } from "../tracking/click-rollups.js";
import { bucketKeys, campaignCounts, DAY_MS, HOUR_MS, readCounts } from "./campaign-counts.js";

const RECENT_ACTIVITY = 5;
const TOP_PROMOTERS = 5;
/** Counted clicks a campaign reaches that the activity feed announces. */
const milestones = [10, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Milestones reached within this long are looked for (the feed shows the newest five events). */
const MILESTONES_WITHIN_MS = 7 * DAY_MS;

const tilesRow = z.object({
  total_clicks: column.number,
  active_campaigns: column.number,
  total_spent_cents: column.number,
  refunded_cents: column.number,
  total_promoters: column.number,
});

const activityRow = z.object({
  kind: z.enum(["joined", "live", campaignStatus.ended, "paid"]),
  at: column.timestamp,
  campaign_id: column.text,
  campaign_title: column.text,
  handle: column.textOrNull,
  amount_cents: column.numberOrNull,
});

const publishedRow = z.object({
  id: column.text,
  title: column.text,
  total_clicks: column.number,
  recent: column.boolean,
});
const windowRow = z.object({ campaign_id: column.text, hour: column.number, count: column.number });
const tailRow = z.object({
  campaign_id: column.text,
  promoter_id: column.text,
  hour: column.number,
  count: column.number,
});

/**
 * The artist dashboard's tiles, recent activity and this month's top promoters. The tiles and the activity feed are
 * read while the campaigns' click counts are (`clickCounts`), on other connections where the database has them
 * (ADR 033).
 */
export async function artistOverview(db: Database, userId: string, now = new Date()): Promise<ArtistOverview> {
  const [[tiles], events, { recentCampaigns, windowHours, monthPromoters, tail }] = await Promise.all([
    artistTiles(db, userId),
    recentEvents(db, userId),
    clickCounts(db, userId, now),
  ]);
  const monthStart = startOfMonth(now);
  const activity: ActivityItem[] = events.map((event) => ({ ...event, at: event.at.toISOString(), clicks: null }));
  const hoursOf = new Map<string, Map<number, number>>();
  const addHour = (campaignId: string, at: number, count: number) => {
    const byHour = hoursOf.get(campaignId) ?? new Map<number, number>();
    byHour.set(at, (byHour.get(at) ?? 0) + count);
    hoursOf.set(campaignId, byHour);
  };
  for (const row of windowHours) addHour(row.campaign_id, row.hour, row.count);
  const promoterClicks = new Map(monthPromoters.map((row) => [row.key, row.count]));
  for (const row of tail) {
    addHour(row.campaign_id, row.hour, row.count);
    if (row.hour >= monthStart.getTime()) {
      promoterClicks.set(row.promoter_id, (promoterClicks.get(row.promoter_id) ?? 0) + row.count);
    }
  }
  const reached = recentCampaigns.flatMap((campaign) =>
    milestonesReached(campaign, hoursOf.get(campaign.id) ?? new Map()),
  );
  activity.push(...(await Promise.all(reached.map((milestone) => milestoneAt(db, milestone, now)))));
  const topThisMonth = [...promoterClicks.entries()]
    .filter(([, clicks]) => clicks > 0)
    .sort(([a, clicksA], [b, clicksB]) => clicksB - clicksA || a.localeCompare(b))
    .slice(0, TOP_PROMOTERS)
    .map(([key, count]) => ({ key, count }));
  const handles = await promoterHandles(
    db,
    topThisMonth.map((row) => row.key),
  );
  return {
    tiles: tiles ?? {
      total_clicks: 0,
      active_campaigns: 0,
      total_spent_cents: 0,
      refunded_cents: 0,
      total_promoters: 0,
    },
    activity: activity.sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT_ACTIVITY),
    top_promoters_this_month: topThisMonth.map((row) => ({
      promoter_id: row.key,
      handle: handles.get(row.key) ?? "Anonymous",
      clicks: row.count,
    })),
  };
}

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The dashboard's tiles: clicks, live campaigns, money spent and refunded, promoters. */
const artistTiles = (db: Database, userId: string) =>
  queryParsed(
    db,
    tilesRow,
    sql`select
          coalesce(sum(c.total_clicks), 0) as total_clicks,
          count(*) filter (where c.status = 'active') as active_campaigns,
          coalesce(sum(c.prize_cents + c.platform_fee_cents)
            filter (where c.status in ('active', 'paused', 'ended', 'completed')), 0) as total_spent_cents,
          (select coalesce(sum(r.amount_cents), 0) from refunds r join campaigns rc on rc.id = r.campaign_id
            where rc.created_by = ${userId} and r.status <> 'failed') as refunded_cents,
          (select count(distinct tl.promoter_id) from tracking_links tl join campaigns tc on tc.id = tl.campaign_id
            where tc.created_by = ${userId}) as total_promoters
        from campaigns c where c.created_by = ${userId}`,
  );

/** The newest joins, launches, ends and payouts of the artist's campaigns, five of each at most. */
const recentEvents = (db: Database, userId: string) =>
  queryParsed(
    db,
    activityRow,
    sql`(select 'joined' as kind, tl.created_at as at, c.id as campaign_id, c.title as campaign_title,
            p.handle, null::int as amount_cents
          from campaigns c join tracking_links tl on tl.campaign_id = c.id join promoters p on p.id = tl.promoter_id
          where c.created_by = ${userId} order by tl.created_at desc limit ${RECENT_ACTIVITY})
        union all
        (select 'live', c.published_at, c.id, c.title, null, null from campaigns c
          where c.created_by = ${userId} and c.published_at is not null
          order by c.published_at desc limit ${RECENT_ACTIVITY})
        union all
        (select 'ended', c.ends_at, c.id, c.title, null, null from campaigns c
          where c.created_by = ${userId} and c.status in ('ended', 'completed')
          order by c.ends_at desc limit ${RECENT_ACTIVITY})
        union all
        (select 'paid', po.paid_at, c.id, c.title, p.handle, po.amount_cents
          from campaigns c join payouts po on po.campaign_id = c.id join promoters p on p.id = po.promoter_id
          where c.created_by = ${userId} and po.status = 'paid' and po.paid_at is not null
          order by po.paid_at desc limit ${RECENT_ACTIVITY})`,
  );

/**
 * The published campaigns, and their counted clicks for the milestones (per hour within the window, for the
 * campaigns that may have reached one there) and for this month's top promoters (per promoter): the roll-up's rows,
 * and the raw clicks since its mark read once for both uses.
 */
async function clickCounts(db: Database, userId: string, now: Date) {
  const windowStart = new Date(Math.floor((now.getTime() - MILESTONES_WITHIN_MS) / HOUR_MS) * HOUR_MS);
  const published = await queryParsed(
    db,
    publishedRow,
    sql`select id, title, total_clicks,
          (total_clicks >= ${milestones[0] as number}
            and (status in ('active', 'paused') or ends_at > ${windowStart})) as recent
        from campaigns where created_by = ${userId} and published_at is not null`,
  );
  const recentCampaigns = published.filter((campaign) => campaign.recent);
  const hours = bucketKeys("hour");
  const counts = await readWithRollup(db, async (tx, mark) => ({
    // One roll-up row per campaign and hour: read as they are, not grouped by a key built from both.
    windowHours:
      recentCampaigns.length === 0
        ? []
        : await queryParsed(
            tx,
            windowRow,
            sql`select campaign_id::text as campaign_id, ${hours.rolled} as hour, count from campaign_click_rollups
                where campaign_id = any(${sql.param(recentCampaigns.map((campaign) => campaign.id))}::uuid[])
                  and dimension = 'verdict' and value = ${clickVerdict.counted} and bucket >= ${windowStart}`,
          ),
    monthPromoters:
      published.length === 0
        ? []
        : await readCounts(
            tx,
            campaignCounts(
              published.map((campaign) => campaign.id),
              mark,
              "promoter_month",
              { from: startOfMonth(now), rolledOnly: true },
            ),
          ),
    tail:
      published.length === 0
        ? []
        : await queryParsed(
            tx,
            tailRow,
            sql`select campaign_id::text as campaign_id, promoter_id::text as promoter_id, ${hours.raw} as hour,
                  count(*) as count
                from click_events
                where campaign_id = any(${sql.param(published.map((campaign) => campaign.id))}::uuid[])
                  and verdict = 'counted' and ${rawTail(mark, windowStart)}
                group by 1, 2, 3`,
          ),
  }));
  return { recentCampaigns, ...counts };
}

/** A milestone a campaign reached within the window: in which hour, and as which of that hour's counted clicks. */
type MilestoneReached = { item: ActivityItem; hour: number; nth: number };

/**
 * The milestones a campaign reached within the window, from its counted clicks per hour in the window: the clicks
 * before the window are its total less the window's.
 */
function milestonesReached(
  campaign: { id: string; title: string; total_clicks: number },
  byHour: Map<number, number>,
): MilestoneReached[] {
  const hours = [...byHour.entries()].sort(([a], [b]) => a - b);
  let total = campaign.total_clicks - hours.reduce((sum, [, count]) => sum + count, 0);
  const reached: MilestoneReached[] = [];
  for (const [hour, count] of hours) {
    const before = total;
    total += count;
    for (const milestone of milestones) {
      if (before < milestone && total >= milestone) {
        reached.push({
          hour,
          nth: milestone - before,
          item: {
            kind: "milestone",
            at: new Date(hour).toISOString(),
            campaign_id: campaign.id,
            campaign_title: campaign.title,
            handle: null,
            clicks: milestone,
            amount_cents: null,
          },
        });
      }
    }
  }
  return reached;
}

/**
 * When the milestone's click was counted: the hour's `nth` counted click. Without it (its events gone), the end of
 * the hour, never later than now: a milestone is never stamped after what followed it.
 */
async function milestoneAt(db: Database, reached: MilestoneReached, now: Date): Promise<ActivityItem> {
  const [row] = await queryParsed(
    db,
    z.object({ ts: column.timestamp }),
    sql`select ts from click_events
        where campaign_id = ${reached.item.campaign_id} and verdict = 'counted'
          and ts >= ${new Date(reached.hour)} and ts < ${new Date(reached.hour + HOUR_MS)}
        order by ts, id offset ${reached.nth - 1} limit 1`,
  );
  const at = row?.ts ?? new Date(Math.min(reached.hour + HOUR_MS, now.getTime()));
  return { ...reached.item, at: at.toISOString() };
}

const handleRow = z.object({ id: column.text, handle: column.text });

async function promoterHandles(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await queryParsed(
    db,
    handleRow,
    sql`select id::text as id, handle from promoters where id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.handle]));
}

const winnerRow = z.object({ campaign_id: column.text, handle: column.text, amount_cents: column.number });

const campaignRow = z.object({
  id: column.text,
  title: column.text,
  genre: column.textOrNull,
  status: z.enum(campaignStatuses),
  is_public: column.boolean,
  prize_cents: column.number,
  platform_fee_cents: column.number,
  duration_days: column.number,
  created_at: column.timestamp,
  published_at: column.timestampOrNull,
  ends_at: column.timestampOrNull,
  review_until: column.timestampOrNull,
  verifying: column.boolean,
  total_clicks: column.number,
  promoter_count: column.number,
  leader_handle: column.textOrNull,
  leader_clicks: column.numberOrNull,
  refund_reason: column.oneOf(refundReasons).nullable(),
  refund_cents: column.numberOrNull,
  refund_status: column.oneOf(refundStatuses).nullable(),
});

/** Every campaign of the artist, drafts included, newest first, with its leader, result and refund. */
export async function artistCampaigns(db: Database, userId: string, now = new Date()): Promise<ArtistCampaign[]> {
  const rows = await queryParsed(
    db,
    campaignRow,
    sql`select c.id, c.title, c.genre, c.status, c.is_public, c.prize_cents, c.platform_fee_cents, c.duration_days,
          c.created_at, c.published_at, c.ends_at, c.review_until, c.total_clicks, c.promoter_count,
          exists (select 1 from payouts po where po.campaign_id = c.id
            and po.hold_reasons && array['approval', 'verification']::text[]) as verifying,
          leader.handle as leader_handle, leader.clicks as leader_clicks,
          r.reason as refund_reason, r.amount_cents as refund_cents, r.status as refund_status
        from campaigns c
        left join lateral (
          select p.handle, tl.total_clicks as clicks from tracking_links tl join promoters p on p.id = tl.promoter_id
          where tl.campaign_id = c.id and tl.total_clicks > 0
          order by tl.total_clicks desc, tl.created_at asc limit 1
        ) leader on true
        left join refunds r on r.campaign_id = c.id
        where c.created_by = ${userId}
        order by c.created_at desc, c.id`,
  );
  const ended = rows
    .filter((row) => row.status === campaignStatus.ended || row.status === campaignStatus.completed)
    .map((row) => row.id);
  const winners =
    ended.length === 0
      ? []
      : await queryParsed(
          db,
          winnerRow,
          sql`select po.campaign_id::text as campaign_id, p.handle, po.amount_cents
              from payouts po join promoters p on p.id = po.promoter_id
              join tracking_links tl on tl.campaign_id = po.campaign_id and tl.promoter_id = po.promoter_id
              where po.campaign_id = any(${sql.param(ended)}::uuid[])
              order by tl.created_at, tl.id`,
        );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    genre: row.genre,
    status: row.status,
    is_public: row.is_public,
    prize_cents: row.prize_cents,
    platform_fee_cents: row.platform_fee_cents,
    duration_days: row.duration_days,
    created_at: row.created_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    total_clicks: row.total_clicks,
    promoter_count: row.promoter_count,
    leader:
      row.leader_handle !== null && row.leader_clicks !== null
        ? { handle: row.leader_handle, clicks: row.leader_clicks }
        : null,
    result: ended.includes(row.id)
      ? {
          state: row.review_until && row.review_until > now ? "provisional" : row.verifying ? "verifying" : "final",
          winners: winners
            .filter((winner) => winner.campaign_id === row.id)
            .map(({ handle, amount_cents }) => ({ handle, amount_cents })),
        }
      : null,
    refund:
      row.refund_reason && row.refund_cents !== null
        ? { reason: row.refund_reason, amount_cents: row.refund_cents, status: row.refund_status ?? "pending" }
        : null,
  }));
}
