import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countOf, formatCents, formatCount, platformFeeCents, splitPrize, totalChargeCents } from "./money";

describe("platform fee", () => {
  it("is 5% rounded half up to the cent", () => {
    expect(platformFeeCents(100_00)).toBe(5_00);
    expect(platformFeeCents(10_10)).toBe(51); // 50.5 cents rounds up
    expect(platformFeeCents(10_09)).toBe(50); // 50.45 cents rounds down
    expect(platformFeeCents(0)).toBe(0);
    expect(totalChargeCents(250_00)).toBe(262_50);
  });

  it("never differs from the exact 5% by more than half a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (prize) => {
        const fee = platformFeeCents(prize);
        expect(Math.abs(fee - prize * 0.05)).toBeLessThanOrEqual(0.5);
        expect(totalChargeCents(prize)).toBe(prize + fee);
      }),
    );
  });

  it("refuses fractional or negative cents", () => {
    expect(() => platformFeeCents(1.5)).toThrow(RangeError);
    expect(() => platformFeeCents(-1)).toThrow(RangeError);
  });
});

describe("splitPrize", () => {
  it("gives leftover cents to the earliest joined", () => {
    expect(splitPrize(100_01, 2)).toEqual([50_01, 50_00]);
    expect(splitPrize(100_00, 3)).toEqual([33_34, 33_33, 33_33]);
    expect(splitPrize(500_00, 1)).toEqual([500_00]);
  });

  it("always sums to the prize, parts differ by at most one cent, and is deterministic", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 500 }), (prize, winners) => {
        const parts = splitPrize(prize, winners);
        expect(parts).toHaveLength(winners);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(prize);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect(parts).toEqual([...parts].sort((a, b) => b - a));
        expect(splitPrize(prize, winners)).toEqual(parts);
      }),
    );
  });

  it("needs at least one winner", () => {
    expect(() => splitPrize(100, 0)).toThrow(RangeError);
  });
});

describe("display", () => {
  it("hides decimals only when the amount is whole", () => {
    expect(formatCents(1000_00)).toBe("$1,000");
    expect(formatCents(262_50)).toBe("$262.50");
    expect(formatCents(5)).toBe("$0.05");
  });

  it("says a count in words, singular for one", () => {
    expect(countOf(1, "click")).toBe("1 click");
    expect(countOf(0, "promoter")).toBe("0 promoters");
    expect(countOf(2_500, "campaign")).toBe("2.5K campaigns");
  });

  it("abbreviates large counts with one decimal", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1500)).toBe("1.5K");
    expect(formatCount(2_345_678)).toBe("2.3M");
    expect(formatCount(7_000_000_000)).toBe("7.0B");
  });
});
