/**
 * What a promoter earned, defined once for the promoter dashboard, /earnings and the emails; and the earnings history's
 * period and status filters and CSV export.
 */

/**
 * Total Clicks, one definition for the dashboard and /earnings: every verified click of every campaign the promoter
 * joined, a cancelled campaign's included (they counted when they came). Both tiles say so.
 */
export const TOTAL_CLICKS_DETAIL = "All verified, cancelled campaigns too";

/** One campaign a promoter joined, as far as what they earned from it goes. */
export type EarningsEntry = {
  campaign_status: string;
  /** Their payout for it: null when they did not win it. */
  payout_status: "pending" | "processing" | "paid" | "failed" | null;
  /** The payout's amount (0 without one). */
  payout_cents: number;
};

export type EarningsSummary = {
  /** Total Earnings: what was paid. */
  paid_cents: number;
  /** Won and not paid yet: under review, waiting for the payout run, being sent, or failed and to be retried. */
  pending_cents: number;
  campaigns_won: number;
  ended_campaigns_joined: number;
  /** Campaigns won over ended campaigns joined, as a whole percent (0 before any has ended). */
  win_rate_percent: number;
};

/** A campaign whose result is decided (a cancelled one has none). */
const endedStatuses = new Set(["ended", "completed"]);

export function summarizeEarnings(entries: readonly EarningsEntry[]): EarningsSummary {
  const won = entries.filter((entry) => entry.payout_status !== null);
  const sum = (rows: readonly EarningsEntry[]) => rows.reduce((total, entry) => total + entry.payout_cents, 0);
  const ended = entries.filter((entry) => endedStatuses.has(entry.campaign_status)).length;
  return {
    paid_cents: sum(won.filter((entry) => entry.payout_status === "paid")),
    pending_cents: sum(won.filter((entry) => entry.payout_status !== "paid")),
    campaigns_won: won.length,
    ended_campaigns_joined: ended,
    win_rate_percent: ended === 0 ? 0 : Math.round((won.length / ended) * 100),
  };
}

export const earningsPeriods = [
  { value: "all-time", label: "All time" },
  { value: "this-month", label: "This month" },
  { value: "last-month", label: "Last month" },
  { value: "this-year", label: "This year" },
] as const;
export type EarningsPeriod = (typeof earningsPeriods)[number]["value"];

export const earningsStatuses = [
  { value: "all", label: "All statuses" },
  { value: "paid", label: "Paid" },
  { value: "pending", label: "Pending" },
  { value: "lost", label: "Lost" },
] as const;
export type EarningsStatusFilter = (typeof earningsStatuses)[number]["value"];

export type EarningsCsvRow = {
  campaign_title: string;
  campaign_artist: string;
  date: string;
  /** Null without a counted click. */
  rank: number | null;
  participants: number;
  total_clicks: number;
  status: "paid" | "pending" | "lost";
  amount_cents: number;
};

/** Whether an ISO date falls in the period, in the viewer's local calendar. */
export function inPeriod(isoDate: string, period: EarningsPeriod, now = new Date()): boolean {
  if (period === "all-time") return true;
  const date = new Date(isoDate);
  if (period === "this-year") return date.getFullYear() === now.getFullYear();
  const monthsAgo = period === "this-month" ? 0 : 1;
  const month = new Date(now.getFullYear(), now.getMonth() - monthsAgo, 1);
  return date.getFullYear() === month.getFullYear() && date.getMonth() === month.getMonth();
}

export function filterEarnings<T extends { date: string; status: string }>(
  rows: readonly T[],
  period: EarningsPeriod,
  status: EarningsStatusFilter,
  now = new Date(),
): T[] {
  return rows.filter((row) => inPeriod(row.date, period, now) && (status === "all" || row.status === status));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quote when needed, and defuse values a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The earnings history as CSV (RFC 4180), amounts in dollars with two decimals. */
export function earningsCsv(rows: readonly EarningsCsvRow[]): string {
  const header = ["Campaign", "Artist", "Date", "Rank", "Participants", "Clicks", "Status", "Earnings (USD)"];
  const lines = rows.map((row) =>
    [
      row.campaign_title,
      row.campaign_artist,
      row.date.slice(0, 10),
      row.rank ?? "",
      row.participants,
      row.total_clicks,
      row.status,
      (row.amount_cents / 100).toFixed(2),
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
