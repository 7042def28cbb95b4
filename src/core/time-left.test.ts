import { describe, expect, it } from "vitest";
import { cadenceLabel, remainingLabel } from "./time-left";

describe("time labels", () => {
  it("names a job's cadence in whole units, never a fraction of a minute", () => {
    expect([5, 30, 90, 60, 600, 3600, 86_400].map(cadenceLabel)).toEqual([
      "5 s",
      "30 s",
      "90 s",
      "1 min",
      "10 min",
      "1 h",
      "24 h",
    ]);
  });

  it("counts a campaign down to 'Ended'", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(remainingLabel("2026-11-30T16:00:09Z", now)).toBe("2d 4h 0m 9s");
    expect(remainingLabel("2026-11-28T12:05:03Z", now)).toBe("5m 3s");
    expect(remainingLabel("2026-11-28T12:00:00Z", now)).toBe("Ended");
  });
});
