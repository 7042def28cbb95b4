import { describe, expect, it } from "vitest";
import {
  allowedDurationDays,
  dollarsToCents,
  formatCents,
  platformFeeCents,
  prizePresets,
  totalChargeCents,
} from "./money";
import { pricingTiers, prizeAmounts } from "./pricing";

describe("pricing tiers", () => {
  it("are Starter $100, Professional $500 (most popular, as its preset) and Elite $1000 with SPEC.md's durations", () => {
    expect(prizePresets.filter((preset) => "mostPopular" in preset).map((preset) => preset.dollars)).toEqual([500]);
    expect(prizePresets.map((preset) => preset.label)).not.toContain("Popular");
    expect(
      pricingTiers.map((tier) => [
        tier.name,
        tier.prizeDollars,
        tier.popular,
        tier.durationDays.min,
        tier.durationDays.max,
      ]),
    ).toEqual([
      ["Starter", 100, false, 3, 7],
      ["Professional", 500, true, 5, 14],
      ["Elite", 1000, false, 10, 30],
    ]);
    for (const tier of pricingTiers) {
      expect(allowedDurationDays).toContain(tier.durationDays.min);
      expect(allowedDurationDays).toContain(tier.durationDays.max);
    }
  });

  it("charge the prize plus the 5% fee, shown to the cent", () => {
    expect(pricingTiers.map((tier) => formatCents(prizeAmounts(tier.prizeDollars).totalCents))).toEqual([
      "$105",
      "$525",
      "$1,050",
    ]);
  });
});

describe("prizeAmounts", () => {
  it("takes the fee and the total from the money rules, for every tier and preset", () => {
    const prizes = [...pricingTiers.map((tier) => tier.prizeDollars), ...prizePresets.map((preset) => preset.dollars)];
    for (const dollars of prizes) {
      const prizeCents = dollarsToCents(dollars);
      expect(prizeAmounts(dollars)).toEqual({
        prizeCents,
        feeCents: platformFeeCents(prizeCents),
        totalCents: totalChargeCents(prizeCents),
      });
    }
  });

  it("rounds the fee half up to the cent and shows a total with cents as it is", () => {
    // $250 costs $262.50, on the pricing page as on the payment screen.
    expect(prizeAmounts(250)).toEqual({ prizeCents: 250_00, feeCents: 12_50, totalCents: 262_50 });
    expect(formatCents(prizeAmounts(250).totalCents)).toBe("$262.50");
    // $11 has a fee of 55 cents; $10.10 a fee of 50.5 cents, rounded half up to 51.
    expect(prizeAmounts(11).feeCents).toBe(55);
    expect(prizeAmounts(10.1).feeCents).toBe(51);
  });
});
