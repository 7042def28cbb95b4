import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Database, queryRows } from "../db/client.js";
import type { TestClient } from "./test-app.js";

export const browserUa =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Counters always equal the counted events behind them. */
export async function expectCountersConsistent(db: Database) {
  const [row] = await queryRows<{ bad_links: string; bad_promoters: string; bad_campaigns: string }>(
    db,
    sql`select
      (select count(*) from tracking_links tl where tl.total_clicks <> (select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')) as bad_links,
      (select count(*) from promoters p where p.total_clicks_all_time <> (select count(*) from click_events e where e.promoter_id = p.id and e.verdict = 'counted')) as bad_promoters,
      (select count(*) from campaigns c where c.total_clicks <> (select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')) as bad_campaigns`,
  );
  expect([row?.bad_links, row?.bad_promoters, row?.bad_campaigns].map(Number)).toEqual([0, 0, 0]);
}

/** A tracking request in process, from `ip` (random otherwise) with a browser's user agent unless `ua` says else. */
export const clickAs = (
  t: TestClient,
  path: string,
  init: { ip?: string; ua?: string | null; method?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  t.request(path, {
    method: init.method ?? "GET",
    ip: init.ip,
    cookie: init.cookie,
    headers: { ...(init.ua === null ? {} : { "User-Agent": init.ua ?? browserUa }), ...init.headers },
  });

/** A link's counted clicks, as its counter says. */
export async function linkClicks(db: Database, shortCode: string) {
  const [row] = await queryRows<{ total_clicks: number }>(
    db,
    sql`select total_clicks from tracking_links where short_code = ${shortCode}`,
  );
  return Number(row?.total_clicks);
}

/** The verdicts stored for a link's clicks, sorted. */
export async function linkVerdicts(db: Database, shortCode: string) {
  const rows = await queryRows<{ verdict: string }>(
    db,
    sql`select e.verdict from click_events e join tracking_links tl on tl.id = e.tracking_link_id
        where tl.short_code = ${shortCode} order by e.verdict`,
  );
  return rows.map((row) => row.verdict);
}
