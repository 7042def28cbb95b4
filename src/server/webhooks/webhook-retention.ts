import { sql } from "drizzle-orm";
import { z } from "zod";
import { WEBHOOK_LOG_RETENTION_DAYS } from "../../core/webhooks.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/**
 * Removes finished deliveries (delivered, or given up after the last retry) older than WEBHOOK_LOG_RETENTION_DAYS,
 * with their attempts; a delivery still queued or waiting for a retry stays whatever its age. Returns how many.
 */
export async function pruneWebhookLog(db: Database): Promise<number> {
  const rows = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`delete from webhook_deliveries
        where created_at < now() - make_interval(days => ${WEBHOOK_LOG_RETENTION_DAYS})
          and (status = 'delivered' or (status = 'failed' and next_attempt_at is null))
        returning id`,
  );
  return rows.length;
}
