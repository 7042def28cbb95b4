import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistApi, type CampaignAnalytics } from "../../core/api/artists";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { queryRows } from "../db/client";
import { signUp, type TestUser } from "../testing/accounts";
import { createDraft, createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { okRoute, refusedRoute } from "../testing/contract-call";
import { adminPost, makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { rollUpClicks } from "../tracking/click-rollups";

let t: TestApp;
let artist: TestUser;
let admin: TestUser;
let promoterOne: TestUser;
let promoterTwo: TestUser;
const ids = { draft: "", live: "", tie: "", noWinner: "", cancelled: "", otherArtists: "" };

const visit = (shortCode: string, ip: string, headers: Record<string, string> = {}, ua?: string | null) =>
  clickAs(t, `/t/${shortCode}`, { ip, headers, ua });

/** The artist's own dashboard reads, each answered 200. */
const readOverview = () => okRoute(t, artistApi.overview, { cookie: artist.cookie }, 200);
const readCampaigns = () => okRoute(t, artistApi.campaigns, { cookie: artist.cookie }, 200);
const readAnalytics = (id: string) => okRoute(t, artistApi.analytics, { params: { id }, cookie: artist.cookie }, 200);

beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
  [artist, admin, promoterOne, promoterTwo] = [
    await signUp(t, "artist"),
    await signUp(t, "promoter"),
    await signUp(t, "promoter"),
    await signUp(t, "promoter"),
  ];
  await makeAdmin(t, admin);

  // An unpaid draft.
  ids.draft = await createDraft(t, artist, { title: "Unpaid Draft", prize_cents: 100_00 });

  // A cancelled campaign: prize and fee refunded.
  ids.cancelled = await createLiveCampaign(t, artist, { title: "Cancelled One", prize_cents: 100_00 });
  expect(
    (await t.request(`/api/admin/campaigns/${ids.cancelled}`, { method: "DELETE", cookie: admin.cookie })).status,
  ).toBe(200);

  // Nobody clicked: no winner, the prize refunded, the fee kept.
  ids.noWinner = await createLiveCampaign(t, artist, { title: "Quiet One", prize_cents: 50_00 });
  expect((await adminPost(t, admin, `/api/admin/campaigns/${ids.noWinner}/end`)).status).toBe(200);

  // A tie at the top: 2 clicks each, the prize split.
  ids.tie = await createLiveCampaign(t, artist, { title: "Tied One", prize_cents: 100_00 });
  const tieOne = await joinAs(t, promoterOne, ids.tie);
  const tieTwo = await joinAs(t, promoterTwo, ids.tie);
  for (const [code, ip] of [
    [tieOne, "10.20.0.1"],
    [tieOne, "10.20.0.2"],
    [tieTwo, "10.20.0.3"],
    [tieTwo, "10.20.0.4"],
  ] as const) {
    expect((await visit(code, ip)).headers.get("X-Click-Verdict")).toBe("counted");
  }
  expect((await adminPost(t, admin, `/api/admin/campaigns/${ids.tie}/end`)).status).toBe(200);

  // Live: 4 counted (3 and 1), a repeat visitor and a link preview.
  ids.live = await createLiveCampaign(t, artist, { title: "Live One", prize_cents: 250_00 });
  const liveOne = await joinAs(t, promoterOne, ids.live);
  const liveTwo = await joinAs(t, promoterTwo, ids.live);
  const fromInstagram = { Referer: "https://www.instagram.com/p/abc", "CF-IPCountry": "DE" };
  const expected: Array<[string, string, Record<string, string>, string | null | undefined, string]> = [
    [liveOne, "10.30.0.1", fromInstagram, undefined, "counted"],
    [liveOne, "10.30.0.2", fromInstagram, undefined, "counted"],
    [liveOne, "10.30.0.3", { "CF-IPCountry": "DE" }, undefined, "counted"],
    [liveTwo, "10.30.0.4", { Referer: "https://t.co/xyz", "CF-IPCountry": "FR" }, undefined, "counted"],
    [liveOne, "10.30.0.1", fromInstagram, undefined, "duplicate"],
    [liveTwo, "10.30.0.5", {}, "Twitterbot/1.0", "bot"],
  ];
  for (const [code, ip, headers, ua, verdict] of expected) {
    expect((await visit(code, ip, headers, ua)).headers.get("X-Click-Verdict")).toBe(verdict);
  }

  // Another artist's campaign, with a click of its own.
  const otherArtist = await signUp(t, "artist");
  ids.otherArtists = await createLiveCampaign(t, otherArtist, { title: "Not Yours" });
  await visit(await joinAs(t, promoterOne, ids.otherArtists), "10.40.0.1");
  await t.app.clicksWritten();
});
afterAll(() => t?.close());

describe("artist dashboard", () => {
  it("adds up the tiles: counted clicks, live campaigns, money spent and refunded, promoters", async () => {
    const { tiles } = await readOverview();
    expect(tiles).toEqual({
      total_clicks: 8,
      active_campaigns: 1,
      // Live 250 + 12.50, tied 100 + 5, quiet 50 + 2.50; the cancelled one is refunded, the draft unpaid.
      total_spent_cents: 420_00,
      // The cancelled campaign's prize and fee, the quiet one's prize.
      refunded_cents: 155_00,
      total_promoters: 2,
    });
  });

  it("lists every campaign of the artist, drafts included, with its state, leader and result", async () => {
    const { campaigns } = await readCampaigns();
    const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
    expect(campaigns.map((campaign) => campaign.id).sort()).toEqual(
      [ids.draft, ids.cancelled, ids.noWinner, ids.tie, ids.live].sort(),
    );
    expect(byId.get(ids.draft)).toMatchObject({ status: "draft", published_at: null, result: null, total_clicks: 0 });
    expect(byId.get(ids.live)).toMatchObject({
      status: "active",
      is_public: true,
      prize_cents: 250_00,
      total_clicks: 4,
      promoter_count: 2,
      leader: { handle: expect.any(String), clicks: 3 },
      result: null,
    });
    expect(byId.get(ids.tie)?.result).toEqual({
      state: "provisional",
      winners: [
        { handle: expect.any(String), amount_cents: 50_00 },
        { handle: expect.any(String), amount_cents: 50_00 },
      ],
    });
    expect(byId.get(ids.noWinner)?.result?.winners).toEqual([]);
    expect(byId.get(ids.noWinner)?.refund).toMatchObject({ reason: "no_winner", amount_cents: 50_00 });
    expect(byId.get(ids.cancelled)).toMatchObject({
      status: "cancelled",
      is_public: false,
      refund: { reason: "cancelled", amount_cents: 105_00 },
    });
  });

  it("shows this month's top promoters over the artist's campaigns and the newest activity", async () => {
    const overview = await readOverview();
    expect(overview.top_promoters_this_month.map((row) => row.clicks)).toEqual([5, 3]);
    expect(overview.activity).toHaveLength(5);
    const times = overview.activity.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The last thing that happened: the second promoter joined the live campaign.
    expect(overview.activity[0]).toMatchObject({ kind: "joined", campaign_id: ids.live });
    expect(overview.activity.some((item) => item.campaign_id === ids.otherArtists)).toBe(false);
  });

  it("stamps a click milestone when its click counted, below what happened after it", async () => {
    const climber = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, climber, { title: "Ten Clicks" });
    const code = await joinAs(t, await signUp(t, "promoter"), campaignId);
    for (let fan = 1; fan <= 11; fan++) {
      expect((await visit(code, `10.50.${fan}.1`)).headers.get("X-Click-Verdict")).toBe("counted");
    }
    await t.app.clicksWritten();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await joinAs(t, await signUp(t, "promoter"), campaignId);
    const [tenth] = await queryRows<{ ts: string }>(
      t.database.db,
      sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts from click_events where campaign_id = ${campaignId} and verdict = 'counted'
          order by ts, id offset 9 limit 1`,
    );
    const { activity } = await okRoute(t, artistApi.overview, { cookie: climber.cookie }, 200);
    expect(activity.map((item) => item.kind)).toEqual(["joined", "milestone", "joined", "live"]);
    expect(activity[1]).toMatchObject({ clicks: 10, at: tenth?.ts });
  });

  it("gives one campaign's analytics, the same before and after the roll-up and after a void", async () => {
    const before = await readAnalytics(ids.live);
    const counts = (analytics: CampaignAnalytics) =>
      Object.fromEntries(analytics.verdicts.map((row) => [row.verdict, row.count]));
    expect(counts(before)).toEqual({
      counted: 4,
      duplicate: 1,
      bot: 1,
      rate_limited: 0,
      self: 0,
      inactive: 0,
      voided: 0,
      banned: 0,
      challenged: 0,
      not_navigation: 0,
      hosting: 0,
    });
    expect(before.countries).toEqual([
      { country: "DE", count: 3 },
      { country: "FR", count: 1 },
    ]);
    expect(before.referrers).toEqual([
      { domain: "instagram.com", count: 3 },
      { domain: "Direct", count: 2 },
      { domain: "t.co", count: 1 },
    ]);
    expect(before.series.bucket).toBe("hour");
    expect(before.series.points.reduce((sum, point) => sum + point.counted, 0)).toBe(4);
    expect(before.recent_clicks.map((click) => click.verdict)).toEqual([
      "bot",
      "duplicate",
      "counted",
      "counted",
      "counted",
      "counted",
    ]);
    expect(JSON.stringify(before.recent_clicks)).not.toContain("10.30.");
    expect(before.promoters.map((row) => [row.rank, row.clicks])).toEqual([
      [1, 3],
      [2, 1],
    ]);

    // Rolled up, the figures are the same.
    await rollUpClicks(t.database.db, new Date(Date.now() + 60_000));
    const rolled = await readAnalytics(ids.live);
    expect({ ...rolled, recent_clicks: [] }).toEqual({ ...before, recent_clicks: [] });

    // Voiding the second promoter's click moves it from counted to voided, in the roll-up too.
    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: ids.live }, cookie: artist.cookie }, 200);
    const second = board.entries.find((entry) => entry.clicks === 1);
    const voided = await t.request("/api/admin/clicks/void", {
      method: "POST",
      cookie: admin.cookie,
      json: { campaign_id: ids.live, promoter_id: second?.promoter_id, reason: "test" },
    });
    expect(voided.status).toBe(200);
    const after = await readAnalytics(ids.live);
    expect(counts(after)).toMatchObject({ counted: 3, voided: 1 });
    expect(after.countries).toEqual([{ country: "DE", count: 3 }]);
    expect(after.series.points.reduce((sum, point) => sum + point.counted, 0)).toBe(3);
    const overview = await readOverview();
    expect(overview.top_promoters_this_month.map((row) => row.clicks)).toEqual([5, 2]);
  });

  it("shows an ended campaign's series per day", async () => {
    const analytics = await readAnalytics(ids.tie);
    expect(analytics.series.bucket).toBe("day");
    expect(analytics.series.points.reduce((sum, point) => sum + point.counted, 0)).toBe(4);
  });

  it("never shows another artist's campaign, and refuses promoters and visitors", async () => {
    const other = await refusedRoute(t, artistApi.analytics, {
      params: { id: ids.otherArtists },
      cookie: artist.cookie,
    });
    expect(other.status).toBe(404);
    expect(other.error.message).toBe("Campaign not found or access denied");
    expect((await t.request("/api/artist/overview", { cookie: promoterOne.cookie })).status).toBe(403);
    expect((await t.request("/api/artist/campaigns")).status).toBe(401);
    const malformed = await t.request("/api/artist/campaigns/not-a-uuid/analytics", { cookie: artist.cookie });
    expect(malformed.status).toBe(400);
  });

  it("deletes an unpaid draft and refuses to delete anything else", async () => {
    const live = await refusedRoute(t, artistApi.deleteDraft, { params: { id: ids.live }, cookie: artist.cookie });
    expect(live.status).toBe(409);
    expect(live.error.message).toContain("Only an unpaid draft can be deleted");
    const foreign = await t.request(`/api/artist/campaigns/${ids.otherArtists}`, {
      method: "DELETE",
      cookie: artist.cookie,
    });
    expect(foreign.status).toBe(404);
    const draft = await t.request(`/api/artist/campaigns/${ids.draft}`, { method: "DELETE", cookie: artist.cookie });
    expect(draft.status).toBe(200);
    const { campaigns } = await readCampaigns();
    expect(campaigns.map((campaign) => campaign.id)).not.toContain(ids.draft);
  });
});
