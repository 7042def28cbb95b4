import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { DivergenceView } from "../../core/api/admin.js";
import { type DivergenceDimension, divergenceDimensions } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/**
 * Each link against its campaign (PRODUCT.md Fraud engine): a farm can rent a thousand home addresses, but its traffic
 * still looks like its tool, not like the fans who open the campaign's other links: where visits come from, which
 * browsers and languages, which operators and countries, what hours, whether a person started the navigation, how
 * many came through an app, whether the page's script confirmed them, how many needed the check. For each dimension,
 * the link's distribution of counted clicks is set beside the pool's, and the total variation distance between them
 * (half the sum of the differences of shares: 0 the same, 1 nothing in common) says how far apart they are.
 *
 * The pool is the campaign's other links whose clicks raise no other risk reason, so that one farm cannot make the
 * honest links look odd; when they hold too few clicks, the platform's recent clean traffic (other campaigns' confirmed
 * clicks without any reason code) joins them. Computed off the click path: at a result's decision and on demand.
 */

const MIN_LINK_CLICKS = 20;
const MIN_POOL_CLICKS = 30;
const DIVERGES_FROM = 0.5;
const PLATFORM_DAYS = 14;
const PLATFORM_SAMPLE = 20_000;
/** The values shown of a distribution: the most frequent, the rest summed as "other". */
const SHOWN_VALUES = 4;

export type Distribution = Array<{ value: string; share: number }>;
export type DimensionDivergence = {
  dimension: DivergenceDimension;
  distance: number;
  link: Distribution;
  pool: Distribution;
};
export type LinkDivergence = {
  linkId: string;
  counted: number;
  /** What the link was compared with: the campaign's clean links, those and the platform's, or nothing (too little). */
  pool: "campaign" | "campaign and platform" | "none";
  poolClicks: number;
  /** The dimensions that diverge, farthest first. */
  dimensions: DimensionDivergence[];
};

/** A link's divergence as the admin console and the replay show it. */
export const divergenceView = (divergence: LinkDivergence | null | undefined): DivergenceView | null =>
  divergence ? { pool: divergence.pool, pool_clicks: divergence.poolClicks, dimensions: divergence.dimensions } : null;

/** Each dimension's value of a counted click `e` (its stored request `e.request`), in SQL. */
const dimensionValue: Record<DivergenceDimension, SQL> = {
  referrer: sql`coalesce(e.request->>'r', nullif(substring(lower(e.referrer) from '^[a-z][a-z0-9+.-]*://(?:www\\.)?([^/:?#]+)'), ''), 'none')`,
  browser: sql`coalesce(e.request->>'b', 'unknown')`,
  language: sql`coalesce(e.request->>'l', 'unknown')`,
  operator: sql`coalesce('AS' || e.asn::text, 'unknown')`,
  country: sql`coalesce(nullif(e.country, 'Unknown'), 'unknown')`,
  hour: sql`lpad((floor(extract(hour from e.ts at time zone 'UTC') / 6) * 6)::int::text, 2, '0') || 'h UTC'`,
  activation: sql`case when e.request is null or e.request->>'fs' is null then 'unknown'
    when (e.request->>'fu')::boolean then 'a person started it' else 'no person started it' end`,
  in_app: sql`coalesce(e.request->>'i', case when e.request is null then 'unknown' else 'a browser' end)`,
  confirmation: sql`case when e.confirmed_at is not null then 'confirmed' else 'not confirmed' end`,
  checks: sql`case when 'challenge_solved' = any(e.reasons) then 'needed the check' else 'no check' end`,
};

const countRow = z.object({
  link_id: column.text,
  dimension: z.enum(divergenceDimensions),
  value: column.text,
  n: column.number,
});

/** Counts of each dimension's values over the counted clicks `clicks` selects (as `e`), by `link` (a SQL expression). */
const dimensionCounts = (db: Database, clicks: SQL, link: SQL) =>
  queryParsed(
    db,
    countRow,
    sql`with e as (${clicks}) ${sql.join(
      divergenceDimensions.map(
        (dimension) =>
          sql`select ${link} as link_id, ${dimension} as dimension, ${dimensionValue[dimension]} as value, count(*) as n
              from e group by 1, 3`,
      ),
      sql` union all `,
    )}`,
  );

type Counts = Map<DivergenceDimension, Map<string, number>>;

function addCounts(into: Counts, from: Counts) {
  for (const [dimension, values] of from) {
    const target = into.get(dimension) ?? new Map<string, number>();
    for (const [value, n] of values) target.set(value, (target.get(value) ?? 0) + n);
    into.set(dimension, target);
  }
}

const total = (values: Map<string, number> | undefined) => [...(values?.values() ?? [])].reduce((a, b) => a + b, 0);

/** The shares of a dimension's values, the most frequent first, the rest as "other". */
function distribution(values: Map<string, number>): Distribution {
  const all = total(values);
  const sorted = [...values].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, SHOWN_VALUES).map(([value, n]) => ({ value, share: n / all }));
  const rest = sorted.slice(SHOWN_VALUES).reduce((sum, [, n]) => sum + n, 0);
  return rest > 0 ? [...shown, { value: "other", share: rest / all }] : shown;
}

/** Half the sum of the differences of shares over every value either side has. */
function totalVariation(link: Map<string, number>, pool: Map<string, number>): number {
  const linkTotal = total(link);
  const poolTotal = total(pool);
  let sum = 0;
  for (const value of new Set([...link.keys(), ...pool.keys()])) {
    sum += Math.abs((link.get(value) ?? 0) / linkTotal - (pool.get(value) ?? 0) / poolTotal);
  }
  return sum / 2;
}

/** The platform's recent clean traffic: other campaigns' newest confirmed counted clicks without any reason code. */
async function platformCounts(db: Database, campaignId: string): Promise<Counts> {
  const rows = await dimensionCounts(
    db,
    sql`select * from click_events
        where campaign_id <> ${campaignId} and verdict = 'counted' and confirmed_at is not null and reasons is null
          and ts > now() - make_interval(days => ${PLATFORM_DAYS})
        order by id desc limit ${PLATFORM_SAMPLE}`,
    sql`'platform'`,
  );
  return countsByLink(rows).get("platform") ?? new Map();
}

function countsByLink(rows: ReadonlyArray<z.output<typeof countRow>>): Map<string, Counts> {
  const byLink = new Map<string, Counts>();
  for (const row of rows) {
    const counts = byLink.get(row.link_id) ?? new Map();
    const values = counts.get(row.dimension) ?? new Map<string, number>();
    values.set(row.value, row.n);
    counts.set(row.dimension, values);
    byLink.set(row.link_id, counts);
  }
  return byLink;
}

/**
 * How each of a campaign's links (with at least 20 counted clicks) diverges from its pool. `clean`: the links whose
 * clicks raise no other risk reason, which make the pool.
 */
export async function campaignDivergence(
  db: Database,
  campaignId: string,
  clean: ReadonlySet<string>,
): Promise<Map<string, LinkDivergence>> {
  const byLink = countsByLink(
    await dimensionCounts(
      db,
      sql`select * from click_events where campaign_id = ${campaignId} and verdict = 'counted'`,
      sql`e.tracking_link_id::text`,
    ),
  );
  const counted = (counts: Counts) => total(counts.get("confirmation"));
  let platform: Counts | undefined;
  const results = new Map<string, LinkDivergence>();
  for (const [linkId, counts] of byLink) {
    if (counted(counts) < MIN_LINK_CLICKS) continue;
    const pool: Counts = new Map();
    for (const [other, otherCounts] of byLink) if (other !== linkId && clean.has(other)) addCounts(pool, otherCounts);
    let kind: LinkDivergence["pool"] = "campaign";
    if (counted(pool) < MIN_POOL_CLICKS) {
      platform ??= await platformCounts(db, campaignId);
      addCounts(pool, platform);
      kind = "campaign and platform";
    }
    const poolClicks = counted(pool);
    if (poolClicks < MIN_POOL_CLICKS) {
      results.set(linkId, { linkId, counted: counted(counts), pool: "none", poolClicks, dimensions: [] });
      continue;
    }
    const dimensions = divergenceDimensions
      .map((dimension): DimensionDivergence => {
        const link = counts.get(dimension) ?? new Map();
        const pooled = pool.get(dimension) ?? new Map();
        return {
          dimension,
          distance: totalVariation(link, pooled),
          link: distribution(link),
          pool: distribution(pooled),
        };
      })
      .filter((dimension) => dimension.distance >= DIVERGES_FROM)
      .sort((a, b) => b.distance - a.distance);
    results.set(linkId, { linkId, counted: counted(counts), pool: kind, poolClicks, dimensions });
  }
  return results;
}
