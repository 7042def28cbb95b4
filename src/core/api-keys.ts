import type { ApiKeyStatus } from "./vocabulary.js";

/**
 * API keys (PRODUCT.md Integrations): what each scope lets a key do, and which roles may give a key which scope. The
 * settings page and the server read the same lists from here.
 */

export const apiKeyScopes = ["campaigns:read", "campaigns:write", "links:read", "payouts:read"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  "campaigns:read": "Read my campaigns and their analytics",
  "campaigns:write": "Create campaigns (drafts, paid in the app)",
  "links:read": "Read my tracking links and earnings",
  "payouts:read": "Read every payout (admins)",
};

/**
 * The scopes an account may put on its keys: its own data only (campaigns for an artist, tracking links for whoever
 * promotes: a promoter, or an artist who joined another's campaign), and the payout list for admins.
 */
export function scopesFor(account: {
  userType: "artist" | "promoter";
  isAdmin: boolean;
  promotes: boolean;
}): ApiKeyScope[] {
  return apiKeyScopes.filter((scope) => {
    if (scope === "links:read") return account.userType === "promoter" || account.promotes;
    if (scope === "payouts:read") return account.isAdmin;
    return account.userType === "artist";
  });
}

export const apiKeyStatusLabels: Record<ApiKeyStatus, string> = {
  active: "Active",
  suspended: "Suspended while your account is banned",
  revoked: "Revoked",
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "fb_";
/**
 * Requests a minute one key may make: a bucket of this many, refilled evenly over the minute (two a second). A burst
 * takes at most the bucket, wherever a minute begins; steady use gets this many a minute.
 */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Days each request made with a key (its route, answer and address) is kept for audit. */
export const API_KEY_REQUEST_RETENTION_DAYS = 90;
/** Keys one account may hold at once (revoked ones not counted). */
export const API_KEYS_PER_ACCOUNT = 20;

export const apiKeyMessages = {
  nameRequired: "Give the key a name, such as the tool that will use it",
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesRequired: "Choose at least one thing the key may do",
  scopeNotYours: (scope: string) => `Your account cannot give a key the scope ${scope}`,
  tooMany: `You have ${API_KEYS_PER_ACCOUNT} keys: revoke one you no longer use first`,
  notFound: "No such key",
  missing: "Send your API key as Authorization: Bearer fb_…",
  invalid: "This API key is not valid, or was revoked",
  suspended: "This API key's account is banned: its keys work again if the ban is lifted",
  scopeMissing: (scope: string) => `This API key lacks the scope ${scope}`,
  scopeLapsed: (scope: string) => `This API key's account may no longer use the scope ${scope}`,
  rateLimited: `Too many requests with this API key: at most ${API_KEY_REQUESTS_PER_MINUTE} a minute. Try again shortly.`,
} as const;
