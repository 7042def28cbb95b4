import type { ApiKeyScope } from "../api-keys.js";
import type { ApiKeyStatus } from "../vocabulary.js";
import { get, post } from "./contract.js";

/** The signed-in user's API keys (settings): never the secret, which is shown once, when created. */
export type ApiKeyView = {
  id: string;
  name: string;
  /** The key's first characters, to recognise it (`fb_Ab12Cd…`). */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Scopes the key names that its holder's account may no longer use (an admin's rights revoked): they do nothing. */
  lapsed_scopes: ApiKeyScope[];
  status: ApiKeyStatus;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export const apiKeysApi = {
  list: get<{ keys: ApiKeyView[]; scopes: ApiKeyScope[] }>()("/api/account/api-keys"),
  /** `secret`: the whole key, answered this once only. */
  create: post<{ key: ApiKeyView; secret: string }, { name: string; scopes: ApiKeyScope[] }>()("/api/account/api-keys"),
  revoke: post<{ key: ApiKeyView }>()("/api/account/api-keys/:id/revoke"),
} as const;
