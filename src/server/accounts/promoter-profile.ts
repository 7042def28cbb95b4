import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { GENERATED_HANDLE_SUFFIX_LENGTH, generatedHandle, normalizeHandle } from "../../core/auth-rules.js";
import type { Database } from "../db/client.js";
import { promoters } from "../db/schema.js";
import { DomainError } from "../errors.js";

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
export const HANDLE_SUFFIX_LENGTH = GENERATED_HANDLE_SUFFIX_LENGTH;
const MAX_ATTEMPTS = 5;

export function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
}

export type PromoterProfile = typeof promoters.$inferSelect;

/** Whether another promoter has this handle, in any letter case. */
export async function isHandleTaken(db: Database, handle: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promoters.id })
    .from(promoters)
    .where(sql`lower(${promoters.handle}) = lower(${handle})`)
    .limit(1);
  return Boolean(row);
}

export async function findPromoterProfile(db: Database, userId: string): Promise<PromoterProfile | undefined> {
  const [row] = await db.select().from(promoters).where(eq(promoters.authUserId, userId)).limit(1);
  return row;
}

/**
 * Returns the user's promoter profile, creating it when missing: the social handle when it is free, otherwise the
 * generated default of the handle rule. Safe to call concurrently.
 */
export async function ensurePromoterProfile(
  db: Database,
  userId: string,
  socialHandle?: string | null,
): Promise<PromoterProfile> {
  const existing = await findPromoterProfile(db, userId);
  if (existing) return existing;
  const preferred = normalizeHandle(socialHandle);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const handle = attempt === 0 && preferred ? preferred : generatedHandle(randomInt);
    const [created] = await db
      .insert(promoters)
      .values({ authUserId: userId, handle })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const raced = await findPromoterProfile(db, userId);
    if (raced) return raced;
  }
  throw new DomainError("conflict", "Failed to create promoter profile");
}
