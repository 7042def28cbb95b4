import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client.js";
import { promoters, trackingLinks } from "../db/schema.js";

export type CampaignListItem = {
  id: string;
  title: string;
  artist_name: string;
  genre: string | null;
  song_link: string;
  description: string | null;
  prize_cents: number;
  platform_fee_cents: number;
  duration_days: number;
  status: string;
  is_public: boolean;
  published_at: string | null;
  ends_at: string | null;
  total_clicks: number;
  promoter_count: number;
  leader: { handle: string; clicks: number } | null;
  /** The viewer is the campaign's artist (they cannot join it). */
  is_own: boolean;
  /** The viewer's own tracking link, when they joined. */
  my_link: { short_code: string; total_clicks: number } | null;
};

type Row = Omit<
  CampaignListItem,
  "leader" | "my_link" | "published_at" | "ends_at" | "total_clicks" | "promoter_count"
> & {
  published_at: Date | string | null;
  ends_at: Date | string | null;
  total_clicks: string | number;
  promoter_count: string | number;
  leader_handle: string | null;
  leader_clicks: number | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Live public campaigns with their click and promoter totals and leading promoter: one aggregate query,
 * plus one for the viewer's links, never a query per campaign.
 */
export async function listLiveCampaigns(db: Database, viewerUserId?: string): Promise<CampaignListItem[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select c.id, c.title, c.artist_name, c.genre, c.song_link, c.description, c.prize_cents, c.platform_fee_cents,
               c.duration_days, c.status, c.is_public, c.published_at, c.ends_at,
               coalesce(totals.total_clicks, 0) as total_clicks, coalesce(totals.promoter_count, 0) as promoter_count,
               leader.handle as leader_handle, leader.total_clicks as leader_clicks,
               (c.created_by = ${viewerUserId ?? ""}) as is_own
        from campaigns c
        left join (
          select campaign_id, sum(total_clicks) as total_clicks, count(*) as promoter_count
          from tracking_links group by campaign_id
        ) totals on totals.campaign_id = c.id
        left join lateral (
          select p.handle, tl.total_clicks from tracking_links tl join promoters p on p.id = tl.promoter_id
          where tl.campaign_id = c.id order by tl.total_clicks desc, tl.created_at asc limit 1
        ) leader on true
        where c.status = 'active' and c.is_public
        order by c.published_at desc nulls last`,
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
  return rows.map(({ leader_handle, leader_clicks, ...row }) => ({
    ...row,
    published_at: iso(row.published_at),
    ends_at: iso(row.ends_at),
    total_clicks: Number(row.total_clicks),
    promoter_count: Number(row.promoter_count),
    leader: leader_handle ? { handle: leader_handle, clicks: Number(leader_clicks ?? 0) } : null,
    my_link: mine.get(row.id) ?? null,
  }));
}

export type SiteMetrics = {
  activeCampaigns: number;
  totalClicks: number;
  activePromoters: number;
  totalPrizePoolCents: number;
  paidToPromotersCents: number | null;
};

/** The site metrics of SPEC.md section 3, in one query. */
export async function siteMetrics(db: Database): Promise<SiteMetrics> {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`with live as (select id, prize_cents from campaigns where status = 'active' and is_public)
        select (select count(*) from live) as active_campaigns,
               (select coalesce(sum(tl.total_clicks), 0) from tracking_links tl join live on live.id = tl.campaign_id) as total_clicks,
               (select count(distinct tl.promoter_id) from tracking_links tl join live on live.id = tl.campaign_id) as active_promoters,
               (select coalesce(sum(prize_cents), 0) from live) as prize_pool_cents,
               (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid') as paid_cents`,
  );
  return {
    activeCampaigns: Number(row?.active_campaigns ?? 0),
    totalClicks: Number(row?.total_clicks ?? 0),
    activePromoters: Number(row?.active_promoters ?? 0),
    totalPrizePoolCents: Number(row?.prize_pool_cents ?? 0),
    paidToPromotersCents: Number(row?.paid_cents ?? 0),
  };
}
