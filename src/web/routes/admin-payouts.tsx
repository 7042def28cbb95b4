import { CheckCircle2, RefreshCw } from "lucide-react";
import { adminApi } from "../../core/api/admin";
import { AdminShell } from "../components/admin/admin-shell";
import { PayoutSummary } from "../components/admin-payouts/payout-summary";
import { PayoutTable } from "../components/admin-payouts/payout-table";
import { PrizeLedgerExport } from "../components/admin-payouts/prize-ledger-export";
import { usePayoutActions } from "../components/admin-payouts/use-payout-actions";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

/** SPEC.md Admin payouts: one row per payout, each paid on its own (admins only, guarded by the route table). */
export default function AdminPayoutsPage() {
  usePageMeta("Admin payouts");
  const list = useApi(adminApi.payouts, {}, { refetchInterval: 30_000 });
  const actions = usePayoutActions(() => void list.refetch());
  return (
    <AdminShell
      title="Payouts"
      lead="Winners of ended campaigns and what they have been paid."
      actions={
        <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      }
    >
      {actions.notice ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden /> Payout processed successfully!
        </div>
      ) : null}

      <PayoutSummary summary={list.data?.summary} />

      <QueryState
        query={list}
        loadingLabel="Loading payouts"
        errorTitle="Failed to load payouts"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <Card>
            <CardBody className="py-12 text-center">
              <h2 className="text-lg font-semibold text-slate-900">No Payouts Pending</h2>
              <p className="mt-1 text-sm text-slate-600">Funded campaigns appear here with their winners.</p>
            </CardBody>
          </Card>
        }
      >
        {(data) => <PayoutTable rows={data.rows} actions={actions} />}
      </QueryState>
      <PrizeLedgerExport />
      {actions.dialog}
    </AdminShell>
  );
}
