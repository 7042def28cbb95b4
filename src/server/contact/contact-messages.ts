import { desc } from "drizzle-orm";
import type { z } from "zod";
import { type contactMessageSchema, inquiryTypes } from "../../core/contact-rules.js";
import type { Database } from "../db/client.js";
import { contactMessages } from "../db/schema.js";
import { consumeRequestLimit } from "../http/request-limit.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";

export type ContactMessage = z.output<typeof contactMessageSchema>;

/** Confirmations one address receives a day, however many people write in its name. */
const CONFIRMATIONS_PER_ADDRESS = { windowMs: 24 * 60 * 60 * 1000, max: 3 };

/**
 * Stores a contact message, confirms it to the sender, and forwards it to support when mail is configured. The
 * confirmation quotes nothing the sender wrote (anyone can type any address: echoing their text would relay it) and
 * each address gets at most a few a day.
 */
export async function submitContactMessage(
  deps: { db: Database; mailer: Mailer; log: Logger; supportEmail: string | undefined },
  message: ContactMessage,
  sender: { userId: string | undefined; ip: string | undefined },
) {
  const typeLabel = inquiryTypes.find((type) => type.value === message.type)?.label ?? message.type;
  const confirmations = await consumeRequestLimit(
    deps.db,
    `contact-confirmation:${message.email}`,
    CONFIRMATIONS_PER_ADDRESS,
  );
  // The message and its emails are stored together: both or neither.
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, userId: sender.userId, ip: sender.ip })
      .returning({ id: contactMessages.id });
    if (confirmations.allowed) {
      await deps.mailer.send(
        await composeEmail({
          to: message.email,
          subject: "We received your message",
          preview: "We answer within 1-2 business days.",
          heading: "Thanks for contacting FanBoost",
          paragraphs: [
            `We received your message (${typeLabel}) and will answer by email within 1-2 business days.`,
            "If you did not write to us, you can ignore this email.",
          ],
          footer: "You received this email because someone sent FanBoost's contact form with this address.",
        }),
        tx,
      );
    }
    if (deps.mailer.kind === "smtp" && deps.supportEmail) {
      await deps.mailer.send(
        {
          to: deps.supportEmail,
          subject: `[Contact: ${typeLabel}] ${message.subject}`,
          text: `From: ${message.name} <${message.email}>\nType: ${typeLabel}\n\n${message.message}\n`,
        },
        tx,
      );
    }
    return row;
  });
  // Only a configured mail server sends the confirmation; the dev outbox keeps it for admins to read.
  return { id: stored?.id as string, confirmationEmailed: confirmations.allowed && deps.mailer.kind === "smtp" };
}

/** Newest first, for the admin list. */
export async function listContactMessages(db: Database, limit = 100) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
