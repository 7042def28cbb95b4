import { and, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { clickEvents } from "../db/schema.js";

export const RAW_IP_RETENTION_DAYS = 30;

/** Clears raw addresses older than 30 days (privacy policy); the keyed hash stays for de-duplication. */
export async function clearExpiredClickIps(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RAW_IP_RETENTION_DAYS * 24 * 3600 * 1000);
  const cleared = await db
    .update(clickEvents)
    .set({ ip: sql`null` })
    .where(and(isNotNull(clickEvents.ip), lt(clickEvents.ts, cutoff)))
    .returning({ id: clickEvents.id });
  return cleared.length;
}
