import { eq, sql } from "drizzle-orm";
import { artworkPath, generatedCoverDataUrl, generatedCoverPath } from "../../core/artwork.js";
import type { Database } from "../db/client.js";
import { campaignRules, campaigns, promoters, trackingLinks, user } from "../db/schema.js";

export type TrackedLink = {
  linkId: string;
  campaignId: string;
  promoterId: string;
  promoterUserId: string;
  /** The promoter is suspended by an admin: their link still leads to the song, its visits never count. */
  promoterBanned: boolean;
  artistUserId: string;
  title: string;
  artistName: string;
  songLink: string;
  status: string;
  isPublic: boolean;
  endsAt: Date | null;
  /** The tracking page's cover: the artwork's small size, or the cover drawn from title, artist and genre. */
  cover: string;
  /** The path of the image a shared link unfurls with. */
  ogImage: string;
  /** The path of the campaign's official rules page. */
  rules: string;
  /**
   * The click rules' version the campaign's official rules state (null until they are frozen at launch): its clicks
   * are judged as that version promised (ADR 034), so a later version's stricter rule waits for campaigns that state it.
   */
  clickRulesVersion: number | null;
};

const TTL_MS = 2_000;
/** A link looked up this long ago is looked up again behind the click that finds it, before it must be. */
const REFRESH_AFTER_MS = 1_500;

function withCover({
  genre,
  artworkKey,
  ...link
}: Omit<TrackedLink, "cover" | "ogImage" | "rules"> & {
  genre: string | null;
  artworkKey: string | null;
}): TrackedLink {
  return {
    ...link,
    cover: artworkKey
      ? artworkPath(artworkKey, "320.webp")
      : generatedCoverDataUrl({ title: link.title, artist_name: link.artistName, genre }),
    ogImage: artworkKey ? artworkPath(artworkKey, "og.jpg") : generatedCoverPath(link.campaignId),
    rules: `/campaigns/${link.campaignId}/rules`,
  };
}
const MAX_ENTRIES = 50_000;
const ignore = () => {};

/**
 * Short code → link, campaign and owners, cached for two seconds: a viral link costs one query every two seconds
 * instead of one per click, and a paused or ended campaign, or a banned promoter, is seen within two seconds of its
 * query. The clicks that arrive while a code is being looked up wait for that one query instead of sending their own.
 * A link still clicked after a second and a half is looked up again behind the click that finds it, so a viral link's
 * clicks do not all wait for a query every two seconds (ADR 033); a failed refresh leaves the next click past the two
 * seconds to ask, and to fail.
 */
export function createLinkLookup(db: Database) {
  const cache = new Map<string, { link: TrackedLink | null; at: number }>();
  const pending = new Map<string, Promise<TrackedLink | null>>();
  const query = async (shortCode: string): Promise<TrackedLink | null> => {
    const at = Date.now();
    const [row] = await db
      .select({
        linkId: trackingLinks.id,
        campaignId: campaigns.id,
        promoterId: promoters.id,
        promoterUserId: promoters.authUserId,
        promoterBanned: sql<boolean>`${user.bannedAt} is not null`,
        artistUserId: campaigns.createdBy,
        title: campaigns.title,
        artistName: campaigns.artistName,
        songLink: campaigns.songLink,
        status: campaigns.status,
        isPublic: campaigns.isPublic,
        endsAt: campaigns.endsAt,
        genre: campaigns.genre,
        artworkKey: campaigns.artworkKey,
        clickRulesVersion: sql<number | null>`(${campaignRules.settings}->>'clickRulesVersion')::int`,
      })
      .from(trackingLinks)
      .innerJoin(campaigns, eq(campaigns.id, trackingLinks.campaignId))
      .leftJoin(campaignRules, eq(campaignRules.campaignId, campaigns.id))
      .innerJoin(promoters, eq(promoters.id, trackingLinks.promoterId))
      .innerJoin(user, eq(user.id, promoters.authUserId))
      .where(eq(trackingLinks.shortCode, shortCode))
      .limit(1);
    const link = row ? withCover(row) : null;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(shortCode, { link, at });
    return link;
  };
  const lookUp = (shortCode: string) => {
    let lookup = pending.get(shortCode);
    if (!lookup) {
      lookup = query(shortCode).finally(() => pending.delete(shortCode));
      pending.set(shortCode, lookup);
    }
    return lookup;
  };
  return (shortCode: string): Promise<TrackedLink | null> => {
    const hit = cache.get(shortCode);
    const age = hit ? Date.now() - hit.at : TTL_MS;
    if (!hit || age >= TTL_MS) return lookUp(shortCode);
    if (age >= REFRESH_AFTER_MS && !pending.has(shortCode)) lookUp(shortCode).catch(ignore);
    return Promise.resolve(hit.link);
  };
}
