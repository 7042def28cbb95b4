import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutsApi } from "../../core/api/payouts";
import { promotersApi } from "../../core/api/promoters";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { okRoute } from "../testing/contract-call";
import { adminPost, clicks, makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let promoter: TestUser;
let rival: TestUser;
let artist: TestUser;
const ids: Record<string, string> = {};
const codes: Record<string, string> = {};

const dashboard = (user: TestUser) => okRoute(t, promotersApi.dashboard, { cookie: user.cookie }, 200);

/** A campaign the promoter and the rival join, with their counted clicks. */
async function campaign(name: string, prizeCents: number, mine: number, theirs: number, third = 0) {
  ids[name] = await createLiveCampaign(t, artist, { title: name, prize_cents: prizeCents });
  codes[name] = await joinAs(t, promoter, ids[name] as string);
  const rivalCode = await joinAs(t, rival, ids[name] as string);
  await clicks(t, codes[name] as string, mine, `10.${Object.keys(ids).length}.1`);
  await clicks(t, rivalCode, theirs, `10.${Object.keys(ids).length}.2`);
  if (third > 0) {
    const thirdCode = await joinAs(t, await signUp(t, "promoter"), ids[name] as string);
    await clicks(t, thirdCode, third, `10.${Object.keys(ids).length}.3`);
  }
}

beforeAll(async () => {
  // A documentation range stands in for a data centre's network.
  t = await createTestApp({ env: { NETWORK_OVERRIDES: "192.0.2.0/24=64511:Example Cloud:hosting" } });
  [promoter, rival, artist] = [await signUp(t, "promoter"), await signUp(t, "promoter"), await signUp(t, "artist")];
  const admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
  // Ended first (so their results exist), then the live ones. The tie is decided first: after it, the contest rules
  // (one win per 30 days) pass over the promoter and the rival in the later results.
  await campaign("Tied", 50_00, 1, 1);
  await campaign("Passed over", 100_00, 4, 1, 1);
  await campaign("Lost", 100_00, 1, 3);
  for (const name of ["Tied", "Passed over", "Lost"]) {
    expect((await adminPost(t, admin, `/api/admin/campaigns/${ids[name]}/end`)).status).toBe(200);
  }
  await campaign("Second", 100_00, 2, 5, 2);
  await campaign("Level", 100_00, 3, 3);
  await campaign("Quiet", 100_00, 0, 1);
  // Visits that do not count on the "Second" link: a repeat, a link preview, the promoter's own click, and a visit
  // from a data centre, which never counts toward a prize.
  const link = `/t/${codes.Second}`;
  expect((await clickAs(t, link, { ip: "192.0.2.7" })).headers.get("X-Click-Verdict")).toBe("hosting");
  expect((await clickAs(t, link, { ip: "10.4.1.1" })).headers.get("X-Click-Verdict")).toBe("duplicate");
  expect(
    (await clickAs(t, link, { ip: "10.4.9.9", ua: "Slackbot-LinkExpanding 1.0" })).headers.get("X-Click-Verdict"),
  ).toBe("bot");
  expect((await clickAs(t, link, { ip: "10.4.9.8", cookie: promoter.cookie })).headers.get("X-Click-Verdict")).toBe(
    "self",
  );
  await t.app.clicksWritten();
});
afterAll(() => t?.close());

describe("promoter dashboard", () => {
  it("adds up the tiles and the performance figures", async () => {
    const data = await dashboard(promoter);
    expect(data.tiles).toEqual({
      // Nothing paid yet; half of the tied 50 is won, under review.
      total_earnings_cents: 0,
      pending_earnings_cents: 25_00,
      total_clicks: 1 + 4 + 1 + 2 + 3 + 0,
      campaigns_won: 1,
      active_campaigns: 3,
    });
    expect(data.performance).toEqual({
      win_rate_percent: 33,
      clicks_per_campaign: 2,
      best_campaign: { title: "Passed over", clicks: 4 },
    });
    expect(data.clicks_per_day).toHaveLength(30);
    expect(data.clicks_per_day.at(-1)?.counted).toBe(11);
    expect(data.clicks_per_day.slice(0, -1).every((day) => day.counted === 0)).toBe(true);
  });

  it("says what was earned as /earnings does: paid as Total Earnings, won but unpaid as pending", async () => {
    const data = await dashboard(promoter);
    const earnings = await okRoute(t, payoutsApi.earnings, { cookie: promoter.cookie });
    expect(earnings.totals).toMatchObject({
      paid_cents: data.tiles.total_earnings_cents,
      pending_cents: data.tiles.pending_earnings_cents,
      campaigns_won: data.tiles.campaigns_won,
      // One won of the three ended ones joined (three more still run).
      win_rate_percent: data.performance.win_rate_percent,
      campaigns_joined: 6,
      campaigns_ended: 3,
    });
    expect(earnings.totals?.win_rate_percent).toBe(33);
  });

  it("gives each live link its rank, the gap to the rank above and what it would win now", async () => {
    const byTitle = new Map((await dashboard(promoter)).active.map((link) => [link.campaign_title, link]));
    expect([...byTitle.keys()].sort()).toEqual(["Level", "Quiet", "Second"]);
    // Second: the rival 5, the promoter and a third 2 each.
    expect(byTitle.get("Second")).toMatchObject({
      clicks: 2,
      rank: 2,
      participants: 3,
      above: { rank: 1, clicks_ahead: 3 },
      potential_win_cents: null,
      short_code: codes.Second,
    });
    // Level: tied at the top, the prize split.
    expect(byTitle.get("Level")).toMatchObject({ clicks: 3, rank: 1, above: null, potential_win_cents: 50_00 });
    // Quiet: no counted click, no rank, but a gap to the rival's one click.
    expect(byTitle.get("Quiet")).toMatchObject({
      clicks: 0,
      rank: null,
      above: { rank: 1, clicks_ahead: 1 },
      potential_win_cents: null,
    });
  });

  it("shows real results of ended campaigns", async () => {
    const byTitle = new Map((await dashboard(promoter)).completed.map((row) => [row.campaign_title, row]));
    expect(byTitle.get("Tied")).toMatchObject({ final_rank: 1, clicks: 1, outcome: "tied", amount_cents: 25_00 });
    expect(byTitle.get("Tied")?.payout_status).toBe("pending");
    // Most clicks, but a win within 30 days: passed over, so no rank (the next eligible promoter won as #1).
    expect(byTitle.get("Passed over")).toMatchObject({
      final_rank: null,
      clicks: 4,
      outcome: "lost",
      amount_cents: 0,
      not_eligible: "recent_win",
    });
    // Behind the rival, and passed over too (the tie was a win): no rank.
    expect(byTitle.get("Lost")).toMatchObject({
      final_rank: null,
      clicks: 1,
      outcome: "lost",
      amount_cents: 0,
      not_eligible: "recent_win",
    });
  });

  it("says why visits did not count, per link, as the stored events do, and never shows an address", async () => {
    const data = await dashboard(promoter);
    const second = data.visits.find((row) => row.campaign_title === "Second");
    expect(second).toEqual({
      link_id: expect.any(String),
      campaign_title: "Second",
      counted: 2,
      not_counted: [
        { verdict: "bot", count: 1, reasons: [] },
        { verdict: "duplicate", count: 1, reasons: [] },
        { verdict: "hosting", count: 1, reasons: [{ reason: "hosting_network", count: 1 }] },
        { verdict: "self", count: 1, reasons: [] },
      ],
    });
    expect(data.visits).toHaveLength(6);
    expect(JSON.stringify(data)).not.toMatch(/10\.\d+\.\d+\.\d+/);
  });

  it("shows a promoter only their own links, and a user without a promoter profile none", async () => {
    const mine = new Set((await dashboard(promoter)).visits.map((row) => row.link_id));
    const theirs = (await dashboard(rival)).visits.map((row) => row.link_id);
    expect(theirs).toHaveLength(6);
    expect(theirs.some((id) => mine.has(id))).toBe(false);
    const none = await dashboard(artist);
    expect(none.promoter).toBeNull();
    expect(none.active).toEqual([]);
    expect((await t.request("/api/promoter/dashboard")).status).toBe(401);
  });
});
