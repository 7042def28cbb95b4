import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { mailOutbox } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { recordNotification } from "./bell.js";
import type { Mailer, MailTransport } from "./mailer.js";

/** The outbox's queue: every email of the app is written here, in the caller's transaction when it has one. */
export function createMailQueue(db: Database, kind: Mailer["kind"]): Mailer {
  return {
    kind,
    async send({ notification, ...message }, tx) {
      await (tx ?? db).insert(mailOutbox).values({ ...message, transport: kind, status: "queued" });
      if (notification) await recordNotification(tx ?? db, message.to, notification);
    },
  };
}

/** The dev outbox's delivery: the message stays in the table and its text goes to the log (links work without SMTP). */
export function createOutboxTransport(log: Logger): MailTransport {
  return {
    kind: "outbox",
    async deliver(message) {
      log.info({ to: message.to, subject: message.subject, text: message.text }, "dev outbox: email stored, not sent");
    },
  };
}

/** The newest emails to an address, newest first (tests and the admin outbox list). */
export async function listOutbox(db: Database, to?: string, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

/** Emails that will still be tried (queued, being sent, or failed with a retry time), and the oldest one's age. */
export async function outboxBacklog(db: Database): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = await queryParsed(
    db,
    z.object({ depth: column.number, oldest: column.number }),
    sql`select count(*) as depth, coalesce(extract(epoch from now() - min(created_at)), 0) as oldest
        from mail_outbox
        where status in ('queued', 'sending') or (status = 'failed' and next_attempt_at is not null)`,
  );
  return { depth: row?.depth ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
