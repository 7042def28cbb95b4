import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import {
  type CampaignRollupDimension,
  campaignRollupDimensions,
  type RollupMark,
  rawTail,
} from "../tracking/click-rollups.js";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const keyedCount = z.object({ key: column.text, count: column.number });

/**
 * (key, count) rows of one per-campaign dimension over `campaignIds`, given the roll-up's mark (`readWithRollup`): the
 * roll-up's buckets, and the raw events at or after the mark, which the roll-up never holds. `from` (the start of one
 * of the dimension's buckets) narrows to events since then; `key` replaces the dimension's value (a chart's bucket:
 * `rolled` reads a `campaign_click_rollups` row, `raw` a `click_events` row); `only` narrows to one value;
 * `rolledOnly` leaves the raw events to the caller, who reads them once for several figures.
 */
export function campaignCounts(
  campaignIds: string[],
  mark: RollupMark,
  dimension: CampaignRollupDimension,
  options: { from?: Date; key?: { rolled: SQL; raw: SQL }; only?: string; rolledOnly?: boolean } = {},
) {
  const { value, where } = campaignRollupDimensions[dimension];
  const ids = sql`${sql.param(campaignIds)}::uuid[]`;
  const raw = options.rolledOnly
    ? sql``
    : sql`union all
      select ${options.key?.raw ?? value}, count(*) from click_events
      where campaign_id = any(${ids}) and ${where} and ${rawTail(mark, options.from)}
        ${options.only === undefined ? sql`` : sql`and ${value} = ${options.only}`}
      group by 1`;
  return sql`select key::text as key, sum(count) as count from (
      select ${options.key?.rolled ?? sql`value`} as key, count from campaign_click_rollups
      where campaign_id = any(${ids}) and dimension = ${dimension}
        ${options.only === undefined ? sql`` : sql`and value = ${options.only}`}
        ${options.from ? sql`and bucket >= ${options.from}` : sql``}
      ${raw}
    ) parts group by 1 having sum(count) > 0`;
}

/** Runs a `campaignCounts` query: the rows largest first (then by key). */
export function readCounts(db: Database, counts: SQL) {
  return queryParsed(db, keyedCount, sql`select key, count from (${counts}) counts order by count desc, key`);
}

/** The UTC hour or day of a roll-up row's bucket and of a raw event, as epoch milliseconds. */
export function bucketKeys(span: "hour" | "day") {
  const start = (at: SQL) =>
    sql`(extract(epoch from date_trunc(${sql.raw(`'${span}'`)}, ${at}, 'UTC')) * 1000)::bigint`;
  return { rolled: start(sql`bucket`), raw: start(sql`ts`) };
}
