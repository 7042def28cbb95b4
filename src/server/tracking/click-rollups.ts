import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { RAW_IP_RETENTION_DAYS } from "./ip-retention.js";

/**
 * The roll-up behind the admin analytics (ADR 014). A run adds the events between the last run and 30 seconds ago (a
 * click batch commits within seconds, so none lands behind the mark) to their hours in `click_rollups`, adds each day
 * it completes as a whole, keeps only the largest agents and addresses of completed hours and days, counts new
 * distinct addresses, and moves the mark. One instance at a time: the state row is taken with `skip locked`.
 */
export const ROLLUP_LAG_MS = 30_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Hours serve ranges of up to 30 days (and their charts), so older ones go; days stay (the all-time cards). */
const HOURS_KEPT_MS = 31 * DAY_MS;

export const rollupSpans = {
  hour: { ms: HOUR_MS, keepTop: 50 },
  day: { ms: DAY_MS, keepTop: 100 },
} as const;
type Span = keyof typeof rollupSpans;

/** What each dimension counts, read from a raw event: the roll-up and the raw part of a query use the same rule. */
export const rollupDimensions = {
  verdict: { value: sql`verdict`, where: sql`true` },
  country: { value: sql`coalesce(nullif(country, ''), 'Unknown')`, where: sql`verdict = 'counted'` },
  agent: { value: sql`left(coalesce(user_agent, ''), 500)`, where: sql`true` },
  address: { value: sql`coalesce(ip, '(cleared)')`, where: sql`true` },
} as const;
export type RollupDimension = keyof typeof rollupDimensions;

/**
 * What the per-campaign roll-up counts (ADR 019), read from a raw event; migration 0019 repeats these expressions to
 * fill it from the events rolled up before it existed.
 */
export const campaignRollupDimensions = {
  verdict: { value: sql`verdict`, where: sql`true`, span: "hour" },
  country: { ...rollupDimensions.country, span: "hour" },
  // Per day: a campaign has many promoters, and their figures are read by day.
  promoter: { value: sql`promoter_id::text`, where: sql`verdict = 'counted'`, span: "day" },
  // And per month: this month's top promoters over an artist's campaigns read a row per campaign and promoter, not
  // one per day (ADR 033).
  promoter_month: { value: sql`promoter_id::text`, where: sql`verdict = 'counted'`, span: "month" },
  referrer: {
    value: sql`coalesce(lower(substring(referrer from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\\.)?([^/:?#]+)')), 'Direct')`,
    where: sql`true`,
    span: "hour",
  },
} as const;
export type CampaignRollupDimension = keyof typeof campaignRollupDimensions;

/** Hours, days and months are UTC ones, whatever the session's time zone. */
const truncate = (span: Span | "month", column: SQL) => sql`date_trunc(${sql.raw(`'${span}'`)}, ${column}, 'UTC')`;
const floorTo = (at: Date, ms: number) => new Date(Math.floor(at.getTime() / ms) * ms);
const ceilTo = (at: Date, ms: number) => new Date(Math.ceil(at.getTime() / ms) * ms);
const earlier = (a: Date, b: Date) => (a < b ? a : b);
const later = (a: Date, b: Date) => (a > b ? a : b);

const stateRow = z.object({ rolled_until: column.timestampOrNull });

async function addEvents(tx: Database, span: Span, from: Date, until: Date) {
  for (const [dimension, { value, where }] of Object.entries(rollupDimensions)) {
    await tx.execute(sql`insert into click_rollups (dimension, span, bucket, value, count)
      select ${dimension}, ${span}, ${truncate(span, sql`ts`)}, ${value}, count(*) from click_events
      where ts >= ${from} and ts < ${until} and ${where} group by 3, 4
      on conflict (dimension, span, bucket, value) do update set count = click_rollups.count + excluded.count`);
  }
}

async function addCampaignEvents(tx: Database, from: Date, until: Date) {
  for (const [dimension, { value, where, span }] of Object.entries(campaignRollupDimensions)) {
    await tx.execute(sql`insert into campaign_click_rollups (campaign_id, dimension, bucket, value, count)
      select campaign_id, ${dimension}, ${truncate(span, sql`ts`)}, ${value}, count(*) from click_events
      where ts >= ${from} and ts < ${until} and ${where} group by 1, 3, 4
      on conflict (campaign_id, dimension, bucket, value) do update
        set count = campaign_click_rollups.count + excluded.count`);
  }
}

/** Completed hours or days between `from` and `until` keep their largest agents and addresses only. */
async function keepLargest(tx: Database, span: Span, from: Date, until: Date) {
  await tx.execute(sql`delete from click_rollups r using (
      select dimension, bucket, value,
             row_number() over (partition by dimension, bucket order by count desc, value) as position
      from click_rollups
      where dimension in ('agent', 'address') and span = ${span} and bucket >= ${from} and bucket < ${until}
    ) ranked
    where r.dimension = ranked.dimension and r.span = ${span} and r.bucket = ranked.bucket
      and r.value = ranked.value and ranked.position > ${rollupSpans[span].keepTop}`);
}

export async function rollUpClicks(db: Database, now = new Date()): Promise<{ rolledUntil: Date } | null> {
  return db.transaction(async (tx) => {
    const [state] = await queryParsed(
      tx,
      stateRow,
      sql`select rolled_until from click_rollup_state where id = 1 for update skip locked`,
    );
    if (!state) return null;
    const from = state.rolled_until ?? new Date(0);
    const until = new Date(now.getTime() - ROLLUP_LAG_MS);
    if (until <= from) return { rolledUntil: from };
    await addEvents(tx, "hour", from, until);
    await addCampaignEvents(tx, from, until);
    await keepLargest(tx, "hour", floorTo(from, HOUR_MS), floorTo(until, HOUR_MS));
    // The days this run completes, each counted whole from its events.
    const [firstDay, daysEnd] = [floorTo(from, DAY_MS), floorTo(until, DAY_MS)];
    if (daysEnd > firstDay) {
      await addEvents(tx, "day", firstDay, daysEnd);
      await keepLargest(tx, "day", firstDay, daysEnd);
    }
    await tx.execute(sql`delete from click_rollups where span = 'hour'
      and bucket < ${new Date(until.getTime() - HOURS_KEPT_MS)}`);
    // Addresses go 30 days after their hour or day ended, as the raw ones do (privacy policy).
    const addressesUntil = new Date(until.getTime() - RAW_IP_RETENTION_DAYS * DAY_MS);
    await tx.execute(sql`delete from click_rollups where dimension = 'address' and (
      (span = 'hour' and bucket < ${new Date(addressesUntil.getTime() - HOUR_MS)})
      or (span = 'day' and bucket < ${new Date(addressesUntil.getTime() - DAY_MS)}))`);
    // The raw tail's first id (`RollupMark`): the smallest of the events at or after the new mark that this run sees,
    // and one past the newest event from before `until` less the lag. A batch's events take its start time and their
    // ids after it, and a batch commits within the lag of its start (the rule the mark rests on): so that event got
    // its id before any event at or after `until` did, even one of a batch still open now. Without one, the last
    // run's bound still holds.
    await tx.execute(sql`with added as (
        insert into seen_addresses (ip_hash) select distinct ip_hash from click_events
        where ts >= ${from} and ts < ${until}
        on conflict do nothing returning 1
      )
      update click_rollup_state set rolled_until = ${until},
        unique_addresses = unique_addresses + (select count(*) from added),
        tail_from_id = least(
          coalesce((select e.id + 1 from click_events e where e.ts < ${new Date(until.getTime() - ROLLUP_LAG_MS)}
            order by e.id desc limit 1), tail_from_id),
          (select min(e.id) from click_events e where e.ts >= ${until}))
      where id = 1`);
    return { rolledUntil: until };
  });
}

/**
 * Where the roll-up stands: events before `at` are rolled up, later ones are read raw (`rawTail`), and none of those
 * has an id below `fromId`.
 */
export type RollupMark = { at: Date; fromId: number };

const markRow = z.object({ rolled_until: column.timestampOrNull, tail_from_id: column.number });

/**
 * Runs `read` with the roll-up mark, in one snapshot (repeatable read): the roll-up rows it reads and the raw events
 * at or after the mark never overlap, even when a roll-up commits meanwhile.
 */
export function readWithRollup<T>(db: Database, read: (tx: Database, mark: RollupMark) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      const [state] = await queryParsed(
        tx,
        markRow,
        sql`select rolled_until, tail_from_id from click_rollup_state where id = 1`,
      );
      return read(tx, { at: state?.rolled_until ?? new Date(0), fromId: state?.tail_from_id ?? 0 });
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The condition on `click_events` of the raw events at or after the mark, and after `from` when it is later. They are
 * read by the primary key from the mark's first id, then by time: the time index's block ranges also hold older rows
 * that later inserts and updates reach through the free space map (ADR 033).
 */
export function rawTail(mark: RollupMark, from?: Date): SQL {
  return sql`id >= ${mark.fromId} and ts >= ${from === undefined ? mark.at : later(from, mark.at)}`;
}

/**
 * A query of (key, count) rows counting one dimension's events since `from`, given the mark (`readWithRollup`): the
 * whole days inside the range, the whole hours around them, and the raw events before the first whole hour and at or
 * after the mark. The key is the dimension's value unless `key` says otherwise (a chart's bucket: `rolled` reads a
 * `click_rollups` row, `raw` a `click_events` row); `only` narrows to one value. `finest` stops at hours (a chart of
 * six-hour points) or reads every event raw (five-minute points).
 */
export function countsSince(
  from: Date,
  mark: RollupMark,
  dimension: RollupDimension,
  options: { key?: { rolled: SQL; raw: SQL }; only?: string; finest?: "day" | "hour" | "raw" } = {},
): SQL {
  const { value, where } = rollupDimensions[dimension];
  const rawKey = options.key?.raw ?? value;
  const rawWhere = options.only === undefined ? where : sql`${where} and ${value} = ${options.only}`;
  if (options.finest === "raw") {
    return sql`select ${rawKey} as key, count(*) as count from click_events where ${rawWhere} and ts >= ${from}
      group by 1`;
  }
  const rolledKey = options.key?.rolled ?? sql`value`;
  const rolledWhere = sql`dimension = ${dimension} and ${options.only === undefined ? sql`true` : sql`value = ${options.only}`}`;
  const wholeHours = ceilTo(from, HOUR_MS);
  const wholeDays = ceilTo(from, DAY_MS);
  // Days end where the mark's day starts; hours fill the range before the first day and from there to the mark.
  const days =
    options.finest === "hour"
      ? sql``
      : sql`select ${rolledKey} as key, count from click_rollups where ${rolledWhere} and span = 'day'
          and bucket >= ${wholeDays}
        union all`;
  const hours =
    options.finest === "hour" ? sql`true` : sql`(bucket < ${wholeDays} or bucket >= ${floorTo(mark.at, DAY_MS)})`;
  return sql`select key, sum(count) as count from (
      ${days}
      select ${rolledKey} as key, count from click_rollups where ${rolledWhere} and span = 'hour'
        and bucket >= ${wholeHours} and ${hours}
      union all
      select ${rawKey}, count(*) from click_events
      where ${rawWhere} and ts >= ${from} and ts < ${earlier(wholeHours, mark.at)} group by 1
      union all
      select ${rawKey}, count(*) from click_events where ${rawWhere} and ${rawTail(mark, from)} group by 1
    ) parts group by key having sum(count) > 0`;
}

/**
 * The mark, with the state row held `for share` until the caller commits: no roll-up runs meanwhile, so a change to
 * events behind the mark can adjust the roll-up (`movedInRollup`).
 */
export async function holdRollupMark(tx: Database): Promise<Date> {
  const [state] = await queryParsed(
    tx,
    stateRow,
    sql`select rolled_until from click_rollup_state where id = 1 for share`,
  );
  return state?.rolled_until ?? new Date(0);
}

/**
 * Common table expressions that follow a change of verdict into the roll-ups: the events of a `moved` expression
 * (columns `campaign_id`, `promoter_id`, `ts`, `country` as the roll-up counts it, `from_verdict`, `to_verdict`) leave
 * their old verdict for the new one in the hours and days that hold them, and leave or join their country (and, per
 * campaign, their promoter) as they stop or start counting.
 */
export function movedInRollup(mark: Date): SQL {
  return sql`rolled as (
      select campaign_id, promoter_id::text as promoter, ts, country, from_verdict, to_verdict from moved
      where ts < ${mark}
    ), campaign_deltas as (
      select campaign_id, ${truncate("hour", sql`ts`)} as bucket, 'verdict' as dimension, from_verdict as value,
        -count(*) as delta from rolled group by 1, 2, 4
      union all select campaign_id, ${truncate("hour", sql`ts`)}, 'verdict', to_verdict, count(*) from rolled
      group by 1, 2, 4
      union all select campaign_id, ${truncate("hour", sql`ts`)}, 'country', country,
        sum(case when to_verdict = 'counted' then 1 else -1 end)
      from rolled where (from_verdict = 'counted') <> (to_verdict = 'counted') group by 1, 2, 4
      union all select campaign_id, ${truncate("day", sql`ts`)}, 'promoter', promoter,
        sum(case when to_verdict = 'counted' then 1 else -1 end)
      from rolled where (from_verdict = 'counted') <> (to_verdict = 'counted') group by 1, 2, 4
      union all select campaign_id, ${truncate("month", sql`ts`)}, 'promoter_month', promoter,
        sum(case when to_verdict = 'counted' then 1 else -1 end)
      from rolled where (from_verdict = 'counted') <> (to_verdict = 'counted') group by 1, 2, 4
    ), campaign_adjusted as (
      insert into campaign_click_rollups (campaign_id, dimension, bucket, value, count)
      select campaign_id, dimension, bucket, value, sum(delta)::int from campaign_deltas group by 1, 2, 3, 4
      on conflict (campaign_id, dimension, bucket, value) do update
        set count = campaign_click_rollups.count + excluded.count
    ), affected as (
      select 'hour' as span, ${truncate("hour", sql`ts`)} as bucket, country, from_verdict, to_verdict from rolled
      where ${truncate("hour", sql`ts`)} >= ${new Date(mark.getTime() - HOURS_KEPT_MS)}
      union all
      select 'day', ${truncate("day", sql`ts`)}, country, from_verdict, to_verdict from rolled
      where ts < ${floorTo(mark, DAY_MS)}
    ), deltas as (
      select 'verdict' as dimension, span, bucket, from_verdict as value, -count(*) as delta from affected
      group by span, bucket, from_verdict
      union all select 'verdict', span, bucket, to_verdict, count(*) from affected group by span, bucket, to_verdict
      union all select 'country', span, bucket, country, -count(*) from affected where from_verdict = 'counted'
      group by span, bucket, country
      union all select 'country', span, bucket, country, count(*) from affected where to_verdict = 'counted'
      group by span, bucket, country
    ), adjusted as (
      insert into click_rollups (dimension, span, bucket, value, count)
      select dimension, span, bucket, value, sum(delta)::int from deltas group by 1, 2, 3, 4
      on conflict (dimension, span, bucket, value) do update set count = click_rollups.count + excluded.count
    )`;
}
