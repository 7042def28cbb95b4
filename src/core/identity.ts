/**
 * How one person's details are compared across accounts (PRODUCT.md Winner verification, one person one entry). An
 * e-mail address is compared as its provider delivers it: the migration that backfilled existing accounts
 * (0040_winner_verification.sql) applies the same rules in SQL.
 */

/** Providers that deliver `a.b.c@` to `abc@`: Google's, whose two domains are one mailbox. */
const dotBlindDomains: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** Providers that deliver `name+anything@` to `name@`. */
const plusTagDomains = new Set([
  "gmail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "fastmail.com",
  "protonmail.com",
  "proton.me",
  "pm.me",
]);

/** `A.B+promo@GoogleMail.com` → `ab@gmail.com`; other providers' addresses only lower-cased. */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const dotBlind = dotBlindDomains[domain];
  if (dotBlind) domain = dotBlind;
  if (plusTagDomains.has(domain)) local = local.split("+")[0] ?? local;
  if (dotBlind) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * A legal name as two records of one person agree on it: letters and digits only, without accents, lower case, words
 * in order ("José  O'Neil" and "jose oneil" are one name).
 */
export function normalizeLegalName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
