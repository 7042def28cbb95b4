import { desc, gte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { ClickEventView, TimeRange } from "../../core/api/admin.js";
import { clickVerdict, clickVerdicts, flagTypes } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { clickEvents, suspiciousActivity } from "../db/schema.js";
import { countsSince, type RollupDimension, readWithRollup } from "./click-rollups.js";

/** The admin dashboard's click views (SPEC.md Admin dashboard; PRODUCT.md placeholders made real). */

const rangeMs: Record<TimeRange, number> = {
  "1h": 3600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};
/** The chart's bucket per range: 12, 24, 28 and 30 points. */
const bucketMinutes: Record<TimeRange, number> = { "1h": 5, "24h": 60, "7d": 360, "30d": 1440 };
const TOP = 10;

const rangeStart = (range: TimeRange, now: Date) => new Date(now.getTime() - rangeMs[range]);

const counted = z.object({ count: column.number });
const keyed = counted.extend({ key: column.text });

/** One dimension's largest values over the range (roll-up plus raw events, see click-rollups.ts). */
function largest(db: Database, dimension: RollupDimension, range: TimeRange, now: Date, limit?: number) {
  return readWithRollup(db, (tx, mark) =>
    queryParsed(
      tx,
      keyed,
      sql`select key, count from (${countsSince(rangeStart(range, now), mark, dimension)}) counts
          order by count desc, key ${limit ? sql`limit ${limit}` : sql``}`,
    ),
  );
}

export async function topIps(db: Database, range: TimeRange, now = new Date()) {
  const rows = await largest(db, "address", range, now, TOP);
  return rows.map((row) => ({ ip: row.key, count: row.count }));
}

export async function topUserAgents(db: Database, range: TimeRange, now = new Date()) {
  const rows = await largest(db, "agent", range, now, TOP);
  return rows.map((row) => ({ userAgent: row.key, count: row.count }));
}

/** Counted clicks by country. */
export async function clicksByCountry(db: Database, range: TimeRange, now = new Date()) {
  const rows = await largest(db, "country", range, now, TOP);
  return rows.map((row) => ({ country: row.key, count: row.count }));
}

const verdictWord = z.enum(clickVerdicts);

/** Every visit by its verdict: how much traffic counted, and why the rest did not. */
export async function visitsByVerdict(db: Database, range: TimeRange, now = new Date()) {
  const rows = await largest(db, "verdict", range, now);
  return rows.map((row) => ({ verdict: verdictWord.parse(row.key), count: row.count }));
}

/**
 * Counted clicks per bucket over the range, every bucket present (zero when nothing counted): daily points from the
 * roll-up's days, hourly and six-hourly ones from its hours, the last hour's five-minute points from raw events.
 */
export async function countedClicksOverTime(db: Database, range: TimeRange, now = new Date()) {
  const minutes = bucketMinutes[range];
  const bucketMs = minutes * 60_000;
  const bucketOf = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000 / ${bucketMs})`;
  const rows = await readWithRollup(db, (tx, mark) =>
    queryParsed(
      tx,
      counted.extend({ key: column.number }),
      countsSince(rangeStart(range, now), mark, "verdict", {
        only: clickVerdict.counted,
        key: { rolled: bucketOf(sql`bucket`), raw: bucketOf(sql`ts`) },
        finest: minutes < 60 ? "raw" : minutes < 1440 ? "hour" : "day",
      }),
    ),
  );
  const byBucket = new Map(rows.map((row) => [row.key, row.count]));
  const last = Math.floor(now.getTime() / bucketMs);
  const first = Math.floor(rangeStart(range, now).getTime() / bucketMs);
  const points = [];
  for (let bucket = first; bucket <= last; bucket++) {
    points.push({ time: new Date(bucket * bucketMs).toISOString(), counted: byBucket.get(bucket) ?? 0 });
  }
  return { bucket_minutes: minutes, points };
}

export async function suspiciousActivityIn(db: Database, range: TimeRange, now = new Date()) {
  return db
    .select()
    .from(suspiciousActivity)
    .where(gte(suspiciousActivity.ts, rangeStart(range, now)))
    .orderBy(desc(suspiciousActivity.ts))
    .limit(200);
}

/** Rate-limiting stats: flags per suspicious type, and clicks refused per verdict. */
export async function rateLimitingStats(db: Database, range: TimeRange, now = new Date()) {
  const flagsByType = await queryParsed(
    db,
    counted.extend({ type: column.oneOf(flagTypes) }),
    sql`select type, count(*) as count from suspicious_activity where ts >= ${rangeStart(range, now)}
        group by type order by 2 desc, 1`,
  );
  const blockedByVerdict = (await visitsByVerdict(db, range, now)).filter(
    (row) => row.verdict !== clickVerdict.counted,
  );
  return { flagsByType, blockedByVerdict };
}

export async function recentClicks(db: Database, limit = 20) {
  return db.select().from(clickEvents).orderBy(desc(clickEvents.id)).limit(limit);
}

/** An address with its last part hidden: the real-time list shows where traffic comes from, not who. */
export function maskAddress(ip: string | null): string {
  if (!ip) return "(cleared)";
  if (ip.includes(".")) return `${ip.split(".").slice(0, 3).join(".")}.•••`;
  return `${ip.split(":").slice(0, 3).join(":")}:•••`;
}

/** The newest clicks with their campaign and promoter, for the real-time tab. */
export async function recentClickViews(db: Database, limit = 20): Promise<ClickEventView[]> {
  const rows = await queryParsed(
    db,
    z.object({
      id: column.number,
      campaign_id: column.text,
      campaign_title: column.text,
      promoter_handle: column.text,
      verdict: column.oneOf(clickVerdicts),
      ip: column.textOrNull,
      country: column.textOrNull,
      ts: column.timestamp,
    }),
    sql`select e.id, e.campaign_id, c.title as campaign_title, p.handle as promoter_handle, e.verdict, e.ip, e.country, e.ts
        from (select * from click_events order by id desc limit ${limit}) e
        join campaigns c on c.id = e.campaign_id
        join promoters p on p.id = e.promoter_id
        order by e.id desc`,
  );
  return rows.map(({ ip, ts, ...row }) => ({ ...row, masked_ip: maskAddress(ip), ts: ts.toISOString() }));
}
