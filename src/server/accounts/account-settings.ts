import { sql } from "drizzle-orm";
import { z } from "zod";
import { settingsMessages } from "../../core/auth-rules.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { DomainError } from "../errors.js";
import { ensurePromoterProfile } from "./promoter-profile.js";

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

/**
 * Changes the handle others see on the leaderboards (creating the promoter profile if the user has none yet). A
 * handle another user has, in any letter case, is refused.
 */
export async function changeHandle(db: Database, userId: string, handle: string): Promise<{ handle: string }> {
  const taken = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`select id::text as id from promoters where lower(handle) = lower(${handle}) and auth_user_id <> ${userId} limit 1`,
  );
  if (taken.length > 0) throw new DomainError("conflict", settingsMessages.handleTaken);
  const profile = await ensurePromoterProfile(db, userId);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update promoters set handle = ${handle} where id = ${profile.id}`);
      await tx.execute(sql`update "user" set social_handle = ${handle}, updated_at = now() where id = ${userId}`);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", settingsMessages.handleTaken);
    throw error;
  }
  return { handle };
}
