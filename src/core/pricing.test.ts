import { describe, expect, it } from "vitest";
import { formatCentsFloorDollars, platformFeeCents } from "./money";
import { pricingTiers, prizeAmounts } from "./pricing";

describe("pricing tiers", () => {
  it("are Starter $100, Professional $500 (most popular) and Elite $1000", () => {
    expect(pricingTiers.map((tier) => [tier.name, tier.prizeDollars, tier.popular])).toEqual([
      ["Starter", 100, false],
      ["Professional", 500, true],
      ["Elite", 1000, false],
    ]);
  });

  it("charge the prize plus the 5% fee, shown rounded down to whole dollars", () => {
    expect(pricingTiers.map((tier) => formatCentsFloorDollars(prizeAmounts(tier.prizeDollars).totalCents))).toEqual([
      "$105",
      "$525",
      "$1,050",
    ]);
    for (const tier of pricingTiers) {
      const amounts = prizeAmounts(tier.prizeDollars);
      expect(amounts.feeCents).toBe(platformFeeCents(amounts.prizeCents));
      expect(amounts.totalCents).toBe(amounts.prizeCents + amounts.feeCents);
    }
  });
});
