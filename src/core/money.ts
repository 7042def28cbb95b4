/**
 * Every money rule of the product, shared by server and browser. Amounts are integer cents.
 * PRODUCT.md: fee 5% of the prize rounded half up; winners receive 100% of the prize; ties split it.
 */

export const PLATFORM_FEE_PERCENT = 5;
export const MIN_PRIZE_CENTS = 10_00;
export const MAX_PRIZE_CENTS = 1_000_000_00;
export const MIN_PAYOUT_CENTS = 50_00;
/** Estimated earnings per verified click on the leaderboards (SPEC.md section 9). */
export const EARNINGS_PER_CLICK_CENTS = 10;

export const prizePresets = [
  { dollars: 100, label: "Starter" },
  { dollars: 250, label: "Growth" },
  { dollars: 500, label: "Professional", mostPopular: true },
  { dollars: 1000, label: "Premium" },
  { dollars: 2500, label: "Elite" },
] as const;

export const campaignDurations = [
  { days: 3, label: "3 Days" },
  { days: 5, label: "5 Days" },
  { days: 7, label: "1 Week" },
  { days: 10, label: "10 Days" },
  { days: 14, label: "2 Weeks" },
  { days: 21, label: "3 Weeks" },
  { days: 30, label: "30 Days" },
] as const;
export const DEFAULT_DURATION_DAYS = 7;
export const allowedDurationDays: readonly number[] = campaignDurations.map((duration) => duration.days);

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Expected non-negative integer cents, got ${cents}`);
}

/** 5% of the prize, rounded half up to the cent. */
export function platformFeeCents(prizeCents: number): number {
  assertCents(prizeCents);
  return Math.floor((prizeCents * PLATFORM_FEE_PERCENT + 50) / 100);
}

/** What the artist pays once, at funding: prize plus fee. */
export function totalChargeCents(prizeCents: number): number {
  return prizeCents + platformFeeCents(prizeCents);
}

/** SPEC.md section 5's generic amount message: an amount that is not a whole number of dollars (or cents, for the API). */
export const amountMessages = { invalid: "Please enter a valid amount" } as const;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Splits a prize among tied winners, listed earliest-joined first: equal parts, and the leftover cents
 * go one each to the earliest. The parts always sum to the prize.
 */
export function splitPrize(prizeCents: number, winnerCount: number): number[] {
  assertCents(prizeCents);
  if (!Number.isInteger(winnerCount) || winnerCount < 1) throw new RangeError("At least one winner is needed");
  const base = Math.floor(prizeCents / winnerCount);
  const leftover = prizeCents - base * winnerCount;
  return Array.from({ length: winnerCount }, (_, index) => base + (index < leftover ? 1 : 0));
}

const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** US dollars: no decimals when whole ("$1,000"), otherwise two ("$10.50"). */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** Large counts abbreviated K, M, B with one decimal (SPEC.md section 9). */
export function formatCount(value: number): string {
  const units = [
    { size: 1e9, suffix: "B" },
    { size: 1e6, suffix: "M" },
    { size: 1e3, suffix: "K" },
  ];
  for (const unit of units) {
    if (Math.abs(value) >= unit.size) return `${(Math.floor((value / unit.size) * 10) / 10).toFixed(1)}${unit.suffix}`;
  }
  return String(value);
}

/** A count in words: "1 promoter", "0 clicks", "2.5K campaigns" (the noun's plural is its name with an "s"). */
export function countOf(count: number, noun: string): string {
  return `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;
}
