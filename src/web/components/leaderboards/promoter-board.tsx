import { Award, Crown, Medal } from "lucide-react";
import { useMemo } from "react";
import type { AllTimePromoter as Promoter } from "../../../core/api/leaderboards";
import { estimatedEarningsCents, promoterTier, type Tier } from "../../../core/leaderboard-rules";
import { countOf, formatCents, formatCount } from "../../../core/money";
import { cn } from "../../lib/cn";
import { Badge, type BadgeTone } from "../ui/badge";
import { Card, CardBody } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";

const categories = {
  all: { label: "All", value: (p: Promoter) => p.clicks },
  earnings: { label: "Earnings", value: (p: Promoter) => p.earnings_cents },
  wins: { label: "Wins", value: (p: Promoter) => p.wins },
  clicks: { label: "Clicks", value: (p: Promoter) => p.clicks },
} as const;
export type Category = keyof typeof categories;

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

type Props = {
  promoters: Promoter[];
  loading: boolean;
  /** Kept by the page, so it survives a visit to the other tab. */
  category: Category;
  onCategory: (category: Category) => void;
};

/** The all-time promoters, ranked by the category chosen: the top three on a podium, then everyone in a table. */
export function PromoterBoard({ promoters, loading, category, onCategory }: Props) {
  const ranked = useMemo(() => {
    const value = categories[category].value;
    return [...promoters].sort((a, b) => value(b) - value(a) || b.clicks - a.clicks);
  }, [promoters, category]);
  return (
    <>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Category</legend>
        {(Object.keys(categories) as Category[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={category === key}
            onClick={() => onCategory(key)}
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

      {loading ? (
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
                      <p className="max-w-full text-lg font-bold wrap-anywhere text-slate-900">@{promoter.handle}</p>
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
    </>
  );
}
