import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "./mailer.js";
import { createOutboxMailer } from "./outbox.js";
import { createSmtpMailer } from "./smtp.js";

/** SMTP when `SMTP_URL` is set, otherwise the dev outbox. */
export function createMailer(config: Config, db: Database, log: Logger): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, db, log) : createOutboxMailer(db, log);
}
