import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client.js";

export type LeaderboardEntry = {
  rank: number;
  promoter_id: string;
  handle: string;
  clicks: number;
  joined_at: string;
  /** True when another promoter has the same clicks (shared rank; a tie at the top splits the prize). */
  tied: boolean;
};

/**
 * A campaign's promoters by counted clicks. Equal clicks share a rank (1, 1, 3); among equals the earliest joined
 * is listed first, the order that also breaks leftover cents in a prize split.
 */
export async function campaignLeaderboard(db: Database, campaignId: string, limit = 100): Promise<LeaderboardEntry[]> {
  const rows = await queryRows<{
    rank: string;
    promoter_id: string;
    handle: string;
    clicks: number;
    joined_at: Date | string;
    peers: string;
  }>(
    db,
    sql`select rank() over (order by tl.total_clicks desc) as rank,
               count(*) over (partition by tl.total_clicks) as peers,
               tl.promoter_id, p.handle, tl.total_clicks as clicks, tl.created_at as joined_at
        from tracking_links tl join promoters p on p.id = tl.promoter_id
        where tl.campaign_id = ${campaignId}
        order by tl.total_clicks desc, tl.created_at asc, tl.id asc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    rank: Number(row.rank),
    promoter_id: row.promoter_id,
    handle: row.handle,
    clicks: Number(row.clicks),
    joined_at: new Date(row.joined_at).toISOString(),
    tied: Number(row.peers) > 1,
  }));
}
