/**
 * The audit log of admin actions: written by whichever area acts, inside the transaction of the change; owned by none
 * (the admin console reads it).
 */
import { sql } from "drizzle-orm";
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
