import { and, eq, inArray } from "drizzle-orm";
import { generatedCoverSvg } from "../../core/artwork.js";
import { campaignStatus } from "../../core/vocabulary.js";
import { renderGeneratedCover } from "../artwork/artwork-images.js";
import type { ArtworkStore } from "../artwork/artwork-store.js";
import { assertArtworkExists } from "../artwork/artwork-uploads.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { findOwnCampaign } from "./campaign-access.js";
import { publicStatuses } from "./campaign-view.js";

/** The artist sets (or, with null, removes) their campaign's cover; a cancelled campaign is not changed. */
export async function setCampaignArtwork(
  deps: { db: Database; store: ArtworkStore },
  userId: string,
  campaignId: string | undefined,
  key: string | null,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status === campaignStatus.cancelled) throw new DomainError("conflict", "Campaign is not available");
  await assertArtworkExists(deps.store, key);
  await deps.db.update(campaigns).set({ artworkKey: key, updatedAt: new Date() }).where(eq(campaigns.id, campaign.id));
  return { id: campaign.id, artwork_key: key };
}

/**
 * A public campaign's generated cover as a PNG for unfurls, or null for no such campaign. Kept per instance (200 at
 * most): a campaign's title, artist and genre never change.
 */
export function createGeneratedCovers(db: Database) {
  const covers = new Map<string, Uint8Array>();
  return async (campaignId: string): Promise<Uint8Array | null> => {
    const cached = covers.get(campaignId);
    if (cached) return cached;
    const [campaign] = await db
      .select({ title: campaigns.title, artist_name: campaigns.artistName, genre: campaigns.genre })
      .from(campaigns)
      .where(
        and(eq(campaigns.id, campaignId), eq(campaigns.isPublic, true), inArray(campaigns.status, [...publicStatuses])),
      )
      .limit(1);
    if (!campaign) return null;
    const png = await renderGeneratedCover(generatedCoverSvg(campaign));
    if (covers.size >= 200) covers.clear();
    covers.set(campaignId, png);
    return png;
  };
}
