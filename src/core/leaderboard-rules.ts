import { EARNINGS_PER_CLICK_CENTS } from "./money.js";

/**
 * Leaderboard tiers (SPEC.md section 4): Elite from $2,000 and Pro from $1,000 of estimated earnings, Rising below.
 * The estimate is verified clicks at $0.10 each; it is a label, not money anyone is owed.
 */
export const tierThresholdsCents = { elite: 2000_00, pro: 1000_00 } as const;
export type Tier = "Elite" | "Pro" | "Rising";

export function estimatedEarningsCents(verifiedClicks: number): number {
  return verifiedClicks * EARNINGS_PER_CLICK_CENTS;
}

export function promoterTier(verifiedClicks: number): Tier {
  const estimate = estimatedEarningsCents(verifiedClicks);
  if (estimate >= tierThresholdsCents.elite) return "Elite";
  if (estimate >= tierThresholdsCents.pro) return "Pro";
  return "Rising";
}
