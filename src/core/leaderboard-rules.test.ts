import { describe, expect, it } from "vitest";
import { estimatedEarningsCents, promoterTier } from "./leaderboard-rules";

describe("promoter tiers", () => {
  it("apply SPEC.md's thresholds to verified clicks at $0.10 each", () => {
    expect(estimatedEarningsCents(10_000)).toBe(1000_00);
    expect(promoterTier(0)).toBe("Rising");
    expect(promoterTier(9_999)).toBe("Rising");
    expect(promoterTier(10_000)).toBe("Pro");
    expect(promoterTier(19_999)).toBe("Pro");
    expect(promoterTier(20_000)).toBe("Elite");
  });
});
