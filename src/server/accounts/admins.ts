import { eq, inArray } from "drizzle-orm";
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

/** Makes the users whose emails are in `ADMIN_EMAILS` admins (at start-up and at their sign-up). */
export async function syncAdminEmails(db: Database, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.email, [...emails]));
  if (rows.length === 0) return 0;
  await db
    .insert(admins)
    .values(rows.map((row) => ({ authUserId: row.id })))
    .onConflictDoNothing();
  return rows.length;
}
