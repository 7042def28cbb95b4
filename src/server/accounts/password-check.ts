import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { Auth } from "./auth.js";

/** Whether `password` is the user's current password (Better Auth's own hash check); their email with it. */
export async function checkPassword(
  db: Database,
  auth: Auth,
  userId: string,
  password: string,
): Promise<{ matches: boolean; email: string | null }> {
  const [credential] = await queryParsed(
    db,
    z.object({ password: column.textOrNull, email: column.text }),
    sql`select a.password, u.email from account a join "user" u on u.id = a.user_id
        where a.user_id = ${userId} and a.provider_id = 'credential' limit 1`,
  );
  if (!credential?.password) return { matches: false, email: null };
  const context = await auth.$context;
  const matches = await context.password.verify({ hash: credential.password, password });
  return { matches, email: credential.email };
}
