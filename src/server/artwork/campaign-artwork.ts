import { and, eq, inArray } from "drizzle-orm";
import { artworkMessages, generatedCoverSvg } from "../../core/artwork.js";
import { findOwnCampaign } from "../campaigns/campaign-access.js";
import { publicStatuses } from "../campaigns/campaign-view.js";
import type { Database } from "../db/client.js";
import { campaigns } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { processArtwork, renderGeneratedCover } from "./artwork-images.js";
import type { ArtworkStore } from "./artwork-store.js";

/** Checks, resizes and stores an artist's upload; answers its key. */
export async function storeArtworkUpload(store: ArtworkStore, userId: string, upload: Uint8Array): Promise<string> {
  const { key, files } = await processArtwork(upload);
  await store.save(key, files, userId);
  return key;
}

/** Checks that an upload exists before a campaign points at it. */
export async function assertArtworkExists(store: ArtworkStore, key: string | null | undefined) {
  if (key && !(await store.exists(key))) throw new DomainError("validation", artworkMessages.notFound);
}

/** The artist sets (or, with null, removes) their campaign's cover; a cancelled campaign is not changed. */
export async function setCampaignArtwork(
  deps: { db: Database; store: ArtworkStore },
  userId: string,
  campaignId: string | undefined,
  key: string | null,
) {
  const campaign = await findOwnCampaign(deps.db, userId, campaignId);
  if (campaign.status === "cancelled") throw new DomainError("conflict", "Campaign is not available");
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
