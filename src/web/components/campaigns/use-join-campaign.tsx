import { lazy, type ReactNode, Suspense, useState } from "react";
import { accountsApi } from "../../../core/api/accounts";
import { campaignsApi } from "../../../core/api/campaigns";
import { fillPath } from "../../../core/api/contract";
import { leaderboardsApi } from "../../../core/api/leaderboards";
import type { EligibilityInput } from "../../../core/eligibility-rules";
import { ApiError } from "../../lib/api";
import { trackingUrl } from "../../lib/campaigns";
import { copyWithToast } from "../../lib/clipboard";
import { isOffline, offlineQueue } from "../../lib/offline-queue";
import { toastRequestError } from "../../lib/request-errors";
import { useAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";

/** Asked once per account, so downloaded only by the one who has not answered yet. */
const JoinEligibilityDialog = lazy(async () => ({
  default: (await import("./join-eligibility-dialog")).JoinEligibilityDialog,
}));

export const copyLink = (shortCode: string) =>
  copyWithToast(trackingUrl(shortCode), {
    copied: "Tracking link copied to clipboard!",
    failed: "Failed to copy link",
  });

/** The server's refusal of a join by an account that has not stated its eligibility yet. */
const asksForEligibility = (error: unknown) => error instanceof ApiError && Boolean(error.fields?.eligibility);

/**
 * Joining a campaign, from its card or its page: the new link is copied; offline, the join waits in the queue and is
 * sent, once, when the connection is back. A join that meets an expired session is done again once the user signs
 * back in (session-expiry.ts). The first join of an account asks where its user lives and their age (`dialog`, which
 * the caller renders) and sends it along; after that, Join is one click.
 */
export function useJoinCampaign(campaign: { id: string; title: string }): {
  join: () => void;
  joining: boolean;
  dialog: ReactNode;
} {
  const { account } = useAccount();
  const [asking, setAsking] = useState(false);
  const join = useApiMutation(campaignsApi.join, {
    idempotent: true,
    // The lists, the campaign's page and its board show the new promoter at once; the account, its statement.
    invalidates: [campaignsApi.list, campaignsApi.detail, leaderboardsApi.campaign, accountsApi.me],
    onSuccess: async ({ link }) => {
      setAsking(false);
      toast.success("You joined! Share your link to climb the leaderboard.");
      await copyLink(link.short_code);
    },
  });
  const send = (eligibility?: EligibilityInput) => {
    const body = eligibility ? { eligibility } : {};
    if (!isOffline()) return join.mutateAsync({ params: { id: campaign.id }, body });
    offlineQueue.add({
      label: `Join "${campaign.title}"`,
      path: fillPath(campaignsApi.join.path, { id: campaign.id }),
      body,
    });
    setAsking(false);
    toast.warning(`You are offline: joining "${campaign.title}" is queued and will be sent when you reconnect.`);
    return Promise.resolve(undefined);
  };
  const joinOrAsk = () => {
    if (account && !account.eligibility) return setAsking(true);
    send().catch((error: unknown) => (asksForEligibility(error) ? setAsking(true) : toastRequestError(error)));
  };
  const dialog = asking ? (
    <Suspense fallback={null}>
      <JoinEligibilityDialog
        campaignTitle={campaign.title}
        current={account?.eligibility ?? null}
        busy={join.isPending}
        onClose={() => setAsking(false)}
        onSubmit={async (eligibility) => {
          await send(eligibility);
        }}
      />
    </Suspense>
  ) : null;
  return { join: joinOrAsk, joining: join.isPending, dialog };
}
