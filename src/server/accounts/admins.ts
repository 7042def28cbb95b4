import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { admins, user } from "../db/schema.js";
import { DomainError } from "../errors.js";

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ id: admins.authUserId }).from(admins).where(eq(admins.authUserId, userId)).limit(1);
  return rows.length > 0;
}

async function userIdByEmail(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new DomainError("not_found", `No user with email ${email}`);
  return row.id;
}

export async function grantAdmin(db: Database, email: string): Promise<void> {
  const userId = await userIdByEmail(db, email);
  await db.insert(admins).values({ authUserId: userId }).onConflictDoNothing();
}

export async function revokeAdmin(db: Database, email: string): Promise<void> {
  const userId = await userIdByEmail(db, email);
  await db.delete(admins).where(eq(admins.authUserId, userId));
}

/**
 * Admin rights from `ADMIN_EMAILS` need a verified mailbox (whoever signs up with an address proves nothing until its
 * link is opened): at start-up, the verified users with a listed address, in any letter case, become admins.
 */
export async function syncAdminEmails(db: Database, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const listed = emails.map((email) => email.trim().toLowerCase());
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(sql`lower(${user.email})`, listed), eq(user.emailVerified, true)));
  if (rows.length === 0) return 0;
  await db
    .insert(admins)
    .values(rows.map((row) => ({ authUserId: row.id })))
    .onConflictDoNothing();
  return rows.length;
}

/** Once a user's address is verified (sign-up link or a confirmed change): an admin when `ADMIN_EMAILS` lists it. */
export async function grantListedAdmin(
  db: Database,
  emails: readonly string[],
  verified: { id: string; email: string; emailVerified: boolean },
): Promise<void> {
  if (!verified.emailVerified || !emails.includes(verified.email.trim().toLowerCase())) return;
  await db.insert(admins).values({ authUserId: verified.id }).onConflictDoNothing();
}
