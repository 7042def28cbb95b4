import { desc, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { adminAudit } from "../db/schema.js";

/** The admin who acts, as every audited domain function receives it. */
export type Actor = { id: string; email: string };

export type AuditEntry = {
  action: string;
  subjectType: (typeof adminAudit.$inferInsert)["subjectType"];
  subjectId: string;
  summary: string;
};

/** Writes the audit row of an action; call it inside the transaction that makes the change. */
export async function recordAdminAction(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAudit).values({ actorUserId: actor.id, actorEmail: actor.email, ...entry });
}

/**
 * The audit row as a statement to put beside the change in one SQL statement (`with changed as (...), audit as
 * (insert ...) select ...`), for actions that are a single conditional update: the row exists exactly when the
 * update changed something.
 */
export function auditInsert(actor: Actor, entry: Omit<AuditEntry, "subjectId">, subjectIdFrom: ReturnType<typeof sql>) {
  return sql`insert into admin_audit (actor_user_id, actor_email, action, subject_type, subject_id, summary)
    select ${actor.id}, ${actor.email}, ${entry.action}, ${entry.subjectType}, ${subjectIdFrom}, ${entry.summary}`;
}

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
