import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type EarningsPeriod, type EarningsStatusFilter, filterEarnings } from "../../core/earnings";
import { EarningsActions } from "../components/earnings/earnings-actions";
import { PayoutAccountMissing } from "../components/earnings/earnings-history";
import { PopupReturn } from "../components/earnings/popup-return";
import { PromoterEarnings, PromoterProfileRequired } from "../components/earnings/promoter-earnings";
import { WinnerVerification } from "../components/earnings/winner-verification";
import { ArtistSpending } from "../components/payouts/artist-spending";
import { QueryState } from "../components/ui/query-state";
import { usePageMeta } from "../lib/page-meta";
import { useEarnings, usePayoutAccount } from "../lib/payouts";
import { useAccount } from "../lib/session";

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
  const { account } = useAccount();
  const isArtist = account?.user.user_type === "artist";
  const payoutAccount = usePayoutAccount(Boolean(earnings.data?.promoter));

  if (params.get("payout_setup") === "return" && window.opener) return <PopupReturn />;

  const totals = earnings.data?.totals ?? null;
  const accountReady = Boolean(payoutAccount.data?.details_submitted && payoutAccount.data.payouts_enabled);
  const accountMissing = !payoutAccount.isPending && !accountReady && (totals?.owed_cents ?? 0) > 0;

  return (
    <PayoutAccountMissing.Provider value={accountMissing}>
      <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Earnings</h1>
            <p className="mt-1 text-slate-600">Your prizes, payouts and campaign results.</p>
          </div>
          {earnings.data?.promoter ? (
            <EarningsActions totals={totals} rows={rows} accountReady={accountReady} accountMissing={accountMissing} />
          ) : null}
        </div>
        {isArtist ? <ArtistSpending /> : null}
        {earnings.data?.promoter ? <WinnerVerification /> : null}

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
              <PromoterProfileRequired />
            ) : (
              <PromoterEarnings
                totals={data.totals}
                rows={rows}
                period={period}
                onPeriod={setPeriod}
                status={status}
                onStatus={setStatus}
              />
            )
          }
        </QueryState>
      </section>
    </PayoutAccountMissing.Provider>
  );
}
