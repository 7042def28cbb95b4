import { type campaignDurations, dollarsToCents, platformFeeCents, totalChargeCents } from "./money.js";

type DurationDays = (typeof campaignDurations)[number]["days"];

export type PricingTier = {
  name: string;
  tagline: string;
  prizeDollars: number;
  durationDays: { min: DurationDays; max: DurationDays };
  popular: boolean;
  features: readonly string[];
};

/** The three pricing tiers of SPEC.md section 9; every amount is computed by the money rules. */
export const pricingTiers: readonly PricingTier[] = [
  {
    name: "Starter",
    tagline: "Test the waters with a new single.",
    prizeDollars: 100,
    durationDays: { min: 3, max: 7 },
    popular: false,
    features: [
      "Live leaderboard of verified clicks",
      "A personal link and QR code for every promoter",
      "Any number of promoters can join",
    ],
  },
  {
    name: "Professional",
    tagline: "A prize big enough to draw a crowd.",
    prizeDollars: 500,
    durationDays: { min: 5, max: 14 },
    popular: true,
    features: ["Everything in Starter", "Near the top of the prize-sorted campaign list"],
  },
  {
    name: "Elite",
    tagline: "For the release that matters most.",
    prizeDollars: 1000,
    durationDays: { min: 10, max: 30 },
    popular: false,
    features: ["Everything in Professional", "Top of the prize-sorted campaign list"],
  },
];

/** A prize's amount, its fee and what the artist pays, in cents. */
export function prizeAmounts(prizeDollars: number) {
  const prizeCents = dollarsToCents(prizeDollars);
  return { prizeCents, feeCents: platformFeeCents(prizeCents), totalCents: totalChargeCents(prizeCents) };
}
