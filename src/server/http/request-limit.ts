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

/**
 * Takes one request from `key`'s token bucket, shared by every instance: `capacity` requests at once, then one more
 * every `intervalMs` (GCRA: one number per key, when its bucket is full again). Unlike a fixed window, no moment lets
 * through more than the bucket holds plus what has dripped back in, so a burst across a window's edge gains nothing.
 * One conditional upsert decides; a refused request takes nothing, and a second read says when to come back.
 */
export async function consumeTokenBucket(
  db: Database,
  key: string,
  bucket: { capacity: number; intervalMs: number },
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const span = bucket.capacity * bucket.intervalMs;
  const taken = await queryParsed(
    db,
    z.object({ full_at: column.number }),
    sql`insert into token_buckets as b (key, full_at) values (${key}, ${now + bucket.intervalMs})
        on conflict (key) do update set full_at = greatest(b.full_at, ${now}) + ${bucket.intervalMs}
          where greatest(b.full_at, ${now}) + ${bucket.intervalMs} <= ${now + span}
        returning full_at`,
  );
  if (taken.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const [row] = await queryParsed(
    db,
    z.object({ full_at: column.number }),
    sql`select full_at from token_buckets where key = ${key}`,
  );
  const waitMs = (row?.full_at ?? now) + bucket.intervalMs - span - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
