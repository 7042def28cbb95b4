import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { pruneSignalCounts } from "./shared-signals.js";

/** A busy address's counts shared between instances (PostgreSQL, ADR 018): `address_clicks`, group-committed. */

const sharedRow = z.object({
  ip_hash: z.string(),
  minute: column.number,
  burst: column.number,
  flagged: column.boolean,
});
export type SharedTotals = { minute: number; burst: number; flagged: boolean };

/**
 * Adds addresses' unshared clicks to the counts every instance shares and reads the totals back, in one statement for
 * any number of addresses; each window restarts when it has passed, from its own first click (not the clock minute).
 */
const shareClicks = (db: Database, ipHashes: string[], clicks: number[]) =>
  queryParsed(
    db,
    sharedRow,
    sql`insert into address_clicks (ip_hash, minute_start, minute_count, burst_start, burst_count)
        select h, now(), c, now(), c
        from unnest(${sql.param(ipHashes)}::text[], ${sql.param(clicks)}::int[]) as t(h, c)
        on conflict (ip_hash) do update set
          minute_start = case when address_clicks.minute_start <= now() - interval '1 minute'
            then now() else address_clicks.minute_start end,
          minute_count = case when address_clicks.minute_start <= now() - interval '1 minute'
            then excluded.minute_count else address_clicks.minute_count + excluded.minute_count end,
          burst_start = case when address_clicks.burst_start <= now() - interval '5 minutes'
            then now() else address_clicks.burst_start end,
          burst_count = case when address_clicks.burst_start <= now() - interval '5 minutes'
            then excluded.burst_count else address_clicks.burst_count + excluded.burst_count end
        returning ip_hash, minute_count as minute, burst_count as burst,
          coalesce(burst_flagged_at > now() - interval '1 hour' or limit_flagged_at > now() - interval '1 hour', false)
            as flagged`,
  );

/** How long shared counts that no answer waits for may wait for others to go with (ADR 033). */
const SHARE_LINGER_MS = 50;

/**
 * The shared counts, group-committed like the clicks themselves: the busy clicks that arrive while a statement is out
 * go together in the next one, and counts that no answer waits for linger up to SHARE_LINGER_MS for company. Each click
 * learns the totals as they stood just after its own clicks were added, so the 1,001st click is the one over the limit
 * even inside one statement.
 */
export function createSharedCounts(db: Database) {
  type Waiting = {
    ipHash: string;
    clicks: number;
    resolve: (totals: SharedTotals) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiting[] = [];
  let running = false;
  let lingering: NodeJS.Timeout | undefined;
  const run = async () => {
    clearTimeout(lingering);
    lingering = undefined;
    running = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const byAddress = new Map<string, number>();
      for (const waiting of batch) byAddress.set(waiting.ipHash, (byAddress.get(waiting.ipHash) ?? 0) + waiting.clicks);
      try {
        const rows = await shareClicks(db, [...byAddress.keys()], [...byAddress.values()]);
        const totals = new Map(rows.map((row) => [row.ip_hash, row]));
        // Walk back from the end of the batch: a click's totals leave out the clicks queued after it.
        const after = new Map<string, number>();
        for (const waiting of [...batch].reverse()) {
          const total = totals.get(waiting.ipHash);
          const later = after.get(waiting.ipHash) ?? 0;
          after.set(waiting.ipHash, later + waiting.clicks);
          if (!total) waiting.reject(new Error("shared counts missing an address"));
          else waiting.resolve({ minute: total.minute - later, burst: total.burst - later, flagged: total.flagged });
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  };
  /** Adds `clicks` to the address's shared counts; `urgent` when an answer waits for the totals. */
  return (ipHash: string, clicks: number, urgent: boolean) =>
    new Promise<SharedTotals>((resolve, reject) => {
      queue.push({ ipHash, clicks, resolve, reject });
      if (running) return;
      if (urgent) void run();
      else lingering ??= setTimeout(() => void run(), SHARE_LINGER_MS);
    });
}

/**
 * The shared counts of addresses quiet for an hour, fingerprint and country counts an hour past their window, and flag
 * claims older than an hour go (a background job).
 */
export async function pruneSharedCounts(db: Database) {
  await pruneSignalCounts(db);
  await db.execute(sql`delete from flag_claims where claimed_at < now() - interval '1 hour'`);
  await db.execute(sql`delete from address_clicks
    where burst_start < now() - interval '1 hour' and minute_start < now() - interval '1 hour'
      and coalesce(burst_flagged_at, '-infinity') < now() - interval '1 hour'
      and coalesce(limit_flagged_at, '-infinity') < now() - interval '1 hour'`);
}
