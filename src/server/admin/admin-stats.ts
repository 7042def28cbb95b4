import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminStats } from "../../core/api/admin.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { countsSince, rawTail, readWithRollup } from "../tracking/click-rollups.js";

const statsRow = z.object({
  total_clicks: column.number,
  blocked_clicks: column.number,
  open_flags: column.number,
  unique_ips: column.number,
});

/**
 * The dashboard's stat cards, all time, from one snapshot: the click figures are the roll-up's plus the raw events after
 * its mark (click-rollups.ts), so they stay exact without reading every event.
 */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [row] = await readWithRollup(db, (tx, mark) =>
    queryParsed(
      tx,
      statsRow,
      sql`select (select coalesce(sum(total_clicks), 0) from campaigns) as total_clicks,
               (select coalesce(sum(count), 0) from (${countsSince(new Date(0), mark, "verdict")}) verdicts
                 where key <> 'counted') as blocked_clicks,
               (select count(*) from suspicious_activity where status = 'open') as open_flags,
               (select unique_addresses from click_rollup_state where id = 1)
                 + (select count(distinct ip_hash) from click_events e where ${rawTail(mark)}
                    and not exists (select 1 from seen_addresses s where s.ip_hash = e.ip_hash)) as unique_ips`,
    ),
  );
  return row ?? { total_clicks: 0, blocked_clicks: 0, open_flags: 0, unique_ips: 0 };
}
