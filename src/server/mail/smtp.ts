import nodemailer from "nodemailer";
import type { MailTransport } from "./mailer.js";

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async deliver({ messageId, ...message }) {
      await transport.sendMail({ from, ...message, messageId });
    },
  };
}
