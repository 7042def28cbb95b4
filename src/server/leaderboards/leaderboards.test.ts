import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CampaignBoard, leaderboardsApi } from "../../core/api/leaderboards";
import { promotersApi } from "../../core/api/promoters";
import { harnessSettings } from "../config";
import { queryRows } from "../db/client";
import { signUp } from "../testing/accounts";
import { createDraft, createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute, overHttp } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { startAppServer } from "../testing/server-process";
import { openStream } from "../testing/sse";
import { createTestApp, type TestApp } from "../testing/test-app";

const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const clickFrom = (app: { request: TestApp["request"] }, code: string, ip: string) =>
  app.request(`/t/${code}`, { ip, headers: { "User-Agent": browserUa } });

async function campaignWithPromoters(count: number) {
  const artist = await signUp(t, "artist");
  const campaignId = await createLiveCampaign(t, artist);
  const codes: string[] = [];
  for (let index = 0; index < count; index++) codes.push(await joinAs(t, await signUp(t, "promoter"), campaignId));
  return { campaignId, codes };
}

describe("campaign leaderboard", () => {
  it("is shown only to the artist and admins once its campaign is hidden or cancelled, and never for a draft", async () => {
    const artist = await signUp(t, "artist");
    const admin = await signUp(t, "artist");
    await makeAdmin(t, admin);
    const visitor = await signUp(t, "promoter");
    const campaignId = await createLiveCampaign(t, artist);
    await joinAs(t, visitor, campaignId);
    const statusFor = async (cookie?: string) => {
      const board = await t.request(`/api/campaigns/${campaignId}/leaderboard`, { cookie });
      const stream = await t.request(`/api/campaigns/${campaignId}/leaderboard/stream`, { cookie });
      await stream.body?.cancel();
      return [board.status, stream.status];
    };
    expect(await statusFor()).toEqual([200, 200]);
    expect(
      (await t.request(`/api/admin/campaigns/${campaignId}/hide`, { method: "POST", cookie: admin.cookie, json: {} }))
        .status,
    ).toBe(200);
    expect(await statusFor()).toEqual([404, 404]);
    expect(await statusFor(visitor.cookie)).toEqual([404, 404]);
    expect(await statusFor(artist.cookie)).toEqual([200, 200]);
    expect(await statusFor(admin.cookie)).toEqual([200, 200]);
    expect(
      (await t.request(`/api/admin/campaigns/${campaignId}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    expect(await statusFor()).toEqual([404, 404]);

    const draftId = await createDraft(t, artist);
    expect((await t.request(`/api/campaigns/${draftId}/leaderboard`)).status).toBe(404);
    expect((await t.request(`/api/campaigns/${draftId}/leaderboard`, { cookie: artist.cookie })).status).toBe(200);
  });

  it("ranks by counted clicks, equal clicks share a rank and the earliest joined comes first", async () => {
    const { campaignId, codes } = await campaignWithPromoters(4);
    const [a, b, c] = codes as [string, string, string];
    await clickFrom(t, b, "192.0.2.1");
    await clickFrom(t, b, "192.0.2.2");
    await clickFrom(t, a, "192.0.2.3");
    await clickFrom(t, a, "192.0.2.4");
    await clickFrom(t, c, "192.0.2.5");
    const { entries } = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(entries.map((entry) => [entry.rank, entry.clicks, entry.tied])).toEqual([
      [1, 2, true],
      [1, 2, true],
      [3, 1, false],
      [null, 0, false],
    ]);
    const [joinedFirst] = await queryRows<{ promoter_id: string }>(
      t.database.db,
      sql`select promoter_id from tracking_links where short_code = ${a}`,
    );
    expect(entries[0]?.promoter_id).toBe(joinedFirst?.promoter_id);
  });

  it("ranks nobody without a counted click, as their dashboards say", async () => {
    const { campaignId, codes } = await campaignWithPromoters(2);
    const promoter = await signUp(t, "promoter");
    await joinAs(t, promoter, campaignId);
    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(board.entries.map((entry) => [entry.rank, entry.tied])).toEqual([
      [null, false],
      [null, false],
      [null, false],
    ]);
    const dashboard = await okRoute(t, promotersApi.dashboard, { cookie: promoter.cookie });
    expect(dashboard.active[0]?.rank).toBeNull();

    await clickFrom(t, codes[1] as string, "192.0.2.77");
    const after = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(after.entries.map((entry) => entry.rank)).toEqual([1, null, null]);
  });

  it("carries the campaign's status, end and totals, which the campaign page's tiles and badge follow", async () => {
    const { campaignId, codes } = await campaignWithPromoters(2);
    await clickFrom(t, codes[0] as string, "192.0.2.90");
    const board = await okRoute(t, leaderboardsApi.campaign, { params: { id: campaignId } });
    expect(board.campaign).toEqual({
      status: "active",
      ends_at: expect.any(String),
      total_clicks: 1,
      promoter_count: 2,
    });
  });

  it("refuses a malformed campaign id", async () => {
    expect((await t.request("/api/campaigns/nope/leaderboard")).status).toBe(400);
  });
});

describe("public leaderboards", () => {
  it("answers ok, error, allTimePromoters and activeCampaigns with wins and earnings", async () => {
    const { codes } = await campaignWithPromoters(1);
    await clickFrom(t, codes[0] as string, "192.0.2.20");
    const body = await okRoute(t, leaderboardsApi.public, {}, 200);
    expect(body.ok).toBe(true);
    expect(body.error).toBeNull();
    expect(body.allTimePromoters[0]).toMatchObject({
      promoter_id: expect.any(String),
      handle: expect.any(String),
      clicks: expect.any(Number),
      wins: 0,
      earnings_cents: 0,
    });
    expect(body.activeCampaigns[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      artist_name: expect.any(String),
      totals: { promoters: expect.any(Number), clicks: expect.any(Number) },
    });
    const clicks = body.allTimePromoters.map((row) => row.clicks);
    expect(clicks).toEqual([...clicks].sort((x, y) => y - x));
  });
});

/**
 * The first board with a counted click the stream sends before `deadline`. A join publishes its campaign too, and on
 * PostgreSQL its notification may reach the stream just after it opened: that board (no click yet) is passed over.
 */
async function clicksWithin(
  events: { next: (ms: number) => Promise<CampaignBoard | null> },
  deadline: number,
): Promise<CampaignBoard | null> {
  for (;;) {
    const board = await events.next(Math.max(0, deadline - Date.now()));
    if (!board || (board.entries[0]?.clicks ?? 0) > 0) return board;
  }
}

describe("live updates", () => {
  it("streams an update within 1 s of a counted click and nothing after a duplicate", async () => {
    const { campaignId, codes } = await campaignWithPromoters(1);
    const code = codes[0] as string;
    const events = await openStream(t, leaderboardsApi.campaignStream, { params: { id: campaignId } });
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    const initial = await events.next(2000);
    expect(initial?.entries[0]?.clicks).toBe(0);

    const clickedAt = Date.now();
    await clickFrom(t, code, "198.51.100.1");
    const clicked = await clicksWithin(events, clickedAt + 1000);
    expect(clicked?.entries[0]?.clicks).toBe(1);
    expect(clicked?.campaign.total_clicks).toBe(1);
    expect(Date.now() - clickedAt).toBeLessThan(1000);

    await new Promise((resolve) => setTimeout(resolve, 300));
    await clickFrom(t, code, "198.51.100.1");
    expect(await events.next(700)).toBeNull();
    await events.cancel();
  });

  it("sends nothing when the campaign moves and its board reads the same (a late or repeated notice)", async () => {
    const { campaignId, codes } = await campaignWithPromoters(1);
    const events = await openStream(t, leaderboardsApi.campaignStream, { params: { id: campaignId } });
    expect((await events.next(2000))?.entries[0]?.clicks).toBe(0);
    // A notice that moved nothing, as a slow instance's or an earlier join's may arrive after the stream opened.
    t.app.live.publish([campaignId]);
    expect(await events.next(700)).toBeNull();
    await clickFrom(t, codes[0] as string, "198.51.100.2");
    expect((await clicksWithin(events, Date.now() + 2000))?.entries[0]?.clicks).toBe(1);
    await events.cancel();
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "carries a click on one server process to a subscriber on another",
    async () => {
      const { campaignId, codes } = await campaignWithPromoters(1);
      const other = await startAppServer({ DATABASE_URL: t.database.url as string, AUTH_SECRET: t.config.authSecret });
      try {
        const events = await openStream(overHttp(other.url), leaderboardsApi.campaignStream, {
          params: { id: campaignId },
        });
        await events.next(2000);
        const clickedAt = Date.now();
        await clickFrom(t, codes[0] as string, "198.51.100.9");
        expect((await clicksWithin(events, clickedAt + 1000))?.entries[0]?.clicks).toBe(1);
        expect(Date.now() - clickedAt).toBeLessThan(1000);
        await events.cancel();
      } finally {
        await other.stop();
      }
    },
  );
});
