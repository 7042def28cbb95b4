import { ShieldAlert, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PayoutAction, PayoutListRow as Row } from "../../../core/api/payouts";
import { countOf, formatCents } from "../../../core/money";
import { approvalPath } from "../../../core/routes";
import { campaignStatus, type PayoutHoldReason, type PayoutStatus, payoutHoldReason } from "../../../core/vocabulary";
import { holdLabels } from "../../lib/vocabulary-labels";
import { investigatePath } from "../admin/investigate-path";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { payoutRowKey, type usePayoutActions } from "./use-payout-actions";

const payoutTone: Record<PayoutStatus, BadgeTone> = {
  paid: "success",
  pending: "warning",
  processing: "brand",
  failed: "danger",
};
const clicks = (count: number) => countOf(count, "click");
/** The holds a person lifts apart from the approval flow: a ban (unban) and a flag (dismiss it). */
const heldByPeople: readonly PayoutHoldReason[] = [payoutHoldReason.banned, payoutHoldReason.flagged];

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
  under_review: (props) => (props.row.review_until ? <UnderReview {...props} /> : notApplicable()),
  held: (props) => <Held {...props} />,
  approval: ({ row, passingOn, onPassOn }) => (
    <div className="flex max-w-56 flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Awaiting approval
      </span>
      <Link className="text-xs font-semibold text-brand-700 underline" to={approvalPath(row.campaign_id)}>
        Review the result
      </Link>
      <Button size="sm" variant="secondary" loading={passingOn} onClick={onPassOn}>
        Pass Prize On
      </Button>
    </div>
  ),
  verification: ({ row, passingOn, onPassOn }) => (
    <div className="flex max-w-56 flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Approved: waiting for the winner to verify
      </span>
      <Link className="text-xs font-semibold text-brand-700 underline" to={approvalPath(row.campaign_id)}>
        See the evidence
      </Link>
      <Button size="sm" variant="secondary" loading={passingOn} onClick={onPassOn}>
        Pass Prize On
      </Button>
    </div>
  ),
  tax_info: ({ paying, onPay }) => (
    <div className="flex max-w-56 flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Tax information needed: the winner has been asked for it
      </span>
      <Button size="sm" variant="secondary" loading={paying} onClick={onPay}>
        Pay Winner
      </Button>
    </div>
  ),
  account: () => (
    <span className="inline-flex max-w-56 items-center gap-1 text-xs font-semibold text-amber-800">
      <UserX className="h-3.5 w-3.5 shrink-0" aria-hidden /> Waiting for the winner's payout account: paid once it is
      set up
    </span>
  ),
  completed: () => <Badge tone="success">Completed</Badge>,
  no_winner: () => <span className="text-slate-600">No Winner</span>,
  active: () => <span className="text-slate-600">Campaign Active</span>,
  not_applicable: notApplicable,
};

function UnderReview({ row, releasing, onRelease }: ActionCellProps) {
  return (
    <div className="flex flex-col items-start gap-2">
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> Under review until{" "}
        {new Date(row.review_until ?? "").toLocaleString()}
      </span>
      <Button size="sm" variant="secondary" loading={releasing} onClick={onRelease}>
        Release Results
      </Button>
    </div>
  );
}

function Held(props: ActionCellProps) {
  const { row, passingOn, onPassOn } = props;
  return (
    <div className="flex max-w-56 flex-col items-start gap-2">
      {row.review_until ? <UnderReview {...props} /> : null}
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800">
        <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> On hold:{" "}
        {(row.payout?.hold_reasons ?? [])
          .filter((reason) => heldByPeople.includes(reason))
          .map((reason) => holdLabels[reason])
          .join("; ")}
      </span>
      {row.payout?.hold_reasons.includes(payoutHoldReason.flagged) ? (
        <Link
          className="text-xs font-semibold text-brand-700 underline"
          to={investigatePath({ campaign: row.campaign_id })}
        >
          Review the flags
        </Link>
      ) : null}
      <Button size="sm" variant="secondary" loading={passingOn} onClick={onPassOn}>
        Pass Prize On
      </Button>
    </div>
  );
}

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

/** One row per payout, each paid on its own, with the row's actions and its error. */
export function PayoutTable({ rows, actions }: { rows: Row[]; actions: ReturnType<typeof usePayoutActions> }) {
  const { payWinner, releaseResults, passPrizeOn, passingOn, isBusy, rowError } = actions;
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
          paying={isBusy(payoutRowKey(row), "Pay")}
          releasing={isBusy(payoutRowKey(row), "Release")}
          passingOn={row.payout ? passingOn(row.payout.id) : false}
          error={rowError(payoutRowKey(row), "mt-2 max-w-56 text-xs text-red-700")}
          onPay={() => void payWinner(row)}
          onRelease={() => void releaseResults(row)}
          onPassOn={() => passPrizeOn(row)}
        />
      ),
    },
  ];

  return (
    <Card className="overflow-hidden">
      <DataTable
        rows={rows}
        rowKey={payoutRowKey}
        rowProps={(row) => ({ "data-campaign-id": row.campaign_id })}
        columns={columns}
        caption="Campaign payouts"
        empty="No Payouts Pending"
        minWidth="sm:min-w-[60rem]"
        stackOnPhones
      />
    </Card>
  );
}
