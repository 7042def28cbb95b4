import { sql } from "drizzle-orm";
import { normalizeEmail, normalizeLegalName } from "../../core/identity.js";
import type { IdentityMarkKind } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { networkOf } from "../net/ip-address.js";

/**
 * What ties an account to a person (PRODUCT.md Winner verification, one person one entry), recorded as it is seen:
 * a device and a network at each sign-up and sign-in, the e-mail address when it is set, the payout account's bank
 * fingerprint and legal name once the provider reports them. account-links.ts reads them.
 */

/** The first-party cookie that names a browser across sign-ins: random, httpOnly, kept a year. */
export const DEVICE_COOKIE = "fanboost_device";
/** Set by our own middleware from that cookie (any client-sent value is dropped first), for Better Auth's hooks. */
export const DEVICE_ID_HEADER = "x-fanboost-device-id";
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Records that `userId` showed `value` of `kind` (again): one row per account, kind and value. */
export async function recordIdentityMark(db: Database, userId: string, kind: IdentityMarkKind, value: string) {
  if (value === "") return;
  await db.execute(
    sql`insert into identity_marks (user_id, kind, value) values (${userId}, ${kind}, ${value})
        on conflict (user_id, kind, value) do update set last_seen_at = now()`,
  );
}

/** A sign-up or sign-in: the browser's device id and the network of its address. */
export async function recordSignInMarks(
  db: Database,
  userId: string,
  seen: { deviceId: string | null; ip: string | null },
) {
  if (seen.deviceId && DEVICE_ID_PATTERN.test(seen.deviceId)) {
    await recordIdentityMark(db, userId, "device", seen.deviceId);
  }
  if (seen.ip) await recordIdentityMark(db, userId, "network", networkOf(seen.ip));
}

/** The account's e-mail address as its provider delivers it (a new address adds a mark; the old one stays). */
export const recordEmailMark = (db: Database, userId: string, email: string) =>
  recordIdentityMark(db, userId, "email", normalizeEmail(email));

/** The payout account's holder and bank account, as the payment provider reported them. */
export async function recordPayoutAccountMarks(
  db: Database,
  userId: string,
  account: { legalName: string | null; bankFingerprint: string | null },
) {
  if (account.bankFingerprint) await recordIdentityMark(db, userId, "payout_account", account.bankFingerprint);
  if (account.legalName) await recordIdentityMark(db, userId, "legal_name", normalizeLegalName(account.legalName));
}
