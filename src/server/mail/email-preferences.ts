import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { EmailPreferences, OptionalEmailKind } from "../../core/api/accounts.js";
import { optionalEmailKinds } from "../../core/api/accounts.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { recordNotification } from "./bell.js";
import type { Mailer, MailMessage } from "./mailer.js";

/** What each kind is, in the words of the settings page and the unsubscribe page. */
export const emailKindLabels: Record<OptionalEmailKind, string> = {
  reminders: "reminders before a campaign you promote ends",
  results: "how you placed when a campaign you promoted ends",
  news: "FanBoost product news",
};

/** A signed token for one user and kind: an unsubscribe link works without sign-in, for its own address and kind. */
export function unsubscribeToken(secret: string, userId: string, kind: OptionalEmailKind): string {
  return createHmac("sha256", `fanboost-unsubscribe:${secret}`).update(`${userId}\n${kind}`).digest("base64url");
}

export function verifyUnsubscribeToken(secret: string, userId: string, kind: string, token: string): boolean {
  if (!optionalEmailKinds.includes(kind as OptionalEmailKind)) return false;
  const expected = Buffer.from(unsubscribeToken(secret, userId, kind as OptionalEmailKind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The one-click unsubscribe address of a kind of email, for one user (RFC 8058). */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, kind: OptionalEmailKind): string {
  const query = new URLSearchParams({ u: userId, k: kind, t: unsubscribeToken(secret, userId, kind) });
  return `${publicUrl}/email/unsubscribe?${query}`;
}

const preferencesRow = z.object({ reminders: column.boolean, results: column.boolean, news: column.boolean });

export async function emailPreferencesOf(db: Database, userId: string): Promise<EmailPreferences> {
  const [row] = await queryParsed(
    db,
    preferencesRow,
    sql`select reminders, results, news from email_preferences where user_id = ${userId}`,
  );
  return row ?? { reminders: true, results: true, news: true };
}

export async function setEmailPreference(db: Database, userId: string, kind: OptionalEmailKind, on: boolean) {
  const column = sql.raw(kind);
  await db.execute(sql`insert into email_preferences (user_id, ${column}) values (${userId}, ${on})
    on conflict (user_id) do update set ${column} = excluded.${column}, updated_at = now()`);
}

/** Of these users, the ones who turned this kind of email off. */
export async function optedOut(db: Database, userIds: string[], kind: OptionalEmailKind): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryParsed(
    db,
    z.object({ user_id: column.text }),
    sql`select user_id from email_preferences
        where user_id = any(${sql.param(userIds)}::text[]) and not ${sql.raw(kind)}`,
  );
  return new Set(rows.map((row) => row.user_id));
}

/**
 * A non-essential email: queued unless its recipient turned its kind off; the event reaches their bell either way
 * (the preferences are about email).
 */
export async function sendUnlessOptedOut(mailer: Mailer, tx: Database, message: MailMessage, emailWanted: boolean) {
  if (emailWanted) await mailer.send(message, tx);
  else if (message.notification) await recordNotification(tx, message.to, message.notification);
}
