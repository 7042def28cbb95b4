import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { CampaignListItem, SiteMetrics } from "../../core/api/campaigns.js";
import { type CampaignListQuery, campaignListQuerySchema } from "../../core/campaign-rules.js";
import { campaignStatuses } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { promoters, trackingLinks } from "../db/schema.js";

const sortOrders = {
  prize: sql`c.prize_cents desc, c.published_at desc`,
  time: sql`c.ends_at asc, c.published_at desc`,
  clicks: sql`c.total_clicks desc, c.published_at desc`,
  promoters: sql`c.promoter_count desc, c.published_at desc`,
  newest: sql`c.published_at desc`,
} as const;

const listRow = z.object({
  id: column.text,
  title: column.text,
  artist_name: column.text,
  genre: column.textOrNull,
  song_link: column.text,
  description: column.textOrNull,
  artwork_key: column.textOrNull,
  prize_cents: column.number,
  platform_fee_cents: column.number,
  duration_days: column.number,
  status: column.oneOf(campaignStatuses),
  is_public: column.boolean,
  published_at: column.timestampOrNull,
  ends_at: column.timestampOrNull,
  total_clicks: column.number,
  promoter_count: column.number,
  is_own: column.boolean,
  leader_handle: column.textOrNull,
  leader_clicks: column.numberOrNull,
});
const countRow = z.object({ total: column.number });
const metricsRow = z.object({
  active_campaigns: column.number,
  total_clicks: column.number,
  active_promoters: column.number,
  prize_pool_cents: column.number,
  paid_cents: column.number,
  earnings_low_cents: column.numberOrNull,
  earnings_high_cents: column.numberOrNull,
});
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A page of live public campaigns with totals and leading promoter. Totals are the campaign's denormalized
 * counters, so sorting and paging use an index; the leader is looked up only for the rows of the page.
 */
export async function listLiveCampaigns(
  db: Database,
  query: CampaignListQuery = campaignListQuerySchema.parse({}),
  viewerUserId?: string,
): Promise<{ items: CampaignListItem[]; total: number }> {
  const filters: SQL[] = [sql`c.status = 'active'`, sql`c.is_public`];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(sql`(c.title ilike ${pattern} or c.artist_name ilike ${pattern})`);
  }
  if (query.genre && query.genre !== "all") filters.push(sql`c.genre = ${query.genre}`);
  const where = sql.join(filters, sql` and `);
  // The page is chosen first (an index scan with a limit); only its rows look up their leading promoter.
  const rows = await queryParsed(
    db,
    listRow,
    sql`select c.id, c.title, c.artist_name, c.genre, c.song_link, c.description, c.artwork_key, c.prize_cents, c.platform_fee_cents,
               c.duration_days, c.status, c.is_public, c.published_at, c.ends_at, c.total_clicks, c.promoter_count,
               (c.created_by = ${viewerUserId ?? ""}) as is_own,
               leader.handle as leader_handle, leader.total_clicks as leader_clicks
        from (select * from campaigns c where ${where} order by ${sortOrders[query.sort]}
              limit ${query.limit} offset ${query.offset}) c
        left join lateral (
          select p.handle, tl.total_clicks from tracking_links tl join promoters p on p.id = tl.promoter_id
          where tl.campaign_id = c.id order by tl.total_clicks desc, tl.created_at asc limit 1
        ) leader on true
        order by ${sortOrders[query.sort]}`,
  );
  const mine = new Map<string, { short_code: string; total_clicks: number }>();
  if (viewerUserId && rows.length > 0) {
    const links = await db
      .select({
        campaignId: trackingLinks.campaignId,
        shortCode: trackingLinks.shortCode,
        totalClicks: trackingLinks.totalClicks,
      })
      .from(trackingLinks)
      .innerJoin(promoters, eq(promoters.id, trackingLinks.promoterId))
      .where(
        and(
          eq(promoters.authUserId, viewerUserId),
          inArray(
            trackingLinks.campaignId,
            rows.map((row) => row.id),
          ),
        ),
      );
    for (const link of links) mine.set(link.campaignId, { short_code: link.shortCode, total_clicks: link.totalClicks });
  }
  const [counted] = await queryParsed(db, countRow, sql`select count(*) as total from campaigns c where ${where}`);
  const total = counted?.total ?? 0;
  const items = rows.map(
    ({ leader_handle, leader_clicks, ...row }): CampaignListItem => ({
      ...row,
      published_at: row.published_at?.toISOString() ?? null,
      ends_at: row.ends_at?.toISOString() ?? null,
      leader: leader_handle ? { handle: leader_handle, clicks: leader_clicks ?? 0 } : null,
      my_link: mine.get(row.id) ?? null,
    }),
  );
  return { items, total };
}

/** The site metrics of SPEC.md section 3, in one query. */
export async function querySiteMetrics(db: Database): Promise<SiteMetrics> {
  const [row] = await queryParsed(
    db,
    metricsRow,
    sql`with live as (
          select id, prize_cents, total_clicks from campaigns where status = 'active' and is_public
        ), paid_average as (
          select round(avg(amount_cents)) as cents from payouts where status = 'paid' group by promoter_id
        )
        select (select count(*) from live) as active_campaigns,
               (select coalesce(sum(total_clicks), 0) from live) as total_clicks,
               (select count(distinct tl.promoter_id) from tracking_links tl join live on live.id = tl.campaign_id) as active_promoters,
               (select coalesce(sum(prize_cents), 0) from live) as prize_pool_cents,
               (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid') as paid_cents,
               (select min(cents) from paid_average) as earnings_low_cents,
               (select max(cents) from paid_average) as earnings_high_cents`,
  );
  return {
    activeCampaigns: row?.active_campaigns ?? 0,
    totalClicks: row?.total_clicks ?? 0,
    activePromoters: row?.active_promoters ?? 0,
    totalPrizePoolCents: row?.prize_pool_cents ?? 0,
    paidToPromotersCents: row?.paid_cents ?? 0,
    avgPromoterEarningsCents:
      row?.earnings_low_cents != null && row.earnings_high_cents != null
        ? { low: row.earnings_low_cents, high: row.earnings_high_cents }
        : null,
  };
}

/**
 * Site metrics change slowly and every page view asks for them: each instance reuses its last answer for
 * `ttlMs` and runs one query at a time, however many requests arrive together.
 */
export function createSiteMetricsCache(db: Database, ttlMs = 5_000) {
  let cached: { value: SiteMetrics; at: number } | undefined;
  let inFlight: Promise<SiteMetrics> | undefined;
  return async (): Promise<SiteMetrics> => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    inFlight ??= querySiteMetrics(db)
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
