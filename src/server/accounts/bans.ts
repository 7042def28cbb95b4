import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";

/** Whether a user is banned (Better Auth asks before it creates a session); admins ban and unban (admin-users.ts). */
export async function isBanned(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ bannedAt: user.bannedAt }).from(user).where(eq(user.id, userId)).limit(1);
  return Boolean(row?.bannedAt);
}
