import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CampaignAnalytics } from "../../core/api/artists.js";
import {
  type CampaignStatus,
  campaignStatus,
  clickVerdict,
  clickVerdicts,
  runningCampaignStatuses,
} from "../../core/vocabulary.js";
import { findOwnCampaign } from "../campaigns/campaign-access.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaignLeaderboard } from "../leaderboards/campaign-leaderboard.js";
import { campaignRollupDimensions, rawTail, readWithRollup } from "../tracking/click-rollups.js";
import { bucketKeys, campaignCounts, DAY_MS, HOUR_MS, readCounts } from "./campaign-counts.js";

const TOP = 10;
const live = new Set<CampaignStatus>(runningCampaignStatuses);

const tailRow = z.object({
  verdict: column.oneOf(clickVerdicts),
  country: column.text,
  referrer: column.text,
  bucket: column.number,
  count: column.number,
});

const recentRow = z.object({
  ts: column.timestamp,
  country: column.textOrNull,
  referrer_domain: column.text,
  verdict: column.oneOf(clickVerdicts),
});

/**
 * Every point of the series from the campaign's start to its end (or now), zero where nothing counted: hours while
 * it runs, days after.
 */
function fillSeries(counts: Map<number, number>, span: "hour" | "day", start: Date, end: Date) {
  const ms = span === "hour" ? HOUR_MS : DAY_MS;
  const points = [];
  for (let at = Math.floor(start.getTime() / ms) * ms; at <= end.getTime(); at += ms) {
    points.push({ time: new Date(at).toISOString(), counted: counts.get(at) ?? 0 });
  }
  return points;
}

/** One campaign's analytics, for its artist only ('Campaign not found or access denied' otherwise). */
export async function campaignAnalytics(
  db: Database,
  userId: string,
  campaignId: string | undefined,
  now = new Date(),
): Promise<CampaignAnalytics> {
  const campaign = await findOwnCampaign(db, userId, campaignId);
  const span = live.has(campaign.status) || campaign.status === campaignStatus.draft ? "hour" : "day";
  const ids = [campaign.id];
  const buckets = bucketKeys(span);
  // The roll-up's rows per figure, and the raw events since its mark read once for all of them.
  const { series, verdicts, countries, referrers, tail } = await readWithRollup(db, async (tx, mark) => ({
    series: await readCounts(
      tx,
      campaignCounts(ids, mark, "verdict", { only: clickVerdict.counted, key: buckets, rolledOnly: true }),
    ),
    verdicts: await readCounts(tx, campaignCounts(ids, mark, "verdict", { rolledOnly: true })),
    countries: await readCounts(tx, campaignCounts(ids, mark, "country", { rolledOnly: true })),
    referrers: await readCounts(tx, campaignCounts(ids, mark, "referrer", { rolledOnly: true })),
    tail: await queryParsed(
      tx,
      tailRow,
      sql`select verdict, ${campaignRollupDimensions.country.value} as country,
            ${campaignRollupDimensions.referrer.value} as referrer, ${buckets.raw} as bucket, count(*) as count
          from click_events where campaign_id = ${campaign.id} and ${rawTail(mark)}
          group by 1, 2, 3, 4`,
    ),
  }));
  const add = (rows: Array<{ key: string; count: number }>, extra: Array<[string, number]>, limit?: number) => {
    const totals = new Map(rows.map((row) => [row.key, row.count]));
    for (const [key, count] of extra) totals.set(key, (totals.get(key) ?? 0) + count);
    return [...totals.entries()]
      .filter(([, count]) => count > 0)
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .slice(0, limit)
      .map(([key, count]) => ({ key, count }));
  };
  const counted = tail.filter((row) => row.verdict === clickVerdict.counted);
  const seriesTotals = add(
    series,
    counted.map((row) => [String(row.bucket), row.count]),
  );
  const verdictTotals = add(
    verdicts,
    tail.map((row) => [row.verdict, row.count]),
  );
  const countryTotals = add(
    countries,
    counted.map((row) => [row.country, row.count]),
    TOP,
  );
  const referrerTotals = add(
    referrers,
    tail.map((row) => [row.referrer, row.count]),
    TOP,
  );
  // The newest ten of each link, from the (link, id) index, then the newest ten of those.
  const recent = await queryParsed(
    db,
    recentRow,
    sql`select e.ts, e.country, e.referrer_domain, e.verdict
        from tracking_links tl cross join lateral (
          select id, ts, country, verdict, ${campaignRollupDimensions.referrer.value} as referrer_domain
          from click_events where tracking_link_id = tl.id order by id desc limit ${TOP}
        ) e
        where tl.campaign_id = ${campaign.id}
        order by e.id desc limit ${TOP}`,
  );
  const board = await campaignLeaderboard(db, campaign.id, 500);
  const byVerdict = new Map(verdictTotals.map((row) => [row.key, row.count]));
  const end = campaign.endsAt && campaign.endsAt < now ? campaign.endsAt : now;
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      status: campaign.status,
      published_at: campaign.publishedAt?.toISOString() ?? null,
      ends_at: campaign.endsAt?.toISOString() ?? null,
    },
    series: {
      bucket: span,
      points: campaign.publishedAt
        ? fillSeries(new Map(seriesTotals.map((row) => [Number(row.key), row.count])), span, campaign.publishedAt, end)
        : [],
    },
    verdicts: clickVerdicts.map((verdict) => ({ verdict, count: byVerdict.get(verdict) ?? 0 })),
    countries: countryTotals.map((row) => ({ country: row.key, count: row.count })),
    referrers: referrerTotals.map((row) => ({ domain: row.key, count: row.count })),
    recent_clicks: recent.map((row) => ({
      time: row.ts.toISOString(),
      country: row.country || "Unknown",
      referrer_domain: row.referrer_domain,
      verdict: row.verdict,
    })),
    promoters: board.map((entry) => ({
      rank: entry.rank,
      handle: entry.handle,
      clicks: entry.clicks,
      joined_at: entry.joined_at,
    })),
  };
}
