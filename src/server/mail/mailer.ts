export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Where emails go: SMTP, or the dev outbox (stored in the database and printed to the log). */
export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
