import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import type { Mailer, MailTransport } from "./mailer.js";
import { createMailQueue, createOutboxTransport } from "./outbox.js";
import { createSmtpTransport } from "./smtp.js";

/** The queue every email goes into; SMTP when `SMTP_URL` is set, otherwise the dev outbox. */
export function createMailer(config: Config, db: Database): Mailer {
  return createMailQueue(db, config.smtpUrl ? "smtp" : "outbox");
}

export function createMailTransport(config: Config, log: Logger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createOutboxTransport(log);
}
