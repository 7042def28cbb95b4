import { useQueryClient } from "@tanstack/react-query";
import { Download, Wallet } from "lucide-react";
import { type EarningsRow, type EarningsTotals, payoutsApi } from "../../../core/api/payouts";
import { MIN_PAYOUT_CENTS } from "../../../core/money";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { apiKey, useApiMutation } from "../../lib/use-api";
import { Button, buttonStyles } from "../ui/button";
import { downloadCsv } from "./earnings-history";

type Props = {
  totals: EarningsTotals | null;
  /** The history as shown: the report exports what the filters show. */
  rows: EarningsRow[];
  accountReady: boolean;
  accountMissing: boolean;
};

/** Why Request Payout waits while a won prize is being verified (PRODUCT.md Winner verification). */
const verifyingNote = "Verifying the winner: your prize can be requested once you have verified and it is approved";

const accountNote = "Set up your payout account to receive your prize";

/** Export Report, and Request Payout with what stands in its way when it cannot be asked for yet. */
export function EarningsActions({ totals, rows, accountReady, accountMissing }: Props) {
  const queryClient = useQueryClient();
  const requestPayout = useApiMutation(payoutsApi.request, {
    idempotent: true,
    invalidates: [payoutsApi.earnings],
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => {
      toastRequestError(error);
      // A refusal may have put a payout on hold (tax information needed): the page shows it.
      void queryClient.invalidateQueries({ queryKey: apiKey(payoutsApi.earnings) });
    },
  });
  const canRequest = Boolean(totals?.can_request_payout) && accountReady;
  const owedEnough = Boolean(totals && totals.owed_cents >= MIN_PAYOUT_CENTS);
  // The review comes first, then the verification (whose first step is the payout account), then the minimum.
  const requestBlocked = canRequest
    ? null
    : owedEnough && totals && totals.under_review_cents > 0
      ? "Results under review: your payout can be requested once the review is over"
      : owedEnough && totals && totals.verifying_cents > 0
        ? verifyingNote
        : accountMissing
          ? accountNote
          : "Minimum payout is $50";
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => downloadCsv(rows)}>
        <Download className="h-4 w-4" aria-hidden /> Export Report
      </Button>
      <span title={requestBlocked ?? undefined}>
        <Button
          variant="accent"
          disabled={!canRequest}
          loading={requestPayout.isPending}
          onClick={() => requestPayout.mutate({})}
        >
          <Wallet className="h-4 w-4" aria-hidden /> Request Payout
        </Button>
      </span>
      {requestBlocked === verifyingNote ? (
        <p className="w-full text-right text-sm text-amber-800" role="status">
          {verifyingNote}
        </p>
      ) : null}
      {accountMissing ? (
        <p className="flex w-full flex-wrap items-center justify-end gap-2 text-sm text-amber-800">
          {requestBlocked === verifyingNote ? null : accountNote}
          <a href="#payout-account" className={buttonStyles("secondary", "sm")}>
            Set Up Payouts
          </a>
        </p>
      ) : null}
    </div>
  );
}
