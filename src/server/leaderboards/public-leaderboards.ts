import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActiveCampaignBoard, AllTimePromoter } from "../../core/api/leaderboards.js";
import { campaignListQuerySchema } from "../../core/campaign-rules.js";
import { listLiveCampaigns } from "../campaigns/campaign-list.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

const promoterRow = z.object({
  promoter_id: column.text,
  handle: column.text,
  clicks: column.number,
  wins: column.number,
  earnings_cents: column.number,
});

const LIST_SIZE = 100;

/**
 * The public leaderboards (SPEC.md section 3): promoters by verified clicks all time, with wins and earnings from
 * paid payouts (the top by clicks and the top by earnings, so every category filter has its leaders), and the
 * live campaigns with their leaders.
 */
export async function publicLeaderboards(db: Database) {
  const promoters = await queryParsed(
    db,
    promoterRow,
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
    allTimePromoters: promoters satisfies AllTimePromoter[],
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
