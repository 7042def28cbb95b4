import { type CampaignStatus, campaignStatus } from "../../../core/vocabulary";
import type { BadgeTone } from "../ui/badge";

/** A campaign status's badge colour, wherever campaigns are listed (admin console, artist dashboard). */
export const campaignStatusTone: Record<CampaignStatus, BadgeTone> = {
  draft: "neutral",
  active: "success",
  paused: "warning",
  ended: "brand",
  completed: "brand",
  cancelled: "danger",
};

/** SPEC.md's status badges: the live status reads LIVE. */
export const campaignStatusLabel: Record<CampaignStatus, string> = {
  draft: "DRAFT",
  active: "LIVE",
  paused: "PAUSED",
  ended: "ENDED",
  completed: "COMPLETED",
  cancelled: "CANCELLED",
};

/**
 * The PUBLIC / PRIVATE badge of a campaign people can be shown; none for a draft, which nobody but its artist sees
 * until it is paid, whatever its visibility will be then.
 */
export function visibilityLabel(campaign: { status: CampaignStatus; is_public: boolean }): "PUBLIC" | "PRIVATE" | null {
  if (campaign.status === campaignStatus.draft) return null;
  return campaign.is_public ? "PUBLIC" : "PRIVATE";
}

/** The launch page's line above 'Campaign Launched!': where the campaign stands now, not when it was paid. */
export const launchStatusLine: Record<CampaignStatus, string> = {
  draft: "Confirming your payment",
  active: "Your campaign is live",
  paused: "Your campaign is paused",
  ended: "Your campaign has ended",
  completed: "Your campaign has ended",
  cancelled: "Your campaign was cancelled",
};
