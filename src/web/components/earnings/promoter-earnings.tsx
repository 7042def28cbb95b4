import { MousePointerClick, Trophy, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { EarningsRow, EarningsTotals } from "../../../core/api/payouts";
import {
  type EarningsPeriod,
  type EarningsStatusFilter,
  earningsPeriods,
  earningsStatuses,
  TOTAL_CLICKS_DETAIL,
} from "../../../core/earnings";
import { countOf, formatCents, formatCount } from "../../../core/money";
import { PayoutStatusCard } from "../payouts/payout-status-card";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { Select } from "../ui/field";
import { StatTile } from "../ui/stat-tile";
import { HistoryTable } from "./earnings-history";
import { PayoutInfo } from "./payout-info";

type Props = {
  totals: EarningsTotals;
  /** The history as filtered by `period` and `status`. */
  rows: EarningsRow[];
  period: EarningsPeriod;
  onPeriod: (period: EarningsPeriod) => void;
  status: EarningsStatusFilter;
  onStatus: (status: EarningsStatusFilter) => void;
};

/** A promoter's totals, their history by period and status, and their payout account beside it. */
export function PromoterEarnings({ totals, rows, period, onPeriod, status, onStatus }: Props) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile icon={Wallet} label="Total Earnings" value={formatCents(totals.paid_cents)} />
        <StatTile icon={Wallet} label="Pending Payouts" value={formatCents(totals.pending_cents)} />
        <StatTile icon={Trophy} label="Campaigns Won" value={String(totals.campaigns_won)} />
        <StatTile
          icon={MousePointerClick}
          label="Total Clicks"
          value={formatCount(totals.total_clicks)}
          detail={TOTAL_CLICKS_DETAIL}
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
                onChange={(event) => onPeriod(event.target.value as EarningsPeriod)}
                options={earningsPeriods}
              />
              <Select
                aria-label="Status"
                value={status}
                onChange={(event) => onStatus(event.target.value as EarningsStatusFilter)}
                options={earningsStatuses}
              />
            </div>
          </div>
          <HistoryTable rows={rows} />
          <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-600">
            Win rate {totals.win_rate_percent}%: {totals.campaigns_won} won of{" "}
            {countOf(totals.campaigns_ended, "ended campaign")} joined
            {totals.active_campaigns > 0 ? `, ${totals.active_campaigns} still live` : ""}.
          </p>
        </Card>
        <div id="payout-account" className="flex flex-col gap-6">
          <PayoutStatusCard taxInfoNeededCents={totals.tax_info_needed_cents} />
          <PayoutInfo />
        </div>
      </div>
    </>
  );
}

/** Earnings belong to a promoter profile: how to get one, and the payout account meanwhile. */
export function PromoterProfileRequired() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card>
        <CardBody className="flex flex-col items-start gap-4">
          <h2 className="text-xl font-bold text-slate-900">Promoter Profile Required</h2>
          <p className="text-slate-600">
            Earnings belong to a promoter profile. Join a campaign to create yours and get your first tracking link, and
            set up payouts so prize money can reach you.
          </p>
          <Link to="/join-campaign" className={buttonStyles("accent")}>
            Browse Campaigns
          </Link>
        </CardBody>
      </Card>
      <PayoutStatusCard />
    </div>
  );
}
