import { and, desc, eq } from "drizzle-orm";
import type { PublicCampaignSummary } from "../../core/api/campaigns.js";
import { campaignStatus } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";

/** The most a public list answers with: every row costs every visitor, and pages exist for more (`/api/campaigns`). */
export const PUBLIC_LIST_LIMIT = 100;

/** Public and active campaigns, newest first (SPEC.md section 7, public campaign list), at most `PUBLIC_LIST_LIMIT`. */
export async function listPublicCampaignSummaries(db: Database): Promise<PublicCampaignSummary[]> {
  const rows = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      artistName: campaigns.artistName,
      genre: campaigns.genre,
      songLink: campaigns.songLink,
      publishedAt: campaigns.publishedAt,
      prizeCents: campaigns.prizeCents,
      endsAt: campaigns.endsAt,
    })
    .from(campaigns)
    .where(and(eq(campaigns.status, campaignStatus.active), eq(campaigns.isPublic, true)))
    .orderBy(desc(campaigns.publishedAt))
    .limit(PUBLIC_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    artist_name: row.artistName,
    genre: row.genre,
    song_link: row.songLink,
    published_at: row.publishedAt?.toISOString() ?? null,
    prize_cents: row.prizeCents,
    ends_at: row.endsAt?.toISOString() ?? null,
  }));
}
