import { DollarSign, Megaphone, MousePointerClick, Music, RefreshCw, Users } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { formatCents, formatCount } from "../../core/money";
import { publicPageMeta } from "../../core/page-meta";
import { CampaignCard } from "../components/campaigns/campaign-card";
import { CampaignFilterBar } from "../components/campaigns/campaign-filters";
import { ErrorAlert } from "../components/ui/alert";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { StatTile } from "../components/ui/stat-tile";
import { type CampaignFilters, useCampaigns, useSiteMetrics } from "../lib/campaigns";
import { usePublicPageMeta } from "../lib/page-meta";
import { useDebounced } from "../lib/use-debounced";

export default function JoinCampaignPage() {
  usePublicPageMeta(publicPageMeta["/join-campaign"]);
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<CampaignFilters>({ q: "", genre: "all", sort: "prize" });
  const q = useDebounced(filters.q, 250);
  const campaigns = useCampaigns({ ...filters, q });
  const items = useMemo(() => campaigns.data?.pages.flatMap((page) => page.items) ?? [], [campaigns.data]);
  const filtering = q.trim() !== "" || filters.genre !== "all";
  const metrics = useSiteMetrics().data?.metrics;

  // The old pop-up's address (shared links, notifications) opens the campaign's own page.
  const legacyId = params.get("campaign");
  if (legacyId) return <Navigate to={`/campaigns/${encodeURIComponent(legacyId)}`} replace />;

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Join a campaign</h1>
          <p className="mt-2 text-slate-600">Pick a song you love, share your personal link and win the prize.</p>
        </div>
        <Button variant="secondary" onClick={() => campaigns.refetch()} loading={campaigns.isFetching}>
          {campaigns.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Reload
        </Button>
      </div>

      <div className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile icon={Music} label="Active campaigns" value={metrics ? formatCount(metrics.activeCampaigns) : "—"} />
        <StatTile
          icon={DollarSign}
          label="Total prizes"
          value={metrics?.totalPrizePoolCents ? `${formatCents(metrics.totalPrizePoolCents)}+` : "—"}
          title={metrics?.totalPrizePoolCents ? undefined : "Payouts coming soon"}
        />
        <StatTile
          icon={MousePointerClick}
          label="Total clicks"
          value={metrics ? formatCount(metrics.totalClicks) : "—"}
        />
        <StatTile icon={Users} label="Active promoters" value={metrics ? formatCount(metrics.activePromoters) : "—"} />
      </div>

      <CampaignFilterBar value={filters} onChange={setFilters} />

      {campaigns.isError && items.length > 0 ? (
        <ErrorAlert className="mt-6">
          <span>Unable to load campaigns: {campaigns.error.message}</span>{" "}
          <button type="button" className="font-semibold underline" onClick={() => campaigns.refetch()}>
            Retry
          </button>
        </ErrorAlert>
      ) : null}

      <div className="mt-8">
        {campaigns.isPending ? (
          <div
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-busy="true"
            aria-label="Loading campaigns"
          >
            {[0, 1, 2].map((key) => (
              <div key={key} className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
            ))}
          </div>
        ) : campaigns.isError && items.length === 0 ? (
          <Card>
            <CardBody className="flex flex-col items-center gap-3 py-12 text-center">
              <h2 className="text-xl font-bold text-slate-900">Error Loading Campaigns</h2>
              <p className="text-slate-600">Unable to load campaigns: {campaigns.error.message}</p>
              <Button onClick={() => campaigns.refetch()}>Retry</Button>
            </CardBody>
          </Card>
        ) : items.length === 0 && !filtering ? (
          <Card>
            <CardBody className="flex flex-col items-center gap-3 py-14 text-center">
              <Megaphone className="h-10 w-10 text-brand-600" aria-hidden />
              <h2 className="text-xl font-bold text-slate-900">No Campaigns Yet</h2>
              <p className="max-w-md text-slate-600">
                No campaign is live right now. Artists: fund a prize and be the first.
              </p>
              <Link to="/create-campaign" className={buttonStyles("accent", "lg")}>
                Create First Campaign
              </Link>
            </CardBody>
          </Card>
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-slate-600">No campaigns match your search.</p>
        ) : (
          <>
            <h2 className="sr-only">Live campaigns</h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((campaign) => (
                <CampaignCard key={campaign.id} campaign={campaign} />
              ))}
            </div>
            {campaigns.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button
                  variant="secondary"
                  loading={campaigns.isFetchingNextPage}
                  onClick={() => campaigns.fetchNextPage()}
                >
                  Load more campaigns
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
