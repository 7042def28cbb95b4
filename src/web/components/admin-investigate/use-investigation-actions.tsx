import { adminApi, dismissFlagMessages, type Investigation, type SuspiciousItem } from "../../../core/api/admin";
import { countOf, formatCents } from "../../../core/money";
import { campaignStatus, isRunning } from "../../../core/vocabulary";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { useConfirm } from "../ui/confirm-dialog";

export type TouchedLink = Investigation["links"][number];
export type VoidTarget = "address" | "promoter";

/** What voiding does to this campaign's result, said before it is done. */
function voidConsequence(link: TouchedLink) {
  if (link.under_review) return "Its result is under review, so its winners and pending payouts are decided again.";
  if (isRunning(link.campaign_status)) return "The leaderboard changes now.";
  if (link.campaign_status === campaignStatus.ended) {
    return "While no prize of it has been paid, its winners are decided again and wait for approval; a paid prize stays as it is.";
  }
  return "Its prizes are settled, so only the counts change.";
}

/**
 * The fraud review's two actions on an investigation, each confirmed with a reason: voiding counted clicks (the
 * subject address's, or a promoter's on a campaign) and dismissing the open flag.
 */
export function useInvestigationActions(data: Investigation) {
  const { confirm, dialog } = useConfirm();
  const invalidates = [adminApi.investigate, adminApi.suspicious, adminApi.stats, adminApi.payouts];
  const voidClicks = useApiMutation(adminApi.voidClicks, {
    invalidates,
    onSuccess: (result) =>
      toast.success(
        `Voided ${countOf(result.clicks_voided, "counted click")}.` +
          (result.result === "redecided"
            ? ` Winners decided again: ${
                result.winners.map((winner) => `@${winner.handle} (${formatCents(winner.amount_cents)})`).join(", ") ||
                "none, the prize is refunded"
              }.`
            : ""),
      ),
    onError: toastRequestError,
  });
  const dismiss = useApiMutation(adminApi.dismissFlag, {
    invalidates,
    onSuccess: () => toast.success("Flag dismissed."),
    onError: toastRequestError,
  });
  const openFlag = data.flag?.status === "open" ? data.flag.id : undefined;

  /** Voids the subject address's counted clicks, or all of the promoter's, on the link's campaign. */
  const voidLink = async (link: TouchedLink, target: VoidTarget) => {
    const promoterCounted =
      data.subject.kind === "address" || data.subject.kind === "fingerprint" || data.subject.kind === "network"
        ? "all the counted clicks"
        : `the ${countOf(link.counted, "counted click")}`;
    const reason = await confirm({
      title: target === "address" ? "Void this address's clicks" : "Void promoter's clicks",
      description: `${
        target === "address"
          ? `Void this address's counted click on "${link.campaign_title}" (via @${link.promoter_handle})?`
          : `Void ${promoterCounted} of @${link.promoter_handle} on "${link.campaign_title}"?`
      } ${voidConsequence(link)}`,
      confirmLabel: "Void Clicks",
      tone: "danger",
      input: { label: "Reason (optional)", maxLength: 500 },
    });
    if (reason === false) return;
    voidClicks.mutate({
      body: {
        campaign_id: link.campaign_id,
        ...(target === "address" ? { ip_hash: data.subject.key } : { promoter_id: link.promoter_id }),
        ...(typeof reason === "string" && reason ? { reason } : {}),
        ...(openFlag ? { flag_id: openFlag } : {}),
      },
    });
  };
  const voiding = (link: TouchedLink, target: VoidTarget) =>
    voidClicks.isPending &&
    voidClicks.variables?.body?.campaign_id === link.campaign_id &&
    (target === "address"
      ? Boolean(voidClicks.variables.body.ip_hash)
      : voidClicks.variables.body.promoter_id === link.promoter_id);

  const dismissFlag = async (open: SuspiciousItem) => {
    const reason = await confirm({
      title: "Dismiss flag",
      description: "Dismiss this flag? Nothing is voided; the flag is closed with your reason.",
      confirmLabel: "Dismiss Flag",
      input: { label: "Reason", maxLength: 500, required: dismissFlagMessages.reasonNeeded },
    });
    if (reason === false) return;
    dismiss.mutate({ params: { id: String(open.id) }, body: { reason: typeof reason === "string" ? reason : "" } });
  };

  return { voidLink, voiding, dismissFlag, dismissing: dismiss.isPending, dialog };
}
