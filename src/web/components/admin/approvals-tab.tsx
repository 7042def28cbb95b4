import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { type ApprovalQueueItem, adminApi } from "../../../core/api/admin";
import { countOf, formatCents } from "../../../core/money";
import { approvalPath } from "../../../core/routes";
import { timeAgo } from "../../lib/time-ago";
import { useApi } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { QueryState } from "../ui/query-state";

const columns: Array<Column<ApprovalQueueItem>> = [
  {
    key: "result",
    header: "Result",
    cell: (item) => <span className="font-semibold text-slate-900">{item.title}</span>,
  },
  {
    key: "waiting",
    header: "Waiting",
    cell: (item) => <span className="text-slate-700">since {timeAgo(item.waiting_since)}</span>,
  },
  {
    key: "candidates",
    header: "Candidates",
    cell: (item) => (
      <ul className="flex flex-col gap-1">
        {item.candidates.map((candidate) => (
          <li key={candidate.payout_id} className="flex flex-wrap items-center gap-1.5 text-sm">
            <span className="font-semibold text-slate-900">@{candidate.handle}</span>
            <span className="text-slate-600">
              {countOf(candidate.clicks, "click")}, {formatCents(candidate.amount_cents)}
            </span>
            {candidate.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="neutral">Not verified</Badge>}
            {candidate.open_flags > 0 ? (
              <Badge tone="danger">{countOf(candidate.open_flags, "open flag")}</Badge>
            ) : null}
          </li>
        ))}
      </ul>
    ),
  },
  {
    key: "review",
    header: "Actions",
    cell: (item) => (
      <Link
        className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
        to={approvalPath(item.campaign_id)}
      >
        <ShieldCheck className="h-4 w-4" aria-hidden /> Review
      </Link>
    ),
  },
];

/** The queue of results waiting for an admin's approval (PRODUCT.md Winner verification), the longest wait first. */
export function ApprovalsTab() {
  const queue = useApi(adminApi.approvalQueue, {}, { refetchInterval: 30_000 });
  return (
    <QueryState
      query={queue}
      loadingLabel="Loading the approval queue"
      errorTitle="Failed to load the approval queue"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <Card className="p-10 text-center text-slate-600">
          No result is waiting for approval. Results appear here when their review window ends.
        </Card>
      }
    >
      {(data) => (
        <Card className="overflow-hidden">
          <DataTable
            rows={data.items}
            rowKey={(item) => item.campaign_id}
            columns={columns}
            caption="Results waiting for approval"
            empty="No result is waiting for approval."
            stackOnPhones
          />
        </Card>
      )}
    </QueryState>
  );
}
