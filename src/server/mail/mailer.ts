import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import { createOutboxMailer } from "./outbox.js";
import { createSmtpMailer } from "./smtp.js";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `SMTP_URL` is set, otherwise the dev outbox (stored in the database and printed to the log). */
export function createMailer(config: Config, db: Database, log: Logger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, db, log) : createOutboxMailer(db, log);
}
