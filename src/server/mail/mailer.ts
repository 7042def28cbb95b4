import type { Database } from "../db/client.js";
import type { InAppNotification } from "./bell.js";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on non-essential emails (RFC 8058). */
  headers?: Record<string, string>;
  /** The same event in the recipient's bell, when the email is about an event (not a security or contact email). */
  notification?: InAppNotification;
};

/**
 * Queues emails in the transactional outbox (ADR 020): a message written with the change that causes it (`tx`) is
 * sent if and only if the change commits. A sender delivers it through SMTP or the dev outbox. A message that carries
 * a notification adds it to the recipient's bell in the same transaction (ADR 021).
 */
export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage, tx?: Database): Promise<void>;
}

/** How a claimed message leaves: SMTP, or the dev outbox (stored and printed to the log). */
export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  /** Delivers the message; the same `messageId` on a resend lets the receiving side drop a duplicate. */
  deliver(message: MailMessage & { messageId: string }): Promise<void>;
}
