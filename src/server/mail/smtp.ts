import nodemailer from "nodemailer";
import type { Database } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "./mailer.js";

export function createSmtpMailer(smtpUrl: string, from: string, db: Database, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
      await db.insert(mailOutbox).values({ ...message, transport: "smtp" });
      log.info({ to: message.to, subject: message.subject }, "email sent");
    },
  };
}
