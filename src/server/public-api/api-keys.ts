import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { ApiKeyView } from "../../core/api/api-keys.js";
import {
  API_KEY_PREFIX,
  API_KEY_REQUEST_RETENTION_DAYS,
  API_KEYS_PER_ACCOUNT,
  type ApiKeyScope,
  apiKeyMessages,
  scopesFor,
} from "../../core/api-keys.js";
import { type ApiKeyStatus, apiKeyStatus } from "../../core/vocabulary.js";
import { isAdmin } from "../accounts/admins.js";
import type { Database } from "../db/client.js";
import { admins, apiKeyRequests, apiKeys, promoters, user } from "../db/schema.js";
import { DomainError } from "../errors.js";

/**
 * API keys (PRODUCT.md Integrations): created in settings with a name and scopes, shown once, stored as their SHA-256
 * (a key is 190 random bits: a slow hash would add nothing), recognised by their first characters, revocable.
 */

const VISIBLE_CHARACTERS = 7;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

const hashKey = (secret: string) => createHash("sha256").update(secret).digest("hex");

function newSecret(): string {
  const bytes = randomBytes(32);
  return API_KEY_PREFIX + Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

type KeyRow = typeof apiKeys.$inferSelect;

/** The key as its owner sees it, with what its holder's account allows today (`allowed`) and whether it is banned. */
const view = (row: KeyRow, holder: { allowed: readonly ApiKeyScope[]; banned: boolean }): ApiKeyView => {
  const status: ApiKeyStatus = row.revokedAt
    ? apiKeyStatus.revoked
    : holder.banned
      ? apiKeyStatus.suspended
      : apiKeyStatus.active;
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    scopes: row.scopes,
    lapsed_scopes: row.scopes.filter((scope) => !holder.allowed.includes(scope)),
    status,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
};

/** The scopes the user's account may give a key, and use: what its role allows today. */
export async function allowedScopes(db: Database, userId: string): Promise<ApiKeyScope[]> {
  const [row] = await db
    .select({ userType: user.user_type, promotes: sql<boolean>`${promoters.id} is not null` })
    .from(user)
    .leftJoin(promoters, eq(promoters.authUserId, user.id))
    .where(eq(user.id, userId));
  if (!row) return [];
  return scopesFor({ userType: row.userType, isAdmin: await isAdmin(db, userId), promotes: row.promotes });
}

export async function listApiKeys(db: Database, userId: string) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  const [owner] = await db.select({ bannedAt: user.bannedAt }).from(user).where(eq(user.id, userId));
  const holder = { allowed: await allowedScopes(db, userId), banned: Boolean(owner?.bannedAt) };
  return { keys: rows.map((row) => view(row, holder)), scopes: holder.allowed };
}

/** A new key with `scopes` (each one the account may give); its secret is in the answer and nowhere else. */
export async function createApiKey(db: Database, userId: string, input: { name: string; scopes: ApiKeyScope[] }) {
  const allowed = await allowedScopes(db, userId);
  const refused = input.scopes.find((scope) => !allowed.includes(scope));
  if (refused) throw new DomainError("forbidden", apiKeyMessages.scopeNotYours(refused));
  const [held] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((held?.n ?? 0) >= API_KEYS_PER_ACCOUNT) throw new DomainError("conflict", apiKeyMessages.tooMany);
  const secret = newSecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS),
      hash: hashKey(secret),
      scopes: [...new Set(input.scopes)],
    })
    .returning();
  if (!row) throw new Error("api key insert returned nothing");
  return { key: view(row, { allowed, banned: false }), secret };
}

/** Revokes one of the user's keys (again: no change); another user's key is "not found". */
export async function revokeApiKey(db: Database, userId: string, keyId: string | undefined) {
  const id = keyId && /^[0-9a-f-]{36}$/i.test(keyId) ? keyId : null;
  if (!id) throw new DomainError("not_found", apiKeyMessages.notFound);
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  if (!row) throw new DomainError("not_found", apiKeyMessages.notFound);
  const [owner] = await db.select({ bannedAt: user.bannedAt }).from(user).where(eq(user.id, userId));
  return { key: view(row, { allowed: await allowedScopes(db, userId), banned: Boolean(owner?.bannedAt) }) };
}

/**
 * Who an API key acts for, as the holder stands now: their user and the scopes the key names that their account may
 * still use (`lapsed`: the ones it no longer may, such as an admin's after their rights were revoked).
 */
export type KeyHolder = {
  keyId: string;
  scopes: ApiKeyScope[];
  lapsed: ApiKeyScope[];
  user: { id: string; email: string; userType: "artist" | "promoter" };
};

/**
 * The key's holder, checked at every request rather than when the key was made: null for an unknown or revoked key
 * or a deleted account; `suspended` while the account is banned (the key works again when the ban is lifted).
 */
export async function authenticateApiKey(
  db: Database,
  secret: string,
): Promise<{ holder: KeyHolder } | { suspended: { keyId: string } } | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      userId: user.id,
      email: user.email,
      userType: user.user_type,
      bannedAt: user.bannedAt,
      isAdmin: sql<boolean>`${admins.authUserId} is not null`,
      promotes: sql<boolean>`${promoters.id} is not null`,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .leftJoin(admins, eq(admins.authUserId, user.id))
    .leftJoin(promoters, eq(promoters.authUserId, user.id))
    .where(and(eq(apiKeys.hash, hashKey(secret)), isNull(apiKeys.revokedAt), isNull(user.deletedAt)));
  if (!row) return null;
  if (row.bannedAt) return { suspended: { keyId: row.keyId } };
  // Last use to the minute: one write a minute per key at most, not one per request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.keyId));
  }
  const allowed = scopesFor({ userType: row.userType, isAdmin: Boolean(row.isAdmin), promotes: Boolean(row.promotes) });
  return {
    holder: {
      keyId: row.keyId,
      scopes: row.scopes.filter((scope) => allowed.includes(scope)),
      lapsed: row.scopes.filter((scope) => !allowed.includes(scope)),
      user: { id: row.userId, email: row.email, userType: row.userType },
    },
  };
}

/** Removes the record of requests made with keys older than API_KEY_REQUEST_RETENTION_DAYS; returns how many. */
export async function pruneApiKeyRequests(db: Database): Promise<number> {
  const removed = await db
    .delete(apiKeyRequests)
    .where(lt(apiKeyRequests.createdAt, sql`now() - make_interval(days => ${API_KEY_REQUEST_RETENTION_DAYS})`))
    .returning({ id: apiKeyRequests.id });
  return removed.length;
}
