import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { signInAttempts } from "../db/schema.js";

/**
 * The per-account sign-in limit: the per-address limit alone lets many addresses guess one password. Five failed
 * attempts at one email within 15 minutes hold its sign-in for 15 minutes, from every address; a successful sign-in
 * or a password reset clears the count. Attempts are counted before the password is checked, so a burst of
 * concurrent guesses cannot all slip in before the first failure is recorded.
 */
export const signInHold = { maxFailures: 5, windowMinutes: 15, holdMinutes: 15 } as const;

export const signInHeldMessage =
  "Too many failed sign-in attempts for this account. Try again in 15 minutes, or reset your password to sign in now.";

/**
 * Counts an attempt at `email`; false when the account is held (or the attempts already in flight would take it over
 * the limit), in which case the password must not be checked.
 */
export async function beginSignInAttempt(db: Database, email: string): Promise<boolean> {
  const window = sql`make_interval(mins => ${signInHold.windowMinutes})`;
  const [row] = await queryParsed(
    db,
    z.object({ attempts: column.number }),
    sql`insert into sign_in_attempts (email, attempts, window_start) values (${email}, 1, now())
        on conflict (email) do update set
          attempts = case when sign_in_attempts.window_start > now() - ${window} then sign_in_attempts.attempts + 1 else 1 end,
          window_start = case when sign_in_attempts.window_start > now() - ${window} then sign_in_attempts.window_start else now() end,
          held_until = null
        where sign_in_attempts.held_until is null or sign_in_attempts.held_until <= now()
        returning attempts`,
  );
  return row !== undefined && row.attempts <= signInHold.maxFailures;
}

/** The attempt failed on a wrong password: the fifth such failure in the window holds the account. */
export async function recordSignInFailure(db: Database, email: string): Promise<void> {
  await db.execute(
    sql`update sign_in_attempts set held_until = now() + make_interval(mins => ${signInHold.holdMinutes})
        where email = ${email} and attempts >= ${signInHold.maxFailures} and held_until is null`,
  );
}

/** The attempt did not reach the password check (a malformed request, another limit): it does not count. */
export async function withdrawSignInAttempt(db: Database, email: string): Promise<void> {
  await db.execute(
    sql`update sign_in_attempts set attempts = greatest(attempts - 1, 0) where email = ${email} and held_until is null`,
  );
}

/** A successful sign-in or a password reset: the account starts again with no failures. */
export async function clearSignInAttempts(db: Database, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
}
