import { dollarsToCents, platformFeeCents, totalChargeCents } from "./money.js";

/** The three pricing tiers of SPEC.md section 9; every amount is computed by the money rules. */
export const pricingTiers = [
  {
    name: "Starter",
    prizeDollars: 100,
    promoters: "Suits up to 50 promoters",
    durations: "3-7 day campaigns",
    popular: false,
    features: ["Live leaderboard", "Verified click tracking", "Winner paid through Stripe"],
  },
  {
    name: "Professional",
    prizeDollars: 500,
    promoters: "Suits up to 200 promoters",
    durations: "5-14 day campaigns",
    popular: true,
    features: ["Everything in Starter", "A prize big enough to draw a crowd", "Near the top of the prize-sorted list"],
  },
  {
    name: "Elite",
    prizeDollars: 1000,
    promoters: "Room for any number of promoters",
    durations: "10-30 day campaigns",
    popular: false,
    features: ["Everything in Professional", "Top of the prize-sorted list", "Room for your biggest releases"],
  },
] as const;

/** A prize's amount, its fee and what the artist pays, in cents. */
export function prizeAmounts(prizeDollars: number) {
  const prizeCents = dollarsToCents(prizeDollars);
  return { prizeCents, feeCents: platformFeeCents(prizeCents), totalCents: totalChargeCents(prizeCents) };
}
