import { Award, Crown, Medal } from "lucide-react";
import { type CampaignResultView, type LeaderboardEntry, leaderboardsApi } from "../../../core/api/leaderboards";
import { countOf, formatCents } from "../../../core/money";
import { cn } from "../../lib/cn";
import { useLiveData } from "../../lib/live";
import { exclusionLabels } from "../../lib/vocabulary-labels";

const rankIcons = [
  { icon: Crown, className: "text-amber-500", label: "First place" },
  { icon: Medal, className: "text-slate-400", label: "Second place" },
  { icon: Award, className: "text-orange-600", label: "Third place" },
];

/** What an ended campaign's result waits for, by its state: the review, then the winner's verification. */
const resultNotes = {
  provisional: (result: CampaignResultView) =>
    `Provisional: results under review until ${new Date(result.review_until ?? "").toLocaleString()}`,
  verifying: () =>
    "Verifying the winner: FanBoost approves the result with its evidence and the winner confirms they still qualify before the prize is paid. If they don't, the prize passes to the next eligible promoter.",
  final: () => "Final result",
} satisfies Record<CampaignResultView["state"], (result: CampaignResultView) => string>;

/** An ended campaign's winners, marked provisional while under review and while the winner is being verified. */
function ResultBanner({ result }: { result: CampaignResultView }) {
  const names = result.winners.map((winner) => `@${winner.handle}`).join(", ");
  return (
    <div
      className={cn(
        "rounded-xl px-4 py-2 text-sm ring-1",
        result.state === "final"
          ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
          : "bg-amber-50 text-amber-900 ring-amber-200",
      )}
    >
      <p className="font-semibold">
        {result.winners.length === 0
          ? "No Winner"
          : result.winners.length > 1
            ? `Tied winners: ${names}`
            : `Winner: ${names}`}
      </p>
      <p className="text-xs">{resultNotes[result.state](result)}</p>
    </div>
  );
}

type Ranked = LeaderboardEntry & { rank: number };
const ranked = (entry: LeaderboardEntry): entry is Ranked => entry.rank !== null;

/** The top three on steps: second, first, third (a promoter without a rank gets no medal). */
function Podium({ entries }: { entries: LeaderboardEntry[] }) {
  const placed = entries
    .filter(ranked)
    .filter((entry) => entry.rank <= 3)
    .slice(0, 3);
  if (placed.length === 0) return null;
  const order = [placed[1], placed[0], placed[2]];
  const heights = ["h-16", "h-24", "h-12"];
  return (
    <ol className="grid grid-cols-3 items-end gap-2" aria-label="Podium">
      {order.map((entry, index) => {
        if (!entry) return <li key={heights[index]} aria-hidden />;
        const rankIcon = rankIcons[entry.rank - 1];
        const Icon = rankIcon?.icon ?? Award;
        return (
          <li key={entry.promoter_id} className="flex min-w-0 flex-col items-center gap-1 text-center">
            <Icon className={cn("h-6 w-6", rankIcon?.className)} aria-label={rankIcon?.label} />
            <span className="w-full text-sm font-semibold wrap-anywhere text-slate-900">@{entry.handle}</span>
            <span className="text-xs whitespace-nowrap text-slate-600">{countOf(entry.clicks, "click")}</span>
            <span
              className={cn(
                "flex w-full items-start justify-center rounded-t-lg bg-gradient-to-b from-brand-100 to-brand-50 pt-1 text-lg font-extrabold text-brand-800",
                heights[index],
              )}
            >
              {entry.rank}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A campaign's live board (SPEC.md Live leaderboard component): pushed by the server, polled every 10 s as a fallback. */
export const useCampaignBoard = (campaignId: string) =>
  useLiveData(leaderboardsApi.campaign, leaderboardsApi.campaignStream, { params: { id: campaignId } }, 10_000);

/** A campaign's live leaderboard, on a page that has no other use for its board. */
export function CampaignLeaderboard({ campaignId, podium = false }: { campaignId: string; podium?: boolean }) {
  return <CampaignBoardView board={useCampaignBoard(campaignId)} podium={podium} />;
}

/** The board of `useCampaignBoard`, for a page that also shows the campaign facts it carries. */
export function CampaignBoardView({
  board,
  podium = false,
}: {
  board: ReturnType<typeof useCampaignBoard>;
  podium?: boolean;
}) {
  if (board.isPending) return <p className="py-6 text-center text-sm text-slate-500">Loading leaderboard…</p>;
  if (board.isError) {
    return (
      <p className="py-6 text-center text-sm text-red-700" role="alert">
        Leaderboard Error: {board.error.message || "Failed to load leaderboards"}
      </p>
    );
  }
  const { entries, result } = board.data;
  if (entries.length === 0) {
    return result ? (
      <ResultBanner result={result} />
    ) : (
      <p className="py-6 text-center text-sm text-slate-500">No promoters yet. Be the first to join!</p>
    );
  }
  const leaders = entries.filter((entry) => entry.rank === 1);
  const won = new Map(result?.winners.map((winner) => [winner.promoter_id, winner.amount_cents]));
  const excluded = new Map(result?.not_eligible.map((row) => [row.promoter_id, row.reason]));
  const note = (entry: (typeof entries)[number]) => {
    if (result) {
      const prize = won.get(entry.promoter_id);
      if (prize !== undefined) return <span className="text-xs text-emerald-800">Winner · {formatCents(prize)}</span>;
      const reason = excluded.get(entry.promoter_id);
      return reason ? <span className="text-xs text-slate-500">{exclusionLabels[reason]}</span> : null;
    }
    if (entry.rank === 1) {
      return (
        <span className="text-xs text-amber-800">
          {entry.tied ? "Tied for the prize" : "Currently winning the campaign!"}
        </span>
      );
    }
    return entry.tied ? <span className="text-xs text-slate-500">Tied at #{entry.rank}</span> : null;
  };
  return (
    <div className="flex flex-col gap-3">
      {result ? (
        <ResultBanner result={result} />
      ) : leaders.length > 0 ? (
        <p className="rounded-xl bg-gradient-to-r from-amber-100 to-amber-50 px-4 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
          {leaders.length > 1
            ? `Tied for the prize: ${leaders.map((entry) => `@${entry.handle}`).join(", ")}`
            : `@${leaders[0]?.handle}: Currently winning the campaign!`}
        </p>
      ) : null}
      {podium ? <Podium entries={entries} /> : null}
      <ol className="max-h-96 overflow-y-auto rounded-xl ring-1 ring-slate-200" aria-label="Leaderboard">
        {entries.map((entry) => {
          const rankIcon = entry.rank === null ? undefined : rankIcons[entry.rank - 1];
          const Icon = rankIcon?.icon;
          return (
            <li
              key={entry.promoter_id}
              className={cn(
                "flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0",
                (result ? won.has(entry.promoter_id) : entry.rank === 1) ? "bg-amber-50/60" : "bg-white",
              )}
            >
              <span className="flex w-8 justify-center font-bold text-slate-700">
                {Icon ? (
                  <Icon className={cn("h-5 w-5", rankIcon.className)} aria-label={rankIcon.label} />
                ) : entry.rank === null ? (
                  <>
                    <span aria-hidden>–</span>
                    <span className="sr-only">No rank yet</span>
                  </>
                ) : (
                  `#${entry.rank}`
                )}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold wrap-anywhere text-slate-900">@{entry.handle}</span>
                {note(entry)}
              </span>
              <span className="text-sm font-semibold text-slate-900">{countOf(entry.clicks, "click")}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
