import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/**
 * Counts one request against `key` in a fixed window and says whether it is within `max`.
 * One atomic upsert, so it holds across server instances.
 */
export async function consumeRequestLimit(
  db: Database,
  key: string,
  limit: { windowMs: number; max: number },
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = now - (now % limit.windowMs);
  const [row] = await queryParsed(
    db,
    z.object({ count: column.number }),
    sql`insert into request_limits (key, window_start, count) values (${key}, ${windowStart}, 1)
        on conflict (key) do update set
          count = case when request_limits.window_start = excluded.window_start then request_limits.count + 1 else 1 end,
          window_start = excluded.window_start
        returning count`,
  );
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)),
  };
}
