import { Award, Crown, Medal, Radio, RefreshCw, Users } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { leaderboardsApi, type AllTimePromoter as Promoter } from "../../core/api/leaderboards";
import { estimatedEarningsCents, promoterTier, type Tier } from "../../core/leaderboard-rules";
import { countOf, formatCents, formatCount } from "../../core/money";
import { publicPageMeta } from "../../core/page-meta";
import { LazyDebugPanel } from "../components/diagnostics/lazy-debug-panel";
import { ErrorAlert } from "../components/ui/alert";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { type Column, DataTable } from "../components/ui/data-table";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs";
import { timeLeftLabel } from "../lib/campaigns";
import { cn } from "../lib/cn";
import { useLiveData } from "../lib/live";
import { usePublicPageMeta } from "../lib/page-meta";

const categories = {
  all: { label: "All", value: (p: Promoter) => p.clicks },
  earnings: { label: "Earnings", value: (p: Promoter) => p.earnings_cents },
  wins: { label: "Wins", value: (p: Promoter) => p.wins },
  clicks: { label: "Clicks", value: (p: Promoter) => p.clicks },
} as const;
type Category = keyof typeof categories;

const tierTones: Record<Tier, BadgeTone> = { Elite: "accent", Pro: "brand", Rising: "neutral" };
const podiumIcons = [
  { icon: Crown, className: "text-amber-500", label: "1st" },
  { icon: Medal, className: "text-slate-400", label: "2nd" },
  { icon: Award, className: "text-orange-600", label: "3rd" },
];

function metricLabel(category: Category, promoter: Promoter) {
  if (category === "earnings") return formatCents(promoter.earnings_cents);
  if (category === "wins") return countOf(promoter.wins, "win");
  return countOf(promoter.clicks, "click");
}

/** The full list's columns; a promoter's rank is shared with everyone level with them in the chosen category. */
function promoterColumns(ranked: Promoter[], category: Category): Array<Column<Promoter>> {
  const value = categories[category].value;
  return [
    {
      key: "rank",
      header: "Rank",
      className: "font-semibold text-slate-700",
      cell: (promoter) => `#${ranked.findIndex((other) => value(other) === value(promoter)) + 1}`,
    },
    {
      key: "promoter",
      header: "Promoter",
      className: "max-w-40 font-medium wrap-anywhere text-slate-900",
      cell: (promoter) => `@${promoter.handle}`,
    },
    { key: "clicks", header: "Clicks", align: "right", cell: (promoter) => formatCount(promoter.clicks) },
    { key: "wins", header: "Wins", align: "right", hideOnPhones: true, cell: (promoter) => promoter.wins },
    {
      key: "earnings",
      header: "Earnings",
      align: "right",
      hideOnPhones: true,
      cell: (promoter) => formatCents(promoter.earnings_cents),
    },
    {
      key: "tier",
      header: "Tier",
      cell: (promoter) => (
        <Badge
          tone={tierTones[promoterTier(promoter.clicks)]}
          title={`Estimated value of verified clicks: ${formatCents(estimatedEarningsCents(promoter.clicks))}`}
        >
          {promoterTier(promoter.clicks)}
        </Badge>
      ),
    },
  ];
}

export default function LeaderboardsPage() {
  usePublicPageMeta(publicPageMeta["/leaderboards"]);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<"promoters" | "campaigns">("promoters");
  const [category, setCategory] = useState<Category>("all");
  const boards = useLiveData(leaderboardsApi.public, leaderboardsApi.publicStream, {}, 30_000);
  const ranked = useMemo(() => {
    const list = [...(boards.data?.allTimePromoters ?? [])];
    const value = categories[category].value;
    return list.sort((a, b) => value(b) - value(a) || b.clicks - a.clicks);
  }, [boards.data, category]);
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
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Category</legend>
            {(Object.keys(categories) as Category[]).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={category === key}
                onClick={() => setCategory(key)}
                className={cn(
                  "rounded-full px-4 py-1.5 text-sm font-semibold ring-1",
                  category === key
                    ? "bg-brand-600 text-white ring-brand-600"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                )}
              >
                {categories[key].label}
              </button>
            ))}
          </fieldset>

          {boards.isPending ? (
            <p className="py-12 text-center text-slate-500">Loading leaderboards…</p>
          ) : ranked.length === 0 ? (
            <Card className="mt-6">
              <CardBody className="py-12 text-center text-slate-600">
                No promoters yet. Join a campaign and be the first.
              </CardBody>
            </Card>
          ) : (
            <>
              <ol className="mt-6 grid gap-4 sm:grid-cols-3" aria-label="Top three">
                {ranked.slice(0, 3).map((promoter, index) => {
                  // A medal is for a promoter who has a verified click.
                  const podium = promoter.clicks > 0 ? podiumIcons[index] : undefined;
                  return (
                    <li key={promoter.promoter_id}>
                      <Card className={cn("h-full text-center", index === 0 ? "ring-2 ring-amber-300" : "")}>
                        <CardBody className="flex flex-col items-center gap-2">
                          {podium ? (
                            <podium.icon className={cn("h-8 w-8", podium.className)} aria-label={podium.label} />
                          ) : (
                            <span className="flex h-8 items-center text-lg font-bold text-slate-500">#{index + 1}</span>
                          )}
                          <p className="max-w-full text-lg font-bold wrap-anywhere text-slate-900">
                            @{promoter.handle}
                          </p>
                          <p className="text-2xl font-extrabold text-slate-900">{metricLabel(category, promoter)}</p>
                          <Badge tone={tierTones[promoterTier(promoter.clicks)]}>{promoterTier(promoter.clicks)}</Badge>
                        </CardBody>
                      </Card>
                    </li>
                  );
                })}
              </ol>

              <Card className="mt-6 overflow-hidden">
                <DataTable
                  rows={ranked}
                  rowKey={(promoter) => promoter.promoter_id}
                  columns={promoterColumns(ranked, category)}
                  caption="All-time promoters"
                  empty="No promoters yet."
                />
              </Card>
              <p className="mt-3 text-xs text-slate-500">
                Tiers rank promoters by the estimated value of their verified clicks at $0.10 a click (Pro from $1,000,
                Elite from $2,000). They are a label, not money owed; prizes are paid to campaign winners only.
              </p>
            </>
          )}
        </TabPanel>
        <TabPanel value="campaigns" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(boards.data?.activeCampaigns ?? []).length === 0 && !boards.isPending ? (
            <p className="text-slate-600">No campaigns are live right now.</p>
          ) : null}
          {(boards.data?.activeCampaigns ?? []).map((campaign) => (
            <Card key={campaign.id}>
              <CardBody className="flex flex-col gap-3">
                <div>
                  <h2 className="truncate text-lg font-bold text-slate-900">{campaign.title}</h2>
                  <p className="text-sm text-slate-600">by {campaign.artist_name}</p>
                </div>
                <p className="flex min-w-0 items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                  {campaign.leader && campaign.leader.clicks > 0 ? (
                    <>
                      <Crown className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
                      <span className="min-w-0">
                        <span className="wrap-anywhere">@{campaign.leader.handle}</span>{" "}
                        <span className="whitespace-nowrap">leads with {countOf(campaign.leader.clicks, "click")}</span>
                      </span>
                    </>
                  ) : campaign.totals.promoters > 0 ? (
                    "No clicks yet"
                  ) : (
                    "No promoters yet"
                  )}
                </p>
                <div className="flex justify-between text-sm text-slate-700">
                  <span className="font-bold text-slate-900">{formatCents(campaign.prize_cents)} prize</span>
                  <span>{timeLeftLabel(campaign.ends_at)}</span>
                </div>
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <Users className="h-4 w-4" aria-hidden /> {countOf(campaign.totals.promoters, "promoter")} ·{" "}
                  {countOf(campaign.totals.clicks, "click")}
                </p>
                <Link to={`/campaigns/${campaign.id}`} className={buttonStyles("secondary", "sm")}>
                  View leaderboard
                </Link>
              </CardBody>
            </Card>
          ))}
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
