import { Radio, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { publicPageMeta } from "../../core/page-meta";
import { LazyDebugPanel } from "../components/diagnostics/lazy-debug-panel";
import { LiveCampaignBoards } from "../components/leaderboards/live-campaign-boards";
import { type Category, PromoterBoard } from "../components/leaderboards/promoter-board";
import { ErrorAlert } from "../components/ui/alert";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { useLiveData } from "../lib/live";
import { usePublicPageMeta } from "../lib/page-meta";

export default function LeaderboardsPage() {
  usePublicPageMeta(publicPageMeta["/leaderboards"]);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<"promoters" | "campaigns">("promoters");
  const [category, setCategory] = useState<Category>("all");
  const boards = useLiveData(leaderboardsApi.public, leaderboardsApi.publicStream, {}, 30_000);
  const debug = params.get("debug") === "1" || boards.isError;
  const error = boards.error ? boards.error.message || "Failed to load leaderboards" : boards.data?.error;

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Leaderboards</h1>
          <p className="mt-2 flex items-center gap-2 text-slate-600">
            {boards.live ? (
              <>
                <Radio className="h-4 w-4 text-emerald-600" aria-hidden /> Live: verified clicks update as they happen.
              </>
            ) : (
              "Verified clicks, refreshed every 30 seconds."
            )}
          </p>
        </div>
        <Button variant="secondary" onClick={() => boards.refetch()} loading={boards.isFetching}>
          {boards.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Refresh
        </Button>
      </div>

      {error ? (
        <ErrorAlert className="mt-6">
          Leaderboard Error: {error}{" "}
          <button type="button" className="font-semibold underline" onClick={() => boards.refetch()}>
            Retry
          </button>
        </ErrorAlert>
      ) : null}

      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabList label="Leaderboards">
          <Tab value="promoters">All-Time Promoters</Tab>
          <Tab value="campaigns">Active Campaigns</Tab>
        </TabList>
        <TabPanel value="promoters" className="mt-6">
          <PromoterBoard
            promoters={boards.data?.allTimePromoters ?? []}
            loading={boards.isPending}
            category={category}
            onCategory={setCategory}
          />
        </TabPanel>
        <TabPanel value="campaigns" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <LiveCampaignBoards campaigns={boards.data?.activeCampaigns ?? []} loading={boards.isPending} />
        </TabPanel>
      </Tabs>

      <Card className="mt-10 bg-gradient-to-r from-brand-700 to-accent-600 text-white ring-0">
        <CardBody className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-center">
          <div>
            <h2 className="text-xl font-bold">Want your name up here?</h2>
            <p className="text-brand-100">Join a campaign, share your link and climb the board.</p>
          </div>
          <Link to="/join-campaign" className={buttonStyles("secondary", "lg", "bg-white text-brand-800")}>
            Browse Campaigns
          </Link>
        </CardBody>
      </Card>

      {debug ? (
        <div className="mt-10">
          <LazyDebugPanel extra={{ leaderboards: boards.data ?? null }} />
        </div>
      ) : null}
    </section>
  );
}
