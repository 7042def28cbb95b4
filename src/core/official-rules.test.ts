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
      "under review for 0.5 hours",
      "live in Canada, Germany and the United States",
      "18, or in the United States 19 in Alabama and Nebraska, 21 in Mississippi",
      "prizes paid in one calendar year to $2,000 or more",
      "Every prize is subject to verification",
      "every account linked to that person is passed over too",
    ]) {
      expect(said).toContain(fact);
    }
  });

  it("name the click checks without their limits (a published line is a target)", () => {
    const said = text(settings);
    for (const limit of ["10 counted", "20 visits", "1,000 a minute", "5 minutes", "an hour"])
      expect(said).not.toContain(limit);
    for (const change of [{ networkClickLimit: 12 }, { challengeBurst: 30 }, { rateLimitPerMinute: 500 }]) {
      expect(text({ ...settings, ...change }), JSON.stringify(change)).toBe(text(settings));
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
      { allowedCountries: ["US"] },
      { taxThresholdCents: 600_00 },
    ];
    for (const change of changes)
      expect(text({ ...settings, ...change }), JSON.stringify(change)).not.toBe(text(settings));
  });
});
