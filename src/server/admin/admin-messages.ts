import { and, desc, eq, isNull } from "drizzle-orm";
import type { ContactMessageView, OutboxEmail } from "../../core/api/admin.js";
import { uuidPattern } from "../../core/ids.js";
import { type Actor, recordAdminAction } from "../audit/record-audit.js";
import type { Database } from "../db/client.js";
import { contactMessages, mailOutbox } from "../db/schema.js";
import { DomainError } from "../errors.js";

/** Contact messages newest first: the open ones, or all. */
export async function listContactMessageViews(db: Database, status: "open" | "all"): Promise<ContactMessageView[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(status === "open" ? isNull(contactMessages.handledAt) : undefined)
    .orderBy(desc(contactMessages.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type,
    subject: row.subject,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
  }));
}

export async function markMessageHandled(db: Database, messageId: string | undefined, actor: Actor) {
  if (!messageId || !uuidPattern.test(messageId)) throw new DomainError("not_found", "No open message with this id");
  return db.transaction(async (tx) => {
    const [message] = await tx
      .update(contactMessages)
      .set({ handledAt: new Date() })
      .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.handledAt)))
      .returning({ id: contactMessages.id, subject: contactMessages.subject, email: contactMessages.email });
    if (!message) throw new DomainError("not_found", "No open message with this id");
    await recordAdminAction(tx, actor, {
      action: "handle_message",
      subjectType: "message",
      subjectId: message.id,
      summary: `Marked the message from ${message.email} handled`,
    });
    return { ok: true as const };
  });
}

/** The newest emails the app sent or stored (the dev outbox: how password resets work without SMTP). */
export async function listOutboxEmails(db: Database): Promise<OutboxEmail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    transport: row.transport,
    created_at: row.createdAt.toISOString(),
    has_html: row.html !== null,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}

/** An email's HTML part, or null when there is no such email or it has none. */
export async function outboxEmailHtml(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.html ?? null;
}
