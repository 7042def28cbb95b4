import { and, eq, inArray, or } from "drizzle-orm";
import type { CampaignView } from "../../core/api/campaigns.js";
import { campaignStatus } from "../../core/vocabulary.js";
import { isAdmin } from "../accounts/admins.js";
import type { Database } from "../db/client.js";
import { campaigns, promoters, trackingLinks } from "../db/schema.js";
import { DomainError } from "../errors.js";
import { assertCampaignId } from "../ids.js";
import type { CampaignRow } from "./campaign-access.js";
import { fundingSummary } from "./funding.js";

/** Statuses anyone may see a public campaign in: live, paused, and with its result after the end. */
export const publicStatuses = [
  campaignStatus.active,
  campaignStatus.paused,
  campaignStatus.ended,
  campaignStatus.completed,
] as const;

/**
 * A campaign the viewer may see: a public one that has been live, any of their own (drafts included), any for an
 * admin. 'Campaign not found' otherwise, so a private campaign's existence is not told.
 */
export async function findVisibleCampaign(
  db: Database,
  campaignId: string | undefined,
  viewerUserId: string | undefined,
): Promise<CampaignRow> {
  const id = assertCampaignId(campaignId);
  const everything = viewerUserId ? await isAdmin(db, viewerUserId) : false;
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, id),
        everything
          ? undefined
          : or(
              and(eq(campaigns.isPublic, true), inArray(campaigns.status, [...publicStatuses])),
              eq(campaigns.createdBy, viewerUserId ?? ""),
            ),
      ),
    )
    .limit(1);
  if (!campaign) throw new DomainError("not_found", "Campaign not found");
  return campaign;
}

/** Whether the viewer may see the campaign (see `findVisibleCampaign`): its page then answers 200, not 404. */
export async function campaignVisibleTo(db: Database, campaignId: string, viewerUserId: string): Promise<boolean> {
  return findVisibleCampaign(db, campaignId, viewerUserId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof DomainError) return false;
      throw error;
    },
  );
}

/** The campaign page's view of a campaign for this viewer. */
export async function campaignView(
  db: Database,
  campaign: CampaignRow,
  viewerUserId: string | undefined,
): Promise<CampaignView> {
  const [mine] = viewerUserId
    ? await db
        .select({ short_code: trackingLinks.shortCode, total_clicks: trackingLinks.totalClicks })
        .from(trackingLinks)
        .innerJoin(promoters, eq(promoters.id, trackingLinks.promoterId))
        .where(and(eq(trackingLinks.campaignId, campaign.id), eq(promoters.authUserId, viewerUserId)))
        .limit(1)
    : [];
  return {
    ...fundingSummary(campaign),
    description: campaign.description,
    song_link: campaign.songLink,
    artwork_key: campaign.artworkKey,
    is_public: campaign.isPublic,
    total_clicks: campaign.totalClicks,
    promoter_count: campaign.promoterCount,
    is_own: campaign.createdBy === viewerUserId,
    my_link: mine ?? null,
  };
}

/** What a shared link to a campaign page unfurls with: public campaigns only, whoever asks. */
export async function publicCampaignForMeta(db: Database, campaignId: string) {
  const [campaign] = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      artist_name: campaigns.artistName,
      description: campaigns.description,
      prize_cents: campaigns.prizeCents,
      artwork_key: campaigns.artworkKey,
    })
    .from(campaigns)
    .where(
      and(eq(campaigns.id, campaignId), eq(campaigns.isPublic, true), inArray(campaigns.status, [...publicStatuses])),
    )
    .limit(1);
  return campaign ?? null;
}
