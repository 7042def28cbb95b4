import { describe, expect, it } from "vitest";
import { type EarningsCsvRow, earningsCsv, filterEarnings, inPeriod, summarizeEarnings } from "./earnings";

describe("what a promoter earned", () => {
  it("counts only what was paid as Total Earnings, won but unpaid apart, and wins over ended campaigns", () => {
    const summary = summarizeEarnings([
      { campaign_status: "completed", payout_status: "paid", payout_cents: 40_00 },
      { campaign_status: "ended", payout_status: "pending", payout_cents: 100_00 },
      { campaign_status: "ended", payout_status: "failed", payout_cents: 7_00 },
      { campaign_status: "ended", payout_status: "processing", payout_cents: 3_00 },
      { campaign_status: "ended", payout_status: null, payout_cents: 0 },
      { campaign_status: "active", payout_status: null, payout_cents: 0 },
      { campaign_status: "cancelled", payout_status: null, payout_cents: 0 },
    ]);
    expect(summary).toEqual({
      paid_cents: 40_00,
      pending_cents: 110_00,
      campaigns_won: 4,
      ended_campaigns_joined: 5,
      win_rate_percent: 80,
    });
  });

  it("has no win rate before a joined campaign ends", () => {
    expect(summarizeEarnings([{ campaign_status: "active", payout_status: null, payout_cents: 0 }])).toMatchObject({
      paid_cents: 0,
      pending_cents: 0,
      win_rate_percent: 0,
    });
  });
});

const now = new Date(2026, 10, 23, 12);

describe("earnings periods", () => {
  it("places dates in this month, last month and this year", () => {
    expect(inPeriod(new Date(2026, 10, 2).toISOString(), "this-month", now)).toBe(true);
    expect(inPeriod(new Date(2026, 9, 31).toISOString(), "this-month", now)).toBe(false);
    expect(inPeriod(new Date(2026, 9, 31).toISOString(), "last-month", now)).toBe(true);
    expect(inPeriod(new Date(2025, 11, 31).toISOString(), "this-year", now)).toBe(false);
    expect(inPeriod(new Date(2025, 11, 31).toISOString(), "last-month", new Date(2026, 0, 5))).toBe(true);
    expect(inPeriod("2001-01-01T00:00:00Z", "all-time", now)).toBe(true);
  });

  it("filters by period and status together", () => {
    const rows = [
      { date: new Date(2026, 10, 3).toISOString(), status: "paid" },
      { date: new Date(2026, 10, 4).toISOString(), status: "lost" },
      { date: new Date(2026, 8, 4).toISOString(), status: "paid" },
    ];
    expect(filterEarnings(rows, "this-month", "paid", now)).toEqual([rows[0]]);
    expect(filterEarnings(rows, "all-time", "all", now)).toEqual(rows);
  });
});

describe("earnings CSV", () => {
  it("writes a header and one quoted, formula-safe line per row", () => {
    const row: EarningsCsvRow = {
      campaign_title: 'Song, "Live"',
      campaign_artist: "=HYPERLINK(1)",
      date: "2026-11-20T10:00:00.000Z",
      rank: 1,
      participants: 12,
      total_clicks: 340,
      status: "paid",
      amount_cents: 50_01,
    };
    expect(earningsCsv([row])).toBe(
      'Campaign,Artist,Date,Rank,Participants,Clicks,Status,Earnings (USD)\r\n"Song, ""Live""","\'=HYPERLINK(1)",2026-11-20,1,12,340,paid,50.01\r\n',
    );
  });
});
