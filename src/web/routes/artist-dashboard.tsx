import { useQueryClient } from "@tanstack/react-query";
import { DollarSign, MousePointerClick, Plus, Rocket, Sparkles, Users } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { artistApi } from "../../core/api/artists";
import { formatCents, formatCount } from "../../core/money";
import { ArtistAnalyticsTab } from "../components/artists/artist-analytics-tab";
import { ArtistCampaignsTab } from "../components/artists/artist-campaigns-tab";
import { ArtistOverviewTab } from "../components/artists/artist-overview-tab";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { StatTile } from "../components/ui/stat-tile";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { useLiveData } from "../lib/live";
import { usePageMeta } from "../lib/page-meta";
import { apiKey, useApi } from "../lib/use-api";

const tabs = [
  { id: "overview", label: "Overview" },
  { id: "campaigns", label: "Campaigns" },
  { id: "analytics", label: "Analytics" },
] as const;
type TabId = (typeof tabs)[number]["id"];

function TilesSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden>
      {tabs.concat(tabs.slice(0, 1)).map((tab) => (
        <div key={`${tab.id}-skeleton`} className="h-[76px] animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
      ))}
    </div>
  );
}

/** No campaign yet: what to do first. */
function FirstCampaign() {
  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-3 py-12 text-center">
        <Sparkles className="h-10 w-10 text-brand-600" aria-hidden />
        <h2 className="text-xl font-bold text-slate-900">Launch your first campaign</h2>
        <p className="max-w-md text-slate-600">
          Set a prize for your song, share the link, and promoters compete to send you verified listeners. You only pay
          when you launch.
        </p>
        <Link to="/create-campaign" className={buttonStyles("accent", "lg")}>
          <Plus className="h-4 w-4" aria-hidden /> Create Campaign
        </Link>
      </CardBody>
    </Card>
  );
}

/** SPEC.md's Artist dashboard: the artist's tiles and their Overview, Campaigns and Analytics tabs. */
export default function ArtistDashboardPage() {
  usePageMeta("Artist Dashboard");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const active: TabId = tabs.some((tab) => tab.id === requested) ? (requested as TabId) : "overview";
  const queryClient = useQueryClient();
  const campaigns = useLiveData(artistApi.campaigns, artistApi.campaignsStream, {}, 30_000);
  const overview = useApi(artistApi.overview, {}, { refetchInterval: 30_000 });
  // A click or a join pushed through the stream moves the tiles and the activity too.
  useEffect(() => {
    if (campaigns.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: apiKey(artistApi.overview) });
  }, [campaigns.dataUpdatedAt, queryClient]);
  const select = (tab: TabId, campaign?: string) =>
    setParams(campaign ? { tab, campaign } : { tab }, { replace: true });

  return (
    <section className="container-page flex flex-col gap-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900">Artist Dashboard</h1>
          <p className="text-slate-600">Your campaigns, their promoters and every verified click.</p>
        </div>
        <Link to="/create-campaign" className={buttonStyles("accent")}>
          <Plus className="h-4 w-4" aria-hidden /> New Campaign
        </Link>
      </div>
      {overview.isPending ? (
        <TilesSkeleton />
      ) : overview.data ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile
            icon={MousePointerClick}
            label="Total Clicks"
            value={formatCount(overview.data.tiles.total_clicks)}
          />
          <StatTile icon={Rocket} label="Active Campaigns" value={formatCount(overview.data.tiles.active_campaigns)} />
          <StatTile
            icon={DollarSign}
            label={
              overview.data.tiles.refunded_cents > 0
                ? `Total Spent · ${formatCents(overview.data.tiles.refunded_cents)} refunded`
                : "Total Spent"
            }
            value={formatCents(overview.data.tiles.total_spent_cents)}
          />
          <StatTile icon={Users} label="Total Promoters" value={formatCount(overview.data.tiles.total_promoters)} />
        </div>
      ) : null}
      <Tabs value={active} onValueChange={(tab) => select(tab)}>
        <TabList label="Dashboard sections">
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="overview" className="mt-5">
          <QueryState
            query={overview}
            loadingLabel="Loading your dashboard"
            errorTitle="Your dashboard could not be loaded"
          >
            {(data) =>
              campaigns.data?.campaigns.length === 0 ? <FirstCampaign /> : <ArtistOverviewTab overview={data} />
            }
          </QueryState>
        </TabPanel>
        <TabPanel value="campaigns" className="mt-5">
          <QueryState
            query={campaigns}
            loadingLabel="Loading your campaigns"
            errorTitle="Your campaigns could not be loaded"
            isEmpty={(data) => data.campaigns.length === 0}
            empty={<FirstCampaign />}
          >
            {(data) => (
              <ArtistCampaignsTab
                campaigns={data.campaigns}
                onAnalytics={(campaign) => select("analytics", campaign)}
              />
            )}
          </QueryState>
        </TabPanel>
        <TabPanel value="analytics" className="mt-5">
          <QueryState
            query={campaigns}
            loadingLabel="Loading your campaigns"
            errorTitle="Your campaigns could not be loaded"
          >
            {(data) => (
              <ArtistAnalyticsTab
                campaigns={data.campaigns}
                selectedId={params.get("campaign")}
                onSelect={(campaign) => select("analytics", campaign)}
              />
            )}
          </QueryState>
        </TabPanel>
      </Tabs>
    </section>
  );
}
