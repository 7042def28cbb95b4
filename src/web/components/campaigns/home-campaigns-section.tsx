import { DollarSign, Megaphone, MousePointerClick, Music, Plus, RefreshCw, Users } from "lucide-react";
import { useDeferredValue } from "react";
import { Link, useSearchParams } from "react-router";
import { formatCents, formatCount } from "../../../core/money";
import { type CampaignListItem, useCampaigns, useSiteMetrics } from "../../lib/campaigns";
import { storageKeys } from "../../lib/session";
import { LazyDebugPanel } from "../diagnostics/lazy-debug-panel";
import { ErrorAlert } from "../ui/alert";
import { Button, buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { StatTile } from "../ui/stat-tile";
import { CampaignCard } from "./campaign-card";

const HOME_FILTERS = { q: "", genre: "all", sort: "prize" } as const;
const noItems: CampaignListItem[] = [];

/** The home page's live campaigns (SPEC.md Home, campaigns section). */
export function HomeCampaignsSection() {
  const [params] = useSearchParams();
  const campaigns = useCampaigns(HOME_FILTERS);
  const metrics = useSiteMetrics();
  // Cards render in the background when data arrives, in slices that keep the page responsive.
  const items = useDeferredValue(campaigns.data?.pages[0]?.items.slice(0, 6) ?? noItems);
  const m = metrics.data?.metrics;
  const showCreate = typeof window !== "undefined" && localStorage.getItem(storageKeys.loggedIn) === "true";
  const debug = params.get("debug") === "1" || campaigns.isError;
  const updatedAt = campaigns.dataUpdatedAt ? new Date(campaigns.dataUpdatedAt).toLocaleTimeString() : null;

  return (
    <section className="below-fold bg-slate-50 py-16 sm:py-20" aria-labelledby="live-campaigns-heading">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="live-campaigns-heading" className="text-3xl font-extrabold text-slate-900">
              Live campaigns
            </h2>
            <p className="mt-1 text-sm text-slate-600">{updatedAt ? `Last updated ${updatedAt}` : "Loading…"}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                campaigns.refetch();
                metrics.refetch();
              }}
              loading={campaigns.isFetching}
            >
              {campaigns.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Reload
            </Button>
            {showCreate ? (
              <Link to="/create-campaign" className={buttonStyles("primary")}>
                <Plus className="h-4 w-4" aria-hidden /> Create New Campaign
              </Link>
            ) : null}
          </div>
        </div>

        <div className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile icon={Music} label="Active Campaigns" value={m ? formatCount(m.activeCampaigns) : "—"} />
          <StatTile
            icon={DollarSign}
            label="Total Prizes"
            value={m?.totalPrizePoolCents ? formatCents(m.totalPrizePoolCents) : "—"}
            title={m?.totalPrizePoolCents ? undefined : "Payouts coming soon"}
          />
          <StatTile icon={MousePointerClick} label="Total Clicks" value={m ? formatCount(m.totalClicks) : "—"} />
          <StatTile icon={Users} label="Active Promoters" value={m ? formatCount(m.activePromoters) : "—"} />
        </div>

        <div className="mt-8">
          {campaigns.isPending ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading campaigns">
              {[0, 1, 2].map((key) => (
                <div key={key} className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
              ))}
            </div>
          ) : campaigns.isError ? (
            <ErrorAlert title="Unable to load campaigns">
              {campaigns.error.message || "Failed to load campaigns"}{" "}
              <button type="button" className="font-semibold underline" onClick={() => campaigns.refetch()}>
                Retry
              </button>
            </ErrorAlert>
          ) : items.length === 0 ? (
            <Card>
              <CardBody className="flex flex-col items-center gap-3 py-12 text-center">
                <Megaphone className="h-10 w-10 text-brand-600" aria-hidden />
                <h3 className="text-xl font-bold text-slate-900">No Campaigns Yet</h3>
                <p className="max-w-md text-slate-600">Be the first artist to put a prize on a song.</p>
                <Link to="/create-campaign" className={buttonStyles("accent", "lg")}>
                  Create First Campaign
                </Link>
              </CardBody>
            </Card>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((campaign) => (
                <CampaignCard key={campaign.id} campaign={campaign} />
              ))}
            </div>
          )}
        </div>

        <div className="mt-10 flex justify-center">
          <Link to="/join-campaign" className={buttonStyles("secondary", "lg")}>
            View All Campaigns
          </Link>
        </div>
        {debug ? (
          <div className="mt-10">
            <LazyDebugPanel extra={{ metrics: metrics.data ?? null }} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
