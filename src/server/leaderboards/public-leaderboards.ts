import { sql } from "drizzle-orm";
import { campaignListQuerySchema, listLiveCampaigns } from "../campaigns/campaign-list.js";
import { type Database, queryRows } from "../db/client.js";

export type AllTimePromoter = {
  promoter_id: string;
  handle: string;
  clicks: number;
  wins: number;
  earnings_cents: number;
};

export type ActiveCampaignBoard = {
  id: string;
  title: string;
  artist_name: string;
  prize_cents: number;
  ends_at: string | null;
  totals: { promoters: number; clicks: number };
  leader: { handle: string; clicks: number } | null;
};

const LIST_SIZE = 100;

/**
 * The public leaderboards (SPEC.md section 3): promoters by verified clicks all time, with wins and earnings from
 * paid payouts (the top by clicks and the top by earnings, so every category filter has its leaders), and the
 * live campaigns with their leaders.
 */
export async function publicLeaderboards(db: Database) {
  const promoters = await queryRows<{
    promoter_id: string;
    handle: string;
    clicks: number;
    wins: string;
    earnings_cents: string;
  }>(
    db,
    sql`with paid as (
          select promoter_id, count(*) as wins, sum(amount_cents) as earnings from payouts where status = 'paid' group by promoter_id
        ),
        candidates as (
          (select id from promoters order by total_clicks_all_time desc, created_at asc limit ${LIST_SIZE})
          union
          (select promoter_id from paid order by earnings desc limit ${LIST_SIZE})
        )
        select p.id as promoter_id, p.handle, p.total_clicks_all_time as clicks,
               coalesce(paid.wins, 0) as wins, coalesce(paid.earnings, 0) as earnings_cents
        from candidates join promoters p on p.id = candidates.id
        left join paid on paid.promoter_id = p.id
        order by p.total_clicks_all_time desc, p.created_at asc`,
  );
  const { items } = await listLiveCampaigns(db, campaignListQuerySchema.parse({ sort: "clicks", limit: 50 }));
  return {
    allTimePromoters: promoters.map(
      (row): AllTimePromoter => ({
        promoter_id: row.promoter_id,
        handle: row.handle,
        clicks: Number(row.clicks),
        wins: Number(row.wins),
        earnings_cents: Number(row.earnings_cents),
      }),
    ),
    activeCampaigns: items.map(
      (item): ActiveCampaignBoard => ({
        id: item.id,
        title: item.title,
        artist_name: item.artist_name,
        prize_cents: item.prize_cents,
        ends_at: item.ends_at,
        totals: { promoters: item.promoter_count, clicks: item.total_clicks },
        leader: item.leader,
      }),
    ),
  };
}
