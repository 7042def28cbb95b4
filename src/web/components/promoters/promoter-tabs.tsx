import { Wallet } from "lucide-react";
import { payoutsApi } from "../../../core/api/payouts";
import type { CompletedCampaign, PromoterDashboard } from "../../../core/api/promoters";
import { formatCents, formatCount, MIN_PAYOUT_CENTS } from "../../../core/money";
import { clickVerdict } from "../../../core/vocabulary";
import { clicksLabel } from "../../lib/campaigns";
import { useEarnings } from "../../lib/payouts";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { exclusionLabels, notCountedReasons, visitReasonLabels } from "../../lib/vocabulary-labels";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { type Column, DataTable } from "../ui/data-table";
import { Panel } from "../ui/panel";
import { QueryState } from "../ui/query-state";
import { TimeSeriesChart } from "../ui/time-series-chart";

const outcomeBadge = {
  won: { tone: "success", label: "Won" },
  tied: { tone: "success", label: "Tied" },
  lost: { tone: "neutral", label: "Lost" },
} as const;

const completedColumns: Column<CompletedCampaign>[] = [
  {
    key: "campaign",
    header: "Campaign",
    cell: (row) => (
      <>
        <p className="font-semibold text-slate-900">{row.campaign_title}</p>
        <p className="text-xs text-slate-600">
          by {row.artist_name}
          {row.ended_at ? ` · ended ${new Date(row.ended_at).toLocaleDateString()}` : ""}
        </p>
      </>
    ),
  },
  { key: "rank", header: "Final rank", cell: (row) => (row.final_rank === null ? "–" : `#${row.final_rank}`) },
  { key: "clicks", header: "Clicks", cell: (row) => formatCount(row.clicks), align: "right" },
  {
    key: "result",
    header: "Result",
    cell: (row) => (
      <>
        <Badge tone={outcomeBadge[row.outcome].tone}>{outcomeBadge[row.outcome].label}</Badge>
        {row.not_eligible ? <p className="mt-1 text-xs text-slate-500">{exclusionLabels[row.not_eligible]}</p> : null}
        {row.review_until ? (
          <p className="mt-1 text-xs text-amber-800">
            Under review until {new Date(row.review_until).toLocaleString()}
          </p>
        ) : null}
      </>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    cell: (row) => (
      <span className={row.amount_cents > 0 ? "font-semibold text-slate-900" : "text-slate-500"}>
        {formatCents(row.amount_cents)}
      </span>
    ),
  },
];

export function CompletedTab({ data }: { data: PromoterDashboard }) {
  return (
    <Panel title="Completed campaigns">
      <DataTable
        rows={data.completed}
        rowKey={(row) => row.campaign_id}
        columns={completedColumns}
        caption="Your results in ended campaigns"
        empty="No campaign you joined has ended yet."
        minWidth="min-w-[36rem]"
      />
    </Panel>
  );
}

/** For each link: how many visits counted, and why the others did not. Never an address. */
export function VisitsTab({ data }: { data: PromoterDashboard }) {
  if (data.visits.length === 0) {
    return <Panel title="Why a visit didn't count">Join a campaign and share your link: its visits show here.</Panel>;
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {data.visits.map((link) => {
        const notCounted = link.not_counted.reduce((sum, row) => sum + row.count, 0);
        return (
          <Panel
            key={link.link_id}
            title={link.campaign_title}
            note="Each visitor counts once per campaign; previews, bots and your own clicks never count."
          >
            <p className="text-sm text-slate-800">
              <span className="font-semibold">{clicksLabel(link.counted)}</span> counted ·{" "}
              <span className="font-semibold">{formatCount(notCounted)}</span> did not
            </p>
            {link.not_counted.length === 0 ? null : (
              <ul className="flex flex-col gap-1 text-sm">
                {link.not_counted.map((row) => (
                  <li key={row.verdict} className="rounded-lg bg-slate-50 px-3 py-1.5">
                    <div className="flex justify-between gap-3">
                      <span className="text-slate-700">{notCountedReasons[row.verdict]}</span>
                      <span className="font-semibold text-slate-900 tabular-nums">{formatCount(row.count)}</span>
                    </div>
                    {row.reasons.length === 0 ? null : (
                      <ul className="mt-1 flex flex-col gap-0.5 border-l-2 border-slate-200 pl-3 text-xs text-slate-600">
                        {row.reasons.map((entry) => (
                          <li key={entry.reason} className="flex justify-between gap-3">
                            <span>{visitReasonLabels[entry.reason]}</span>
                            <span className="tabular-nums">{formatCount(entry.count)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        );
      })}
    </div>
  );
}

/** Request Payout, counted clicks per day, payout history and performance. */
export function EarningsTab({ data }: { data: PromoterDashboard }) {
  const earnings = useEarnings(true);
  const requestPayout = useApiMutation(payoutsApi.request, {
    idempotent: true,
    invalidates: [payoutsApi.earnings],
    onSuccess: (result) => toast.success(result.message),
    onError: toastRequestError,
  });
  return (
    <div className="flex flex-col gap-4">
      <Panel title="Payouts">
        <QueryState query={earnings} loadingLabel="Loading payouts" errorTitle="Failed to Load Earnings">
          {(result) => {
            const totals = result.totals;
            const payouts = result.rows.filter((row) => row.payout_status !== null);
            return (
              <div className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-slate-700">
                    {totals
                      ? `${formatCents(totals.paid_cents)} paid · ${formatCents(totals.pending_cents)} pending`
                      : null}
                  </p>
                  <Button
                    variant="accent"
                    disabled={!totals?.can_request_payout}
                    loading={requestPayout.isPending}
                    onClick={() => requestPayout.mutate({})}
                    title={
                      totals?.can_request_payout ? undefined : `Minimum payout is ${formatCents(MIN_PAYOUT_CENTS)}`
                    }
                  >
                    <Wallet className="h-4 w-4" aria-hidden /> Request Payout
                  </Button>
                </div>
                {payouts.length === 0 ? (
                  <p className="py-4 text-center text-sm text-slate-600">No payouts yet: win a campaign to get one.</p>
                ) : (
                  <ul className="flex flex-col divide-y divide-slate-100 text-sm">
                    {payouts.map((row) => (
                      <li key={row.tracking_link_id} className="flex justify-between gap-3 py-2">
                        <span className="min-w-0 text-slate-800">
                          {row.campaign_title}
                          <span className="block text-xs text-slate-500">
                            {row.payout_status === "paid" && row.paid_at
                              ? `Paid ${new Date(row.paid_at).toLocaleDateString()}`
                              : row.review_until
                                ? `Under review until ${new Date(row.review_until).toLocaleString()}`
                                : row.payout_status === "failed"
                                  ? "Transfer retrying"
                                  : "Pending"}
                          </span>
                        </span>
                        <span className="shrink-0 font-semibold text-slate-900">{formatCents(row.amount_cents)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          }}
        </QueryState>
      </Panel>
      <Panel title="Verified clicks per day" note="The last 30 days, over all your links.">
        <TimeSeriesChart
          label="Verified clicks per day, the last 30 days"
          points={data.clicks_per_day}
          series={[{ key: clickVerdict.counted, label: "Verified clicks" }]}
          variant="bar"
          formatTime={(time) => new Date(time).toLocaleDateString(undefined, { month: "short", day: "numeric" })}
        />
      </Panel>
      <Panel title="Performance">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">Win rate (ended campaigns)</dt>
            <dd className="font-semibold text-slate-900">{data.performance.win_rate_percent}%</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">Clicks per campaign</dt>
            <dd className="font-semibold text-slate-900">{formatCount(data.performance.clicks_per_campaign)}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">Best campaign</dt>
            <dd className="font-semibold break-words text-slate-900">
              {data.performance.best_campaign
                ? `${data.performance.best_campaign.title} (${clicksLabel(data.performance.best_campaign.clicks)})`
                : "–"}
            </dd>
          </div>
        </dl>
      </Panel>
    </div>
  );
}
