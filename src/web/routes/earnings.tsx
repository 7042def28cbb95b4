import { CheckCircle2, Download, MousePointerClick, Trophy, Wallet } from "lucide-react";
import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { EarningsRow } from "../../core/api/payouts";
import { payoutsApi } from "../../core/api/payouts";
import {
  type EarningsPeriod,
  type EarningsStatusFilter,
  earningsCsv,
  earningsPeriods,
  earningsStatuses,
  filterEarnings,
} from "../../core/earnings";
import { countOf, formatCents, formatCount, MIN_PAYOUT_CENTS } from "../../core/money";
import { ArtistSpending } from "../components/payouts/artist-spending";
import { PayoutStatusCard } from "../components/payouts/payout-status-card";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { type Column, DataTable } from "../components/ui/data-table";
import { Select } from "../components/ui/field";
import { QueryState } from "../components/ui/query-state";
import { StatTile } from "../components/ui/stat-tile";
import { clicksLabel } from "../lib/campaigns";
import { usePageMeta } from "../lib/page-meta";
import { useEarnings, usePayoutAccount } from "../lib/payouts";
import { toastRequestError } from "../lib/request-errors";
import { useAccount } from "../lib/session";
import { toast } from "../lib/toast";
import { useApiMutation } from "../lib/use-api";

const statusTone: Record<EarningsRow["status"], BadgeTone> = { paid: "success", pending: "warning", lost: "neutral" };
const statusLabel: Record<EarningsRow["status"], string> = { paid: "Paid", pending: "Pending", lost: "Lost" };

function downloadCsv(rows: EarningsRow[]) {
  const blob = new Blob([earningsCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `fanboost-earnings-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Where the payout provider's onboarding returns inside the popup (finished or not: "Finish later" returns here too):
 * it says which, from the account's real status, and tells the opener by closing.
 */
function PopupReturn() {
  const status = usePayoutAccount(true);
  const finished = Boolean(status.data?.details_submitted && status.data.payouts_enabled);
  useEffect(() => {
    if (status.isPending) return;
    const timer = window.setTimeout(() => window.close(), 2000);
    return () => window.clearTimeout(timer);
  }, [status.isPending]);
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center gap-3 py-16 text-center">
      {status.isPending ? (
        <h1 className="text-2xl font-bold text-slate-900">Checking your payout setup…</h1>
      ) : finished ? (
        <>
          <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">Payout setup finished</h1>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Payout setup not finished yet</h1>
          <p className="text-slate-600">You can finish it any time from your Earnings page.</p>
        </>
      )}
      <p className="text-slate-600">This window closes by itself. You can also close it now.</p>
    </section>
  );
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
const PayoutAccountMissing = createContext(false);

function RowStatus({ row }: { row: EarningsRow }) {
  const accountMissing = useContext(PayoutAccountMissing);
  return (
    <>
      <Badge tone={statusTone[row.status]}>{statusLabel[row.status]}</Badge>
      {accountMissing && (row.payout_status === "pending" || row.payout_status === "failed") ? (
        <p className="mt-1 text-xs text-amber-800">Waiting for your payout account: set it up to get paid</p>
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

function HistoryTable({ rows }: { rows: EarningsRow[] }) {
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

function PayoutInfo() {
  return (
    <Card>
      <CardBody className="flex flex-col gap-3 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">How payouts work</h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>When a campaign ends, the promoter with the most verified clicks wins the whole prize.</li>
          <li>Ties split the prize equally.</li>
          <li>Payouts go out every Friday and arrive in 1-3 business days.</li>
          <li>With {formatCents(MIN_PAYOUT_CENTS)} or more won, Request Payout sends it right away.</li>
        </ul>
        <h2 className="pt-2 text-base font-semibold text-slate-900">Tips to climb the leaderboard</h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>Share your link where fans of the genre already talk about music.</li>
          <li>Each visitor counts once per campaign; reaching new people beats asking friends to click again.</li>
          <li>Post the QR code of your link on flyers and at shows.</li>
        </ul>
      </CardBody>
    </Card>
  );
}

/** The earnings page (signed-in users: the route table guards it). */
export default function EarningsPage() {
  usePageMeta("Earnings", "Your prizes, payouts and campaign results on FanBoost.");
  const [params] = useSearchParams();
  const earnings = useEarnings(true);
  const [period, setPeriod] = useState<EarningsPeriod>("all-time");
  const [status, setStatus] = useState<EarningsStatusFilter>("all");
  const rows = useMemo(
    () => filterEarnings(earnings.data?.rows ?? [], period, status),
    [earnings.data, period, status],
  );
  const requestPayout = useApiMutation(payoutsApi.request, {
    idempotent: true,
    invalidates: [payoutsApi.earnings],
    onSuccess: (result) => toast.success(result.message),
    onError: toastRequestError,
  });

  const { account } = useAccount();
  const isArtist = account?.user.user_type === "artist";
  const payoutAccount = usePayoutAccount(Boolean(earnings.data?.promoter));

  if (params.get("payout_setup") === "return" && window.opener) return <PopupReturn />;

  const totals = earnings.data?.totals;
  const accountReady = Boolean(payoutAccount.data?.details_submitted && payoutAccount.data.payouts_enabled);
  const accountMissing = !payoutAccount.isPending && !accountReady && (totals?.owed_cents ?? 0) > 0;
  const canRequest = Boolean(totals?.can_request_payout) && accountReady;
  const requestBlocked = canRequest
    ? null
    : accountMissing
      ? "Set up your payout account to receive your prize"
      : totals && totals.under_review_cents > 0 && totals.owed_cents >= MIN_PAYOUT_CENTS
        ? "Results under review: your payout can be requested once the review is over"
        : "Minimum payout is $50";

  return (
    <PayoutAccountMissing.Provider value={accountMissing}>
      <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Earnings</h1>
            <p className="mt-1 text-slate-600">Your prizes, payouts and campaign results.</p>
          </div>
          {earnings.data?.promoter ? (
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
              {accountMissing ? (
                <p className="flex w-full flex-wrap items-center justify-end gap-2 text-sm text-amber-800">
                  {requestBlocked}
                  <a href="#payout-account" className={buttonStyles("secondary", "sm")}>
                    Set Up Payouts
                  </a>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        {isArtist ? <ArtistSpending /> : null}

        <QueryState
          query={earnings}
          loadingLabel="Loading earnings"
          errorTitle="Failed to Load Earnings"
          errorMessage={() => "Unable to load your earnings data"}
        >
          {(data) =>
            (!data.promoter || !data.totals) && isArtist ? (
              <p className="text-sm text-slate-600">
                Promote other artists' campaigns to win prizes: your winnings would show here too.{" "}
                <Link to="/join-campaign" className="font-semibold text-brand-700 underline">
                  Browse campaigns
                </Link>
              </p>
            ) : !data.promoter || !data.totals ? (
              <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
                <Card>
                  <CardBody className="flex flex-col items-start gap-4">
                    <h2 className="text-xl font-bold text-slate-900">Promoter Profile Required</h2>
                    <p className="text-slate-600">
                      Earnings belong to a promoter profile. Join a campaign to create yours and get your first tracking
                      link, and set up payouts so prize money can reach you.
                    </p>
                    <Link to="/join-campaign" className={buttonStyles("accent")}>
                      Browse Campaigns
                    </Link>
                  </CardBody>
                </Card>
                <PayoutStatusCard />
              </div>
            ) : (
              <>
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <StatTile icon={Wallet} label="Total Earnings" value={formatCents(data.totals.paid_cents)} />
                  <StatTile icon={Wallet} label="Pending Payouts" value={formatCents(data.totals.pending_cents)} />
                  <StatTile icon={Trophy} label="Campaigns Won" value={String(data.totals.campaigns_won)} />
                  <StatTile
                    icon={MousePointerClick}
                    label="Total Clicks"
                    value={formatCount(data.totals.total_clicks)}
                  />
                </div>
                <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
                  <Card className="self-start overflow-hidden">
                    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-5">
                      <h2 className="text-lg font-semibold text-slate-900">Earnings history</h2>
                      <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
                        <Select
                          aria-label="Period"
                          value={period}
                          onChange={(event) => setPeriod(event.target.value as EarningsPeriod)}
                          options={earningsPeriods}
                        />
                        <Select
                          aria-label="Status"
                          value={status}
                          onChange={(event) => setStatus(event.target.value as EarningsStatusFilter)}
                          options={earningsStatuses}
                        />
                      </div>
                    </div>
                    <HistoryTable rows={rows} />
                    <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-600">
                      Win rate {data.totals.win_rate_percent}%: {data.totals.campaigns_won} won of{" "}
                      {countOf(data.totals.campaigns_ended, "ended campaign")} joined
                      {data.totals.active_campaigns > 0 ? `, ${data.totals.active_campaigns} still live` : ""}.
                    </p>
                  </Card>
                  <div id="payout-account" className="flex flex-col gap-6">
                    <PayoutStatusCard />
                    <PayoutInfo />
                  </div>
                </div>
              </>
            )
          }
        </QueryState>
      </section>
    </PayoutAccountMissing.Provider>
  );
}
