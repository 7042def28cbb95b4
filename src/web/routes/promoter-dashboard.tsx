import { Megaphone, MousePointerClick, Rocket, Trophy, Wallet } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { promotersApi } from "../../core/api/promoters";
import { TOTAL_CLICKS_DETAIL } from "../../core/earnings";
import { formatCents, formatCount } from "../../core/money";
import { campaignStatus } from "../../core/vocabulary";
import { VerifyingNotice } from "../components/earnings/winner-verification";
import { PromoterLinkCard } from "../components/promoters/promoter-link-card";
import { CompletedTab, EarningsTab, VisitsTab } from "../components/promoters/promoter-tabs";
import { buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { ScrollStrip } from "../components/ui/scroll-strip";
import { StatTile } from "../components/ui/stat-tile";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { useLiveData } from "../lib/live";
import { usePageMeta } from "../lib/page-meta";

/** The address names a tab (`?tab=active`): the first two by the status of the campaigns they list. */
const tabs = [
  { id: campaignStatus.active, label: "Active Campaigns" },
  { id: campaignStatus.completed, label: "Completed" },
  { id: "earnings", label: "Earnings" },
  { id: "visits", label: "Why visits didn't count" },
] as const;
type TabId = (typeof tabs)[number]["id"];

/** Without a promoter profile: SPEC.md's text and the way to make one (joining a campaign creates it). */
function NoProfile() {
  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-3 py-12 text-center">
        <Megaphone className="h-10 w-10 text-brand-600" aria-hidden />
        <p className="text-lg font-semibold text-slate-900">You don't have a promoter profile yet.</p>
        <p className="max-w-md text-slate-600">
          Join a campaign to get your first tracking link and compete for its prize.
        </p>
        <Link to="/join-campaign" className={buttonStyles("accent", "lg")}>
          Create Promoter Profile
        </Link>
      </CardBody>
    </Card>
  );
}

/** SPEC.md's Promoter dashboard: the promoter's links, results, earnings and why visits did not count. */
export default function PromoterDashboardPage() {
  usePageMeta("Promoter Dashboard");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const active: TabId = tabs.some((tab) => tab.id === requested) ? (requested as TabId) : campaignStatus.active;
  const dashboard = useLiveData(promotersApi.dashboard, promotersApi.dashboardStream, {}, 30_000);

  return (
    <section className="container-page flex flex-col gap-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900">Promoter Dashboard</h1>
          <p className="text-slate-600">
            {dashboard.data?.promoter
              ? `You appear as @${dashboard.data.promoter.handle} on the leaderboards.`
              : "Your links, your rank and your prizes."}
          </p>
        </div>
        <Link to="/join-campaign" className={buttonStyles("accent")}>
          <Rocket className="h-4 w-4" aria-hidden /> Find Campaigns
        </Link>
      </div>
      <QueryState
        query={dashboard}
        loadingLabel="Loading your dashboard"
        errorTitle="Your dashboard could not be loaded"
        isEmpty={(data) => data.promoter === null}
        empty={<NoProfile />}
      >
        {(data) => (
          <>
            <VerifyingNotice />
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatTile
                icon={Wallet}
                label="Total Earnings"
                value={formatCents(data.tiles.total_earnings_cents)}
                detail={
                  data.tiles.pending_earnings_cents > 0
                    ? `${formatCents(data.tiles.pending_earnings_cents)} pending`
                    : undefined
                }
              />
              <StatTile
                icon={MousePointerClick}
                label="Total Clicks"
                value={formatCount(data.tiles.total_clicks)}
                detail={TOTAL_CLICKS_DETAIL}
              />
              <StatTile icon={Trophy} label="Campaigns Won" value={formatCount(data.tiles.campaigns_won)} />
              <StatTile icon={Rocket} label="Active Campaigns" value={formatCount(data.tiles.active_campaigns)} />
            </div>
            <Tabs value={active} onValueChange={(tab) => setParams({ tab }, { replace: true })}>
              <ScrollStrip selected={active}>
                <TabList label="Dashboard sections" className="w-max">
                  {tabs.map((tab) => (
                    <Tab key={tab.id} value={tab.id} className="whitespace-nowrap">
                      {tab.label}
                    </Tab>
                  ))}
                </TabList>
              </ScrollStrip>
              <TabPanel value={campaignStatus.active} className="mt-5">
                {data.active.length === 0 ? (
                  <Card>
                    <CardBody className="flex flex-col items-center gap-3 py-10 text-center">
                      <p className="text-slate-700">You're not in a live campaign right now.</p>
                      <Link to="/join-campaign" className={buttonStyles("accent")}>
                        Browse Campaigns
                      </Link>
                    </CardBody>
                  </Card>
                ) : (
                  <div className="grid gap-4 lg:grid-cols-2">
                    {data.active.map((link) => (
                      <PromoterLinkCard key={link.link_id} link={link} />
                    ))}
                  </div>
                )}
              </TabPanel>
              <TabPanel value={campaignStatus.completed} className="mt-5">
                <CompletedTab data={data} />
              </TabPanel>
              <TabPanel value="earnings" className="mt-5">
                <EarningsTab data={data} />
              </TabPanel>
              <TabPanel value="visits" className="mt-5">
                <VisitsTab data={data} />
              </TabPanel>
            </Tabs>
          </>
        )}
      </QueryState>
    </section>
  );
}
