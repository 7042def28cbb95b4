import { CheckCircle2, DollarSign, Percent, RefreshCw, ShieldAlert, Timer, UserX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { adminApi } from "../../core/api/admin";
import type { PayoutAction, PayoutListRow as Row } from "../../core/api/payouts";
import { formatCents, formatCount } from "../../core/money";
import { campaignStatus, type PayoutStatus } from "../../core/vocabulary";
import { AdminShell } from "../components/admin/admin-shell";
import { useRowActions } from "../components/admin/use-row-actions";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { useConfirm } from "../components/ui/confirm-dialog";
import { type Column, DataTable } from "../components/ui/data-table";
import { QueryState } from "../components/ui/query-state";
import { StatTile } from "../components/ui/stat-tile";
import { ApiError } from "../lib/api";
import { usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

const payoutTone: Record<PayoutStatus, BadgeTone> = {
  paid: "success",
  pending: "warning",
  processing: "brand",
  failed: "danger",
};
/** SPEC.md's payout errors: the server's reason, or the action's own words when it gave none. */
const saidOr = (fallback: string) => (error: unknown) => (error instanceof ApiError && error.message) || fallback;
const clicks = (count: number) => `${formatCount(count)} ${count === 1 ? "click" : "clicks"}`;

function WinnerCell({ row }: { row: Row }) {
  if (row.winner) {
    return (
      <div className="flex flex-col gap-0.5">
        <span className="font-semibold text-slate-900">{row.winner.name}</span>
        <span className="text-xs text-slate-600">
          @{row.winner.handle} · {clicks(row.winner.clicks)}
        </span>
        <span className="text-xs break-all text-slate-600">{row.winner.email}</span>
        {row.winner.has_payout_account ? null : (
          <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
            <UserX className="h-3.5 w-3.5" aria-hidden /> No payout account yet
          </span>
        )}
      </div>
    );
  }
  if (row.leaders.length === 0) {
    return <span className="text-slate-500">{row.ended ? "No winner" : "No clicks yet"}</span>;
  }
  return (
    <ul className="flex flex-col gap-1">
      {row.leaders.map((leader) => (
        <li key={leader.promoter_id}>
          <span className="font-semibold text-slate-900">@{leader.handle}</span>{" "}
          <span className="text-xs text-slate-600">{clicks(leader.clicks)} · leading</span>
        </li>
      ))}
    </ul>
  );
}

function PayoutCell({ row }: { row: Row }) {
  if (!row.payout) return <span className="text-slate-500">—</span>;
  return (
    <div className="flex flex-col gap-1">
      <span className="flex items-center gap-2">
        <span className="font-semibold text-slate-900">{formatCents(row.payout.amount_cents)}</span>
        <Badge tone={payoutTone[row.payout.status]}>{row.payout.status}</Badge>
      </span>
      {row.payout.paid_at ? (
        <span className="text-xs text-slate-600">Paid {new Date(row.payout.paid_at).toLocaleString()}</span>
      ) : null}
      {row.payout.transfer_id ? (
        <span className="text-xs break-all text-slate-500">Transfer {row.payout.transfer_id}</span>
      ) : null}
    </div>
  );
}

type ActionCellProps = {
  row: Row;
  paying: boolean;
  releasing: boolean;
  passingOn: boolean;
  error: ReactNode;
  onPay: () => void;
  onRelease: () => void;
  onPassOn: () => void;
};

const notApplicable = () => <span className="text-slate-600">N/A</span>;

/** What can be done with a row, by the action the server says it is waiting for. */
const actionViews: Record<PayoutAction, (props: ActionCellProps) => ReactNode> = {
  pay: ({ paying, onPay }) => (
    <Button size="sm" loading={paying} onClick={onPay}>
      Pay Winner
    </Button>
  ),
  under_review: ({ row, releasing, onRelease }) =>
    row.review_until ? (
      <div className="flex max-w-56 flex-col items-start gap-2">
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
          <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Under review until{" "}
          {new Date(row.review_until).toLocaleString()}
        </span>
        <Button size="sm" variant="secondary" loading={releasing} onClick={onRelease}>
          Release Results
        </Button>
      </div>
    ) : (
      notApplicable()
    ),
  held: ({ passingOn, onPassOn }) => (
    <div className="flex max-w-56 flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> On hold: the winner was banned
      </span>
      <Button size="sm" variant="secondary" loading={passingOn} onClick={onPassOn}>
        Pass Prize On
      </Button>
    </div>
  ),
  completed: () => <Badge tone="success">Completed</Badge>,
  no_winner: () => <span className="text-slate-600">No Winner</span>,
  active: () => <span className="text-slate-600">Campaign Active</span>,
  not_applicable: notApplicable,
};

function ActionCell(props: ActionCellProps) {
  const { row, error } = props;
  return (
    <>
      {actionViews[row.action](props)}
      {row.payout?.status === "failed" && row.payout.failure_reason ? (
        <p className="mt-2 max-w-56 text-xs text-amber-800">Last attempt failed: {row.payout.failure_reason}</p>
      ) : null}
      {error}
    </>
  );
}

/** SPEC.md Admin payouts: one row per payout, each paid on its own (admins only, guarded by the route table). */
export default function AdminPayoutsPage() {
  usePageMeta("Admin payouts");
  const list = useApi(adminApi.payouts, {}, { refetchInterval: 30_000 });
  const [notice, setNotice] = useState(false);
  const { run, isBusy, rowError } = useRowActions([adminApi.payouts]);
  const { confirm, dialog } = useConfirm();
  const keyOf = (row: Row) => row.payout?.id ?? row.campaign_id;

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
        onError: () => void list.refetch(),
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
      keyOf(row),
      "Release",
      adminApi.releaseResults,
      { params: { id: row.campaign_id } },
      { failure: saidOr("Release failed") },
    );
  };

  const passPrizeOn = async (row: Row) => {
    if (!row.payout || !row.winner) return;
    const payoutId = row.payout.id;
    const confirmed = await confirm({
      title: "Pass prize on",
      description: `Give the ${formatCents(row.payout.amount_cents)} of banned @${row.winner.handle} for "${row.title}" to the next eligible promoter? With nobody eligible, it is refunded to the artist.`,
      confirmLabel: "Pass Prize On",
    });
    if (!confirmed) return;
    await run(payoutId, "Pass on", adminApi.passOnPayout, { params: { payoutId } }, { failure: saidOr("Failed") });
  };

  const columns: Array<Column<Row>> = [
    {
      key: "campaign",
      header: "Campaign",
      cell: (row) => (
        <>
          <p className="font-semibold text-slate-900">{row.title}</p>
          <p className="text-xs text-slate-600">by {row.artist_name}</p>
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <>
          <Badge tone={row.status === campaignStatus.completed ? "success" : row.ended ? "neutral" : "brand"}>
            {row.status === campaignStatus.completed ? "COMPLETED" : row.ended ? "ENDED" : "ACTIVE"}
          </Badge>
          <p className="mt-1 text-xs text-slate-500">{new Date(row.ends_at).toLocaleString()}</p>
        </>
      ),
    },
    { key: "winner", header: "Winner", cell: (row) => <WinnerCell row={row} /> },
    {
      key: "prize",
      header: "Prize (with Fee)",
      cell: (row) => (
        <>
          <p className="font-semibold text-slate-900">{formatCents(row.prize_cents)}</p>
          <p className="text-xs text-slate-600">+ {formatCents(row.platform_fee_cents)} fee</p>
        </>
      ),
    },
    { key: "payout", header: "Payout", cell: (row) => <PayoutCell row={row} /> },
    {
      key: "actions",
      header: "Actions",
      cell: (row) => (
        <ActionCell
          row={row}
          paying={isBusy(keyOf(row), "Pay")}
          releasing={isBusy(keyOf(row), "Release")}
          passingOn={isBusy(keyOf(row), "Pass on")}
          error={rowError(keyOf(row), "mt-2 max-w-56 text-xs text-red-700")}
          onPay={() => void payWinner(row)}
          onRelease={() => void releaseResults(row)}
          onPassOn={() => void passPrizeOn(row)}
        />
      ),
    },
  ];

  const summary = list.data?.summary;
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
      {notice ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden /> Payout processed successfully!
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <StatTile
          icon={DollarSign}
          label="Total Payouts · Paid to winners"
          value={summary ? formatCents(summary.total_paid_cents) : "—"}
        />
        <StatTile
          icon={Timer}
          label="Pending Payouts · Campaigns ready"
          value={summary ? String(summary.pending_campaigns) : "—"}
        />
        <StatTile
          icon={ShieldAlert}
          label="Under review · Results not final yet"
          value={summary ? String(summary.under_review_campaigns) : "—"}
        />
        <StatTile
          icon={Percent}
          label="Platform Fees · Total collected"
          value={summary ? formatCents(summary.platform_fees_cents) : "—"}
        />
        <StatTile
          icon={UserX}
          label="Waiting for a payout account"
          value={summary ? String(summary.awaiting_account) : "—"}
        />
      </div>

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
        {(data) => (
          <Card className="overflow-hidden">
            <DataTable
              rows={data.rows}
              rowKey={keyOf}
              rowProps={(row) => ({ "data-campaign-id": row.campaign_id })}
              columns={columns}
              caption="Campaign payouts"
              empty="No Payouts Pending"
              minWidth="sm:min-w-[60rem]"
              stackOnPhones
            />
          </Card>
        )}
      </QueryState>
      {dialog}
    </AdminShell>
  );
}
