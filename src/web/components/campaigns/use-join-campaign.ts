import { campaignsApi } from "../../../core/api/campaigns";
import { fillPath } from "../../../core/api/contract";
import { leaderboardsApi } from "../../../core/api/leaderboards";
import { trackingUrl } from "../../lib/campaigns";
import { isOffline, offlineQueue } from "../../lib/offline-queue";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";

export async function copyLink(shortCode: string) {
  try {
    await navigator.clipboard.writeText(trackingUrl(shortCode));
    toast.success("Tracking link copied to clipboard!", { duration: 3000 });
  } catch {
    toast.error("Failed to copy link");
  }
}

/**
 * Joining a campaign, from its card or its page: the new link is copied; offline, the join waits in the queue and is
 * sent, once, when the connection is back. A join that meets an expired session is done again once the user signs
 * back in (session-expiry.ts).
 */
export function useJoinCampaign(campaign: { id: string; title: string }) {
  const join = useApiMutation(campaignsApi.join, {
    idempotent: true,
    // The lists, the campaign's page and its board show the new promoter at once.
    invalidates: [campaignsApi.list, campaignsApi.detail, leaderboardsApi.campaign],
    onSuccess: async ({ link }) => {
      toast.success("You joined! Share your link to climb the leaderboard.");
      await copyLink(link.short_code);
    },
    onError: toastRequestError,
  });
  const joinOrQueue = () => {
    if (!isOffline()) return join.mutate({ params: { id: campaign.id } });
    offlineQueue.add({
      label: `Join "${campaign.title}"`,
      path: fillPath(campaignsApi.join.path, { id: campaign.id }),
      body: {},
    });
    toast.warning(`You are offline: joining "${campaign.title}" is queued and will be sent when you reconnect.`);
  };
  return { join: joinOrQueue, joining: join.isPending };
}
