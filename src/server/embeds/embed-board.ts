import { and, eq, inArray } from "drizzle-orm";
import type { EmbedBoard } from "../../core/api/embeds.js";
import { artworkPath } from "../../core/artwork.js";
import { EMBED_BOARD_ROWS } from "../../core/embeds.js";
import { publicStatuses } from "../campaigns/campaign-view.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { campaignLeaderboard, campaignResult } from "../leaderboards/campaign-leaderboard.js";

/**
 * A public campaign's embedded board, or null for a campaign nobody may embed: a draft, a hidden or a cancelled one
 * (whoever asks: an embed is public even when its artist views it).
 */
export async function embedBoard(db: Database, campaignId: string, publicUrl: string): Promise<EmbedBoard | null> {
  const [campaign] = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      artist_name: campaigns.artistName,
      prize_cents: campaigns.prizeCents,
      status: campaigns.status,
      ends_at: campaigns.endsAt,
      artwork_key: campaigns.artworkKey,
      promoters: campaigns.promoterCount,
    })
    .from(campaigns)
    .where(
      and(eq(campaigns.id, campaignId), eq(campaigns.isPublic, true), inArray(campaigns.status, [...publicStatuses])),
    )
    .limit(1);
  if (!campaign) return null;
  const [entries, result] = await Promise.all([
    campaignLeaderboard(db, campaignId, EMBED_BOARD_ROWS),
    campaignResult(db, campaignId),
  ]);
  const passedOver = new Set(result?.not_eligible.map((row) => row.promoter_id));
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      artist_name: campaign.artist_name,
      prize_cents: campaign.prize_cents,
      status: campaign.status,
      ends_at: campaign.ends_at?.toISOString() ?? null,
      cover: campaign.artwork_key ? artworkPath(campaign.artwork_key, "320.webp") : null,
      url: `${publicUrl}/campaigns/${campaign.id}`,
    },
    promoters: campaign.promoters,
    entries: entries.map(({ rank, handle, clicks, tied }) => ({ rank, handle, clicks, tied })),
    result: result && {
      state: result.state,
      winners: result.winners.map(({ handle, amount_cents }) => ({ handle, amount_cents })),
      not_eligible: entries.filter((entry) => passedOver.has(entry.promoter_id)).map((entry) => entry.handle),
    },
  };
}
