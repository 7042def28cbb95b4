import { CheckCircle2, DollarSign, Percent, RefreshCw, Timer } from "lucide-react";
import { useState } from "react";
import { adminApi } from "../../core/api/admin";
import type { PayoutListRow as Row } from "../../core/api/payouts";
import { formatCents, formatCount } from "../../core/money";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { type Column, DataTable } from "../components/ui/data-table";
import { QueryState } from "../components/ui/query-state";
import { StatTile } from "../components/ui/stat-tile";
import { ApiError } from "../lib/api";
import { usePageMeta } from "../lib/page-meta";
import { useApi, useApiMutation } from "../lib/use-api";

const payoutTone = { paid: "success", pending: "warning", processing: "brand", failed: "danger" } as const;

function WinnerCell({ row }: { row: Row }) {
  if (row.winners.length === 0)
    return <span className="text-slate-500">{row.ended ? "No winner" : "No clicks yet"}</span>;
  return (
    <ul className="flex flex-col gap-1">
      {row.winners.map((winner) => (
        <li key={winner.promoter_id}>
          <span className="font-semibold text-slate-900">@{winner.handle}</span>{" "}
          <span className="text-xs text-slate-600">
            {formatCount(winner.clicks)} {winner.clicks === 1 ? "click" : "clicks"}
            {row.ended ? "" : " · leading"}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PayoutCell({ row }: { row: Row }) {
  const payouts = row.winners.flatMap((winner) => (winner.payout ? [winner.payout] : []));
  if (payouts.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-1">
      {payouts.map((payout) => (
        <li key={payout.id} className="flex items-center gap-2">
          <span className="font-semibold text-slate-900">{formatCents(payout.amount_cents)}</span>
          <Badge tone={payoutTone[payout.status as keyof typeof payoutTone] ?? "neutral"}>{payout.status}</Badge>
        </li>
      ))}
    </ul>
  );
}

function ActionCell({
  row,
  paying,
  error,
  onPay,
}: {
  row: Row;
  paying: boolean;
  error: string | undefined;
  onPay: () => void;
}) {
  return (
    <>
      {row.action === "pay" ? (
        <Button size="sm" loading={paying} onClick={onPay}>
          Pay Winner
        </Button>
      ) : row.action === "completed" ? (
        <Badge tone="success">Completed</Badge>
      ) : row.action === "no_winner" ? (
        <span className="text-slate-600">No Winner</span>
      ) : row.action === "active" ? (
        <span className="text-slate-600">Campaign Active</span>
      ) : (
        <span className="text-slate-600">N/A</span>
      )}
      {row.winners.map((winner) =>
        winner.payout?.status === "failed" && winner.payout.failure_reason ? (
          <p key={winner.promoter_id} className="mt-2 max-w-56 text-xs text-amber-800">
            Last attempt failed: {winner.payout.failure_reason}
          </p>
        ) : null,
      )}
      {error ? (
        <p role="alert" className="mt-2 max-w-56 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** SPEC.md Admin payouts (admins only: the route table guards it, the server answers only admins). */
export default function AdminPayoutsPage() {
  usePageMeta("Admin payouts");
  const list = useApi(adminApi.payouts, {}, { refetchInterval: 30_000 });
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState(false);
  const pay = useApiMutation(adminApi.payWinners, { invalidates: [adminApi.payouts] });

  const payWinner = (campaignId: string) => {
    setRowErrors(({ [campaignId]: _cleared, ...rest }) => rest);
    pay.mutate(
      { params: { campaignId } },
      {
        onSuccess: () => {
          setNotice(true);
          window.setTimeout(() => setNotice(false), 3000);
        },
        onError: (error) => {
          const message =
            error instanceof ApiError
              ? error.status === 401
                ? "Authentication required"
                : error.message
              : "Payout failed";
          setRowErrors((errors) => ({ ...errors, [campaignId]: message }));
          void list.refetch();
        },
      },
    );
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
          <Badge tone={row.ended ? "neutral" : "success"}>{row.ended ? "ENDED" : "ACTIVE"}</Badge>
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
          paying={pay.isPending && pay.variables?.params.campaignId === row.campaign_id}
          error={rowErrors[row.campaign_id]}
          onPay={() => payWinner(row.campaign_id)}
        />
      ),
    },
  ];

  const summary = list.data?.summary;
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <div className="flex items-center gap-2">
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Payouts</h1>
            <Badge tone="danger">Admin</Badge>
          </div>
          <p className="mt-1 text-slate-600">Winners of ended campaigns and what they have been paid.</p>
        </div>
        <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </div>

      {notice ? (
        <div
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden /> Payout processed successfully!
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-3">
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
          icon={Percent}
          label="Platform Fees · Total collected"
          value={summary ? formatCents(summary.platform_fees_cents) : "—"}
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
              rowKey={(row) => row.campaign_id}
              rowProps={(row) => ({ "data-campaign-id": row.campaign_id })}
              columns={columns}
              caption="Campaign payouts"
              empty="No Payouts Pending"
              minWidth="min-w-[56rem]"
            />
          </Card>
        )}
      </QueryState>
    </section>
  );
}
