import { type SQL, sql } from "drizzle-orm";

/** How money moves that failed are retried: exponential backoff from one minute, capped, for a bounded number of tries. */
const MAX_AUTOMATIC_ATTEMPTS = 8;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 3600_000;
/** A transfer or refund still `processing` after this long lost its process; its outcome is checked by retrying. */
export const STUCK_AFTER_MS = 10 * 60_000;

/** Delay before the next automatic attempt, or null when automatic attempts are used up. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_AUTOMATIC_ATTEMPTS) return null;
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/** `now()` plus a delay in SQL (the database's clock decides what is due), or null. */
export function nowPlus(delayMs: number | null): SQL {
  return delayMs === null ? sql`null` : sql`now() + make_interval(secs => ${delayMs / 1000})`;
}
