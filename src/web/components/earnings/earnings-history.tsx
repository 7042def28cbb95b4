import { createContext, useContext } from "react";
import type { EarningsRow } from "../../../core/api/payouts";
import { earningsCsv } from "../../../core/earnings";
import { formatCents, formatCount } from "../../../core/money";
import { clicksLabel } from "../../lib/campaigns";
import { Badge, type BadgeTone } from "../ui/badge";
import { type Column, DataTable } from "../ui/data-table";

const statusTone: Record<EarningsRow["status"], BadgeTone> = { paid: "success", pending: "warning", lost: "neutral" };
const statusLabel: Record<EarningsRow["status"], string> = { paid: "Paid", pending: "Pending", lost: "Lost" };

/** The history as a spreadsheet, downloaded by the browser. */
export function downloadCsv(rows: EarningsRow[]) {
  const blob = new Blob([earningsCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `fanboost-earnings-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

function EarningsAmount({ row }: { row: EarningsRow }) {
  if (row.status === "lost") return <span className="text-slate-500">{formatCents(0)}</span>;
  if (row.payout_status === null) {
    return row.total_clicks === 0 ? (
      <span className="text-slate-500">No clicks yet</span>
    ) : (
      <span className="text-slate-700">up to {formatCents(row.amount_cents)}</span>
    );
  }
  return <span className="font-semibold text-slate-900">{formatCents(row.amount_cents)}</span>;
}

/** A winner's payout waits for their payout account: every unpaid row says so. */
export const PayoutAccountMissing = createContext(false);

function RowStatus({ row }: { row: EarningsRow }) {
  const accountMissing = useContext(PayoutAccountMissing);
  return (
    <>
      <Badge tone={statusTone[row.status]}>{statusLabel[row.status]}</Badge>
      {accountMissing && (row.payout_status === "pending" || row.payout_status === "failed") ? (
        <p className="mt-1 text-xs text-amber-800">Waiting for your payout account: set it up to get paid</p>
      ) : row.tax_info_needed ? (
        <p className="mt-1 text-xs text-amber-800">Tax information needed before it is paid</p>
      ) : row.payout_status === null && row.status === "pending" ? (
        <p className="mt-1 text-xs text-slate-500">Campaign live</p>
      ) : row.review_until ? (
        <p className="mt-1 text-xs text-amber-800">
          Results under review until {new Date(row.review_until).toLocaleString()}
        </p>
      ) : row.payout_status === "failed" ? (
        <p className="mt-1 text-xs text-amber-800">Transfer retrying</p>
      ) : row.payout_status === "processing" ? (
        <p className="mt-1 text-xs text-slate-500">Transfer in progress</p>
      ) : null}
    </>
  );
}

/** Phones get one block per campaign; wider screens the table. */
function HistoryList({ rows }: { rows: EarningsRow[] }) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden">
      {rows.map((row) => (
        <li key={row.tracking_link_id} className="flex items-start justify-between gap-3 px-5 py-4">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{row.campaign_title}</p>
            <p className="text-xs text-slate-600">by {row.campaign_artist}</p>
            <p className="mt-1 text-xs text-slate-600">
              {new Date(row.date).toLocaleDateString()} ·{" "}
              {row.rank === null ? "no rank yet" : `#${row.rank} of ${row.participants}`} ·{" "}
              {clicksLabel(row.total_clicks)}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <EarningsAmount row={row} />
            <div className="mt-1">
              <RowStatus row={row} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

const historyColumns: Array<Column<EarningsRow>> = [
  {
    key: "campaign",
    header: "Campaign",
    className: "px-5",
    cell: (row) => (
      <>
        <p className="font-semibold text-slate-900">{row.campaign_title}</p>
        <p className="text-xs text-slate-600">by {row.campaign_artist}</p>
      </>
    ),
  },
  { key: "date", header: "Date", cell: (row) => new Date(row.date).toLocaleDateString() },
  {
    key: "rank",
    header: "Rank",
    cell: (row) =>
      row.rank === null ? (
        <span className="text-slate-500">–</span>
      ) : (
        <>
          #{row.rank} <span className="text-xs text-slate-500">of {row.participants}</span>
        </>
      ),
  },
  { key: "clicks", header: "Clicks", cell: (row) => formatCount(row.total_clicks) },
  { key: "status", header: "Status", cell: (row) => <RowStatus row={row} /> },
  {
    key: "earnings",
    header: "Earnings",
    align: "right",
    className: "px-5",
    cell: (row) => <EarningsAmount row={row} />,
  },
];

export function HistoryTable({ rows }: { rows: EarningsRow[] }) {
  if (rows.length === 0) {
    return <p className="px-5 py-10 text-center text-sm text-slate-600">No earnings match these filters yet.</p>;
  }
  return (
    <>
      <HistoryList rows={rows} />
      <DataTable
        className="hidden sm:block"
        rows={rows}
        rowKey={(row) => row.tracking_link_id}
        columns={historyColumns}
        caption="Earnings history"
        empty="No earnings match these filters yet."
        minWidth="min-w-[40rem]"
      />
    </>
  );
}
