import { type ApprovalCandidate, type ApprovalView, adminApi } from "../../../core/api/admin";
import { countOf, formatCents } from "../../../core/money";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { usePassOn } from "../admin-payouts/pass-on-dialog";
import { useConfirm } from "../ui/confirm-dialog";

const invalidates = [
  adminApi.approvalView,
  adminApi.approvalQueue,
  adminApi.payouts,
  adminApi.suspicious,
  adminApi.stats,
];

/**
 * The approval view's three actions (PRODUCT.md Winner verification), each confirmed first: Approve (the prize is paid
 * once the winner has verified; the candidate's open flags are closed by the decision), Pass On (with its grounds and
 * reason) and Void Clicks (the result is then decided again from the clicks that remain).
 */
export function useApprovalActions(view: ApprovalView) {
  const { confirm, dialog } = useConfirm();
  const passOn = usePassOn(invalidates);
  const approve = useApiMutation(adminApi.approvePayout, {
    invalidates,
    onSuccess: () => toast.success("Approved: the winner is told, and paid once they have verified."),
    onError: toastRequestError,
  });
  const voidClicks = useApiMutation(adminApi.voidClicks, {
    invalidates,
    onSuccess: (result) =>
      toast.success(
        `Voided ${countOf(result.clicks_voided, "counted click")}.` +
          (result.result === "redecided"
            ? ` Decided again: ${
                result.winners.map((winner) => `@${winner.handle} (${formatCents(winner.amount_cents)})`).join(", ") ||
                "no winner, the prize is refunded"
              }.`
            : " A prize of this campaign was already paid, so the result stays."),
      ),
    onError: toastRequestError,
  });

  const approveCandidate = async (candidate: ApprovalCandidate) => {
    if (!candidate.payout_id) return;
    const flags = candidate.open_flags.length;
    const confirmed = await confirm({
      title: "Approve the result",
      description: `Approve the ${formatCents(candidate.amount_cents ?? 0)} of @${candidate.handle} for "${view.campaign.title}"? ${
        flags > 0 ? `Approving closes its ${countOf(flags, "open flag")}. ` : ""
      }${view.campaign.under_review ? "It also ends the review now. " : ""}The prize is paid once @${candidate.handle} has verified their eligibility.`,
      confirmLabel: "Approve",
    });
    if (confirmed) approve.mutate({ params: { payoutId: candidate.payout_id } });
  };

  const passOnCandidate = (candidate: ApprovalCandidate) => {
    if (!candidate.payout_id) return;
    passOn.open({
      payoutId: candidate.payout_id,
      handle: candidate.handle,
      amountCents: candidate.amount_cents ?? 0,
      title: view.campaign.title,
    });
  };

  const voidCandidate = async (candidate: ApprovalCandidate) => {
    const reason = await confirm({
      title: "Void clicks",
      description: `Void the ${countOf(candidate.clicks, "counted click")} of @${candidate.handle} on "${view.campaign.title}"? While no prize of it is paid, the result is decided again from the clicks that remain.`,
      confirmLabel: "Void Clicks",
      tone: "danger",
      input: { label: "Reason (optional)", maxLength: 500 },
    });
    if (reason === false) return;
    voidClicks.mutate({
      body: {
        campaign_id: view.campaign.id,
        promoter_id: candidate.promoter_id,
        ...(typeof reason === "string" && reason ? { reason } : {}),
      },
    });
  };

  return {
    approveCandidate,
    approving: (candidate: ApprovalCandidate) =>
      approve.isPending && approve.variables?.params.payoutId === candidate.payout_id,
    passOnCandidate,
    passingOn: (candidate: ApprovalCandidate) => (candidate.payout_id ? passOn.passing(candidate.payout_id) : false),
    voidCandidate,
    voiding: (candidate: ApprovalCandidate) =>
      voidClicks.isPending && voidClicks.variables?.body?.promoter_id === candidate.promoter_id,
    dialog: (
      <>
        {dialog}
        {passOn.dialog}
      </>
    ),
  };
}
