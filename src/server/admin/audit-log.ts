import { desc } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { adminAudit } from "../db/schema.js";

/** Newest first. */
export async function listAdminAudit(db: Database, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    actor_email: row.actorEmail,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
  }));
}
