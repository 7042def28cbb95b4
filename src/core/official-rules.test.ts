import { describe, expect, it } from "vitest";
import { type CurrentRulesSettings, officialRulesSections } from "./official-rules";

const settings: CurrentRulesSettings = {
  title: "Night Drive",
  artistName: "Luna Ray",
  prizeCents: 1_000_01,
  startsAt: "2026-11-20T09:30:00.000Z",
  endsAt: "2026-11-27T09:30:00.000Z",
  reviewHours: 0.5,
  clickRulesVersion: 3,
  networkClickLimit: 10,
  challengeBurst: 20,
  rateLimitPerMinute: 1000,
  allowedCountries: ["US", "CA", "DE"],
  taxThresholdCents: 2_000_00,
};
const text = (value: CurrentRulesSettings) =>
  officialRulesSections(value)
    .flatMap((section) => section.paragraphs)
    .join("\n");

describe("official rules", () => {
  it("state each setting they were generated from, in words and in UTC", () => {
    const said = text(settings);
    for (const fact of [
      '"Night Drive" is a contest of skill among promoters, sponsored by Luna Ray',
      "started on November 20, 2026 at 9:30 AM UTC and ends on November 27, 2026 at 9:30 AM UTC",
      "The prize is $1,000.01",
      "a three-way tie for $1,000.01 pays $333.34 to the earliest of the three to join, $333.34 to the next and $333.33 to the last",
      "version 3 of FanBoost's click rules",
      "more than 10 counted clicks within an hour",
      "over 20 visits in 5 minutes",
      "beyond 1,000 a minute",
      "under review for 0.5 hours",
      "live in Canada, Germany and the United States",
      "18, or in the United States 19 in Alabama and Nebraska, 21 in Mississippi",
      "prizes paid in one calendar year to $2,000 or more",
    ]) {
      expect(said).toContain(fact);
    }
  });

  it("change with every setting they state", () => {
    const changes: Partial<CurrentRulesSettings>[] = [
      { title: "Other" },
      { artistName: "Other" },
      { prizeCents: 50_00 },
      { startsAt: "2026-11-21T09:30:00.000Z" },
      { endsAt: "2026-11-28T09:30:00.000Z" },
      { reviewHours: 48 },
      { clickRulesVersion: 4 },
      { networkClickLimit: 12 },
      { challengeBurst: 30 },
      { rateLimitPerMinute: 500 },
      { allowedCountries: ["US"] },
      { taxThresholdCents: 600_00 },
    ];
    for (const change of changes)
      expect(text({ ...settings, ...change }), JSON.stringify(change)).not.toBe(text(settings));
  });
});
