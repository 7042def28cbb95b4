import { eq, sql } from "drizzle-orm";
import type { EligibilityView } from "../../core/api/accounts.js";
import { eligibilityMessages, minimumAge } from "../../core/eligibility.js";
import type { Database } from "../db/client.js";
import { eligibilityStatements, payoutAccounts } from "../db/schema.js";
import { DomainError } from "../errors.js";

/**
 * A promoter's statement of where they live and that they are of age there (PRODUCT.md Official rules and
 * eligibility), made once per account in settings or at the first join, and checked at every join.
 */

export async function eligibilityOf(db: Database, userId: string): Promise<EligibilityView | null> {
  const [row] = await db.select().from(eligibilityStatements).where(eq(eligibilityStatements.userId, userId));
  return row
    ? { country: row.country, state: row.state, minimum_age: row.minimumAge, stated_at: row.statedAt.toISOString() }
    : null;
}

/**
 * Records the statement (validated by `eligibilitySchema`: the age confirmed is the one where they live). The country
 * cannot move away from the one their payout account was created for: prize money goes where the holder lives.
 */
export async function stateEligibility(
  db: Database,
  userId: string,
  statement: { country: string; state: string | null },
): Promise<EligibilityView> {
  const [account] = await db
    .select({ country: payoutAccounts.country })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  if (account?.country && account.country !== statement.country) {
    throw new DomainError("conflict", eligibilityMessages.countryLocked(account.country));
  }
  const values = { ...statement, minimumAge: minimumAge(statement.country, statement.state) };
  await db
    .insert(eligibilityStatements)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: eligibilityStatements.userId, set: { ...values, statedAt: sql`now()` } });
  const stated = await eligibilityOf(db, userId);
  if (!stated) throw new Error(`eligibility of ${userId} was not stored`);
  return stated;
}

/**
 * Refuses a join the promoter is not eligible for: no statement yet (the page then asks for it), or a country the
 * campaign is not open to. `allowed`: the campaign's countries (the payout countries when it has none of its own).
 */
export async function assertEligibleToJoin(db: Database, userId: string, allowed: readonly string[]) {
  const stated = await eligibilityOf(db, userId);
  if (!stated) {
    throw new DomainError("forbidden", eligibilityMessages.needed, { eligibility: eligibilityMessages.needed });
  }
  if (!allowed.includes(stated.country)) {
    throw new DomainError("forbidden", eligibilityMessages.notOpenTo(allowed, stated.country));
  }
  return stated;
}
