import { eq } from "drizzle-orm";
import type { Account, Role } from "../../core/api/accounts.js";
import type { Database } from "../db/client.js";
import { user } from "../db/schema.js";
import { isAdmin } from "./admins.js";
import { eligibilityOf } from "./eligibility.js";
import { findPromoterProfile } from "./promoter-profile.js";

/** Everything the browser needs to know about the signed-in user (`GET /api/me`). */
export async function loadAccount(db: Database, userId: string): Promise<Account | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!row) return undefined;
  const [admin, promoter, eligibility] = await Promise.all([
    isAdmin(db, userId),
    findPromoterProfile(db, userId),
    eligibilityOf(db, userId),
  ]);
  const role: Role = admin ? "admin" : row.user_type;
  return {
    user: {
      id: row.id,
      email: row.email,
      email_verified: row.emailVerified,
      name: row.name,
      first_name: row.first_name,
      last_name: row.last_name,
      artist_name: row.artist_name,
      social_handle: row.social_handle,
      user_type: row.user_type,
    },
    role,
    isAdmin: admin,
    promoter: promoter
      ? { id: promoter.id, handle: promoter.handle, total_clicks_all_time: promoter.totalClicksAllTime }
      : null,
    eligibility,
  };
}
