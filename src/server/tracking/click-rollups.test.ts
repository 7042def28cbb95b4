import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { timeRanges } from "../../core/api/admin";
import { adminStats } from "../admin/admin-stats";
import { voidClicks } from "../admin/fraud-review";
import { harnessSettings } from "../config";
import { queryRows } from "../db/client";
import { column, queryParsed } from "../db/rows";
import { signUp } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { clicksByCountry, countedClicksOverTime, topIps, topUserAgents, visitsByVerdict } from "./click-analytics";

import { rawTail, readWithRollup, rollUpClicks, rollupDimensions, rollupSpans } from "./click-rollups";

/**
 * The hourly roll-up changes how the admin figures are computed, never what they are: on events spread over 40 days,
 * every range's figures equal a plain count of the raw events before any roll-up, with the mark in the middle of an
 * hour, with a raw tail, after voiding rolled-up clicks, and after the whole history is rolled up.
 */

const HOUR = 3_600_000;
const rangeMs = { "1h": HOUR, "24h": 24 * HOUR, "7d": 7 * 24 * HOUR, "30d": 30 * 24 * HOUR } as const;
const bucketMinutes = { "1h": 5, "24h": 60, "7d": 360, "30d": 1440 } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const keyed = z.object({ key: column.text, count: column.number });

/** The figures as a plain count of raw events would give them. */
async function rawFigures(range: (typeof timeRanges)[number], now: Date) {
  const { db } = t.database;
  const from = new Date(now.getTime() - rangeMs[range]);
  const counts = async (dimension: keyof typeof rollupDimensions, limit = 1000) => {
    const { value, where } = rollupDimensions[dimension];
    return queryParsed(
      db,
      keyed,
      sql`select ${value} as key, count(*) as count from click_events where ${where} and ts >= ${from}
          group by 1 order by 2 desc, 1 limit ${limit}`,
    );
  };
  const bucketMs = bucketMinutes[range] * 60_000;
  const counted = await queryRows<{ ts: Date | string }>(
    db,
    sql`select ts from click_events where verdict = 'counted' and ts >= ${from}`,
  );
  const perBucket = new Map<number, number>();
  for (const row of counted) {
    const bucket = Math.floor(new Date(row.ts).getTime() / bucketMs);
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1);
  }
  return {
    ips: (await counts("address", 10)).map((row) => ({ ip: row.key, count: row.count })),
    agents: (await counts("agent", 10)).map((row) => ({ userAgent: row.key, count: row.count })),
    countries: (await counts("country", 10)).map((row) => ({ country: row.key, count: row.count })),
    verdicts: (await counts("verdict")).map((row) => ({ verdict: row.key, count: row.count })),
    perBucket,
  };
}

async function expectFiguresMatchRawEvents(now: Date) {
  const { db } = t.database;
  for (const range of timeRanges) {
    const expected = await rawFigures(range, now);
    expect(await topIps(db, range, now), range).toEqual(expected.ips);
    expect(await topUserAgents(db, range, now), range).toEqual(expected.agents);
    expect(await clicksByCountry(db, range, now), range).toEqual(expected.countries);
    expect(await visitsByVerdict(db, range, now), range).toEqual(expected.verdicts);
    const chart = await countedClicksOverTime(db, range, now);
    const bucketMs = chart.bucket_minutes * 60_000;
    const charted = chart.points.filter((point) => point.counted > 0);
    expect(
      charted.map((point) => [Math.floor(Date.parse(point.time) / bucketMs), point.counted]),
      range,
    ).toEqual([...expected.perBucket].sort(([a], [b]) => a - b));
  }
  const [all] = await queryRows<{ blocked: number | string; unique: number | string }>(
    db,
    sql`select count(*) filter (where verdict <> 'counted') as blocked, count(distinct ip_hash) as unique
        from click_events`,
  );
  const stats = await adminStats(db);
  expect({ blocked: stats.blocked_clicks, unique: stats.unique_ips }).toEqual({
    blocked: Number(all?.blocked),
    unique: Number(all?.unique),
  });
}

describe("the click roll-up", () => {
  it("gives the raw events' figures for every range, wherever its mark stands, after voids and with a raw tail", async () => {
    const { db } = t.database;
    const artist = await signUp(t, "artist");
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    const campaignId = await createLiveCampaign(t, artist);
    await joinAs(t, await signUp(t, "promoter"), campaignId);
    await joinAs(t, await signUp(t, "promoter"), campaignId);
    const links = await queryRows<{ id: string; promoter_id: string }>(
      db,
      sql`select id, promoter_id from tracking_links where campaign_id = ${campaignId} order by id`,
    );
    const [first, second] = links;
    if (!first || !second) throw new Error("two links expected");
    const now = new Date();
    // 600 visits, one every 96 minutes back from now over 40 days, over two links, 23 addresses, 13 agents and six
    // countries (one unknown); a seventh are bots, a fifth repeats.
    await db.execute(sql`insert into click_events
        (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, ts)
      select case when g % 2 = 0 then ${first.id}::uuid else ${second.id}::uuid end, ${campaignId},
             case when g % 2 = 0 then ${first.promoter_id}::uuid else ${second.promoter_id}::uuid end,
             case when g % 7 = 0 then 'bot' when g % 5 = 0 then 'duplicate' else 'counted' end,
             '203.0.113.' || (g % 23), case when g % 7 = 0 or g % 5 = 0 then 'x' || (g % 23) else 'h' || g end,
             'agent ' || (g % 13), (array['FR', 'DE', 'US', '', 'BR', 'JP'])[1 + g % 6],
             ${now}::timestamptz - make_interval(mins => g * 96 + 1)
      from generate_series(0, 599) g`);
    // One hour five days ago when 120 addresses clicked, the k-th of them k times: the roll-up keeps the hour's 50
    // largest and the day's 100.
    const burstHour = new Date(Math.floor((now.getTime() - 5 * 24 * HOUR) / HOUR) * HOUR);
    await db.execute(sql`insert into click_events
        (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, ts)
      select ${first.id}, ${campaignId}, ${first.promoter_id}, 'duplicate', '198.51.100.' || k, 'burst' || k,
             'burst agent', 'FR', ${burstHour}::timestamptz + make_interval(secs => k * 25 + n)
      from generate_series(1, 120) k, generate_series(1, 120) n where n <= k`);
    // The counters, as the click path keeps them for the counted events written above.
    await db.execute(sql`update tracking_links tl set total_clicks =
        (select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')
      where tl.campaign_id = ${campaignId}`);
    await db.execute(sql`update promoters p set total_clicks_all_time =
        (select count(*) from click_events e where e.promoter_id = p.id and e.verdict = 'counted')
      where p.id in (${first.promoter_id}, ${second.promoter_id})`);
    await db.execute(sql`update campaigns c set total_clicks =
        (select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')
      where c.id = ${campaignId}`);

    await expectFiguresMatchRawEvents(now);

    // The mark in the middle of an hour three days ago: the rest is read raw.
    const midHour = new Date(now.getTime() - 3 * 24 * HOUR - 17 * 60_000);
    expect(await rollUpClicks(db, new Date(midHour.getTime() + 30_000))).toEqual({ rolledUntil: midHour });
    await expectFiguresMatchRawEvents(now);
    const burstAddresses = (span: string, bucket: Date) =>
      queryRows<{ value: string; count: number | string }>(
        db,
        sql`select value, count from click_rollups where dimension = 'address' and span = ${span}
            and bucket = ${bucket} order by count desc`,
      );
    const hourRows = await burstAddresses("hour", burstHour);
    expect(hourRows).toHaveLength(rollupSpans.hour.keepTop);
    expect(hourRows.map((row) => [row.value, Number(row.count)]).slice(0, 2)).toEqual([
      ["198.51.100.120", 120],
      ["198.51.100.119", 119],
    ]);
    const dayRows = await burstAddresses("day", new Date(Math.floor(burstHour.getTime() / (24 * HOUR)) * 24 * HOUR));
    expect(dayRows).toHaveLength(rollupSpans.day.keepTop);
    // Hours are kept 31 days; days stay.
    const [oldest] = await queryRows<{ hour: Date | string | null; day: Date | string | null }>(
      db,
      sql`select min(bucket) filter (where span = 'hour') as hour, min(bucket) filter (where span = 'day') as day
          from click_rollups`,
    );
    expect(new Date(oldest?.hour ?? 0).getTime()).toBeGreaterThanOrEqual(midHour.getTime() - 31 * 24 * HOUR);
    expect(new Date(oldest?.day ?? 0).getTime()).toBeLessThan(now.getTime() - 39 * 24 * HOUR);

    // Twenty minutes behind: the last hour's visits are the raw tail.
    await rollUpClicks(db, new Date(now.getTime() - 20 * 60_000 + 30_000));
    await expectFiguresMatchRawEvents(now);

    // Voiding one promoter's counted clicks moves the rolled-up ones from counted to voided.
    const { clicks_voided: clicksVoided } = await voidClicks(t.app.context, {
      campaignId,
      promoterId: second.promoter_id,
      actor: { id: admin.id, email: admin.email },
    });
    expect(clicksVoided).toBeGreaterThan(100);
    await expectFiguresMatchRawEvents(now);

    // Everything rolled up; a second run at the same time adds nothing.
    const rolledUntil = new Date(now.getTime() + 30_000);
    expect(await rollUpClicks(db, new Date(now.getTime() + 60_000))).toEqual({ rolledUntil });
    expect(await rollUpClicks(db, new Date(now.getTime() + 60_000))).toEqual({ rolledUntil });
    await expectFiguresMatchRawEvents(now);
  });
});

describe("the raw tail's first id", () => {
  let tail: TestApp;
  beforeAll(async () => {
    tail = await createTestApp();
  });
  afterAll(() => tail?.close());

  const insertRepeat = `insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip_hash, ts)
    select id, campaign_id, promoter_id, 'duplicate', 'tail', coalesce($2, now()) from tracking_links
    where campaign_id = $1 limit 1 returning id, ts`;
  /** A repeat on the campaign's link at `at`, or at its transaction's start. */
  const repeat = (campaignId: string, at?: Date) =>
    tail.database.rawQuery<{ id: string; ts: Date }>(insertRepeat, [campaignId, at?.toISOString() ?? null]);
  /**
   * The events at or after the mark read by id and time as the raw tail reads them, by time alone, and those read
   * by id alone.
   */
  const tailCounts = () =>
    readWithRollup(tail.database.db, async (tx, mark) => {
      const [row] = await queryRows<{ tail: number | string; by_time: number | string; by_id: number | string }>(
        tx,
        sql`select count(*) filter (where ${rawTail(mark)}) as tail, count(*) filter (where ts >= ${mark.at}) as by_time,
              count(*) filter (where id >= ${mark.fromId}) as by_id
            from click_events`,
      );
      return { mark, tail: Number(row?.tail), byTime: Number(row?.by_time), byId: Number(row?.by_id) };
    });
  const liveCampaignId = async () => {
    const campaignId = await createLiveCampaign(tail, await signUp(tail, "artist"));
    await joinAs(tail, await signUp(tail, "promoter"), campaignId);
    return campaignId;
  };

  it("starts a lag's worth of events before the mark, and holds events written out of time order", async () => {
    const campaignId = await liveCampaignId();
    const now = new Date();
    // Five written late, with times after the coming mark (as a test or an import might), then ten minutes of
    // repeats, one every 6 seconds, in time order as clicks arrive.
    for (let index = 0; index < 5; index++) await repeat(campaignId, new Date(now.getTime() - 4 * 60_000));
    for (let index = 100; index > 0; index--) await repeat(campaignId, new Date(now.getTime() - index * 6_000));
    await rollUpClicks(tail.database.db, new Date(now.getTime() - 5 * 60_000 + 30_000));
    const early = await tailCounts();
    expect(early.byTime).toBe(55);
    expect(early.tail).toBe(55);
    // The tail starts at the first of the late ones.
    const [first] = await tail.database.rawQuery<{ id: string }>(
      "select min(id) as id from click_events where ts >= $1",
      [early.mark.at.toISOString()],
    );
    expect(early.mark.fromId).toBe(Number(first?.id));
    // Once they are behind the mark, it starts at the events of the lag before the mark: five, 6 seconds apart.
    await rollUpClicks(tail.database.db, new Date(now.getTime() - 2 * 60_000 + 30_000));
    const later = await tailCounts();
    expect(later.tail).toBe(20);
    expect(later.byId - later.byTime).toBe(5);
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "holds the events of a batch that was still open when the roll-up ran",
    async () => {
      const campaignId = await liveCampaignId();
      const open = new pg.Client({ connectionString: tail.database.url });
      await open.connect();
      try {
        await open.query("begin");
        const {
          rows: [inFlight],
        } = await open.query<{ id: string; ts: Date }>(insertRepeat, [campaignId, null]);
        if (!inFlight) throw new Error("an event expected");
        // Written after it and committed before the roll-up: a later id, and a time before the mark.
        await repeat(campaignId, new Date(inFlight.ts.getTime() - 5_000));
        // The roll-up runs while the batch is open, its mark just before the batch's start.
        await rollUpClicks(tail.database.db, new Date(inFlight.ts.getTime() + 30_000 - 100));
        await open.query("commit");
        const { mark, tail: read, byTime } = await tailCounts();
        expect(mark.fromId).toBeLessThanOrEqual(Number(inFlight.id));
        expect(byTime).toBe(1);
        expect(read).toBe(1);
      } finally {
        await open.end();
      }
    },
  );
});
