/**
 * The embedded board's markup, which the server renders into the frame's first paint and the frame's script renders
 * again on each live update.
 */
import type { EmbedBoard, EmbedEntry } from "./api/embeds.js";
import { escapeHtml } from "./escape-html.js";
import { countOf, formatCents } from "./money.js";
import { remainingLabel } from "./time-left.js";
import { campaignStatus } from "./vocabulary.js";

const places = ["First place", "Second place", "Third place"];

/** A rank's badge: a medal for the top three, a number below; none before a counted click. */
function rankBadge(entry: EmbedEntry): string {
  if (entry.rank === null)
    return `<span class="rank none" title="No verified clicks yet"><span class="sr">Not ranked yet</span></span>`;
  const place = places[entry.rank - 1];
  return place
    ? `<span class="rank m${entry.rank}" role="img" aria-label="${place}">${entry.rank}</span>`
    : `<span class="rank">${entry.rank}</span>`;
}

function row(entry: EmbedEntry, note: string): string {
  return `<li>${rankBadge(entry)}<span class="who">@${escapeHtml(entry.handle)}${note ? `<small>${note}</small>` : ""}</span><span class="n">${countOf(entry.clicks, "click")}</span></li>`;
}

function heading(board: EmbedBoard): string {
  if (board.result) return board.result.state === "final" ? "Final results" : "Results under review";
  return board.campaign.status === campaignStatus.paused ? "Paused: clicks don't count for now" : "Live leaderboard";
}

/** The countdown's text (the frame's script updates it every second). */
export const embedTimeLeft = (board: EmbedBoard, now: number) =>
  board.campaign.ends_at && !board.result ? remainingLabel(board.campaign.ends_at, now) : "Ended";

/** The board's markup, the same on the server's first paint and after each update. */
export function embedBoardMarkup(board: EmbedBoard, now: number): string {
  const { campaign, result } = board;
  const won = new Map(result?.winners.map((winner) => [winner.handle, winner.amount_cents]));
  const passedOver = new Set(result?.not_eligible);
  const note = (entry: EmbedEntry) => {
    const prize = won.get(entry.handle);
    if (prize !== undefined) return `Winner · ${formatCents(prize)}`;
    if (passedOver.has(entry.handle)) return "Not eligible for this prize (official rules)";
    return !result && entry.rank === 1 ? (entry.tied ? "Tied for the prize" : "Currently winning the campaign!") : "";
  };
  const cover = campaign.cover
    ? `<img class="cover" src="${escapeHtml(campaign.cover)}" alt="" width="56" height="56">`
    : "";
  const rows =
    board.entries.length === 0
      ? `<p class="empty">${result ? "No Winner" : "No promoters yet. Be the first to join!"}</p>`
      : `<ol class="board" aria-label="Top promoters">${board.entries.map((entry) => row(entry, note(entry))).join("")}</ol>`;
  const timeLeft = embedTimeLeft(board, now);
  const action = result ? "See the results" : `Join and win ${formatCents(campaign.prize_cents)}`;
  return `<header>${cover}<div><p class="kicker">${heading(board)}</p><h1>${escapeHtml(campaign.title)}</h1><p class="by">by ${escapeHtml(campaign.artist_name)}</p></div></header>
<dl class="facts"><div><dt>Prize</dt><dd>${formatCents(campaign.prize_cents)}</dd></div><div><dt>Time left</dt><dd><span id="countdown" role="timer">${timeLeft}</span></dd></div><div><dt>Promoters</dt><dd>${board.promoters}</dd></div></dl>
${rows}
<footer><a class="join" href="${escapeHtml(campaign.url)}" target="_blank" rel="noopener">${action}</a><span class="brand">Powered by FanBoost</span></footer>`;
}
