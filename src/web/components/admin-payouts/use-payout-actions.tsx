import { useState } from "react";
import { adminApi } from "../../../core/api/admin";
import type { PayoutListRow as Row } from "../../../core/api/payouts";
import { formatCents } from "../../../core/money";
import { ApiError } from "../../lib/api";
import { useRowActions } from "../admin/use-row-actions";
import { useConfirm } from "../ui/confirm-dialog";
import { usePassOn } from "./pass-on-dialog";

/** SPEC.md's payout errors: the server's reason, or the action's own words when it gave none. */
const saidOr = (fallback: string) => (error: unknown) => (error instanceof ApiError && error.message) || fallback;

/** A row's key: its payout, or its campaign while it has none. */
export const payoutRowKey = (row: Row) => row.payout?.id ?? row.campaign_id;

/**
 * The payout list's actions, each confirmed first: pay a winner (SPEC.md's notice for 3 s after), release results
 * under review, pass a candidate's prize on (with its grounds and reason). A failed payment refreshes the list, whose row may have moved on.
 */
export function usePayoutActions(refresh: () => void) {
  const [notice, setNotice] = useState(false);
  const { run, isBusy, rowError } = useRowActions([adminApi.payouts]);
  const { confirm, dialog } = useConfirm();

  const payWinner = async (row: Row) => {
    if (!row.payout || !row.winner) return;
    const payoutId = row.payout.id;
    const confirmed = await confirm({
      title: "Pay winner",
      description: `Pay ${formatCents(row.payout.amount_cents)} to @${row.winner.handle} now for "${row.title}"?`,
      confirmLabel: "Pay Winner",
    });
    if (!confirmed) return;
    await run(
      payoutId,
      "Pay",
      adminApi.payPayout,
      { params: { payoutId } },
      {
        failure: (error) =>
          error instanceof ApiError && error.status === 401
            ? "Authentication required"
            : saidOr("Payout failed")(error),
        onSuccess: () => {
          setNotice(true);
          window.setTimeout(() => setNotice(false), 3000);
        },
        onError: refresh,
      },
    );
  };

  const releaseResults = async (row: Row) => {
    const confirmed = await confirm({
      title: "Release results",
      description: `Release the results of "${row.title}" now? They become final: the winners are told and can be paid right away.`,
      confirmLabel: "Release Results",
    });
    if (!confirmed) return;
    await run(
      payoutRowKey(row),
      "Release",
      adminApi.releaseResults,
      { params: { id: row.campaign_id } },
      { failure: saidOr("Release failed") },
    );
  };

  const passOn = usePassOn([adminApi.payouts, adminApi.approvalQueue]);
  const passPrizeOn = (row: Row) => {
    if (!row.payout || !row.winner) return;
    passOn.open({
      payoutId: row.payout.id,
      handle: row.winner.handle,
      amountCents: row.payout.amount_cents,
      title: row.title,
    });
  };

  return {
    payWinner,
    releaseResults,
    passPrizeOn,
    passingOn: passOn.passing,
    isBusy,
    rowError,
    notice,
    dialog: (
      <>
        {dialog}
        {passOn.dialog}
      </>
    ),
  };
}
