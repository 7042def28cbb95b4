import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "./mailer.js";

export function createOutboxMailer(db: Database, log: Logger): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, transport: "outbox" });
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
