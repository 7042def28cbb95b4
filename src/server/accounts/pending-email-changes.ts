import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";

/**
 * A password reset, a password change or a newer request: links of email changes not yet confirmed stop working
 * (email-change.ts), so a session that asked for one cannot finish it after its owner took the account back.
 */
export async function voidPendingEmailChanges(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`update email_changes set voided_at = now()
        where user_id = ${userId} and confirmed_at is null and voided_at is null`,
  );
}
