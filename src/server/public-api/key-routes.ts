import { Hono } from "hono";
import { z } from "zod";
import { apiKeysApi } from "../../core/api/api-keys.js";
import { API_KEY_NAME_MAX_LENGTH, apiKeyMessages, apiKeyScopes } from "../../core/api-keys.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.js";

const createKeyBody = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, apiKeyMessages.nameTooLong),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: apiKeyMessages.scopesRequired }), { error: apiKeyMessages.scopesRequired })
    .min(1, apiKeyMessages.scopesRequired)
    .max(apiKeyScopes.length),
});

/** The signed-in user's API keys, in settings: list, create (the secret answered once), revoke. */
export function apiKeyRoutes(deps: { db: Database; guards: Guards }) {
  const { db, guards } = deps;
  const app = new Hono<AppEnv>();
  app.get(routePath(apiKeysApi.list), guards.requireUser, async (c) =>
    c.json(reply(apiKeysApi.list, await listApiKeys(db, currentUser(c).id))),
  );
  app.post(routePath(apiKeysApi.create), guards.requireUser, validate("json", createKeyBody), async (c) =>
    c.json(reply(apiKeysApi.create, await createApiKey(db, currentUser(c).id, c.req.valid("json"))), 201),
  );
  app.post(routePath(apiKeysApi.revoke), guards.requireUser, async (c) =>
    c.json(reply(apiKeysApi.revoke, await revokeApiKey(db, currentUser(c).id, c.req.param("id")))),
  );
  return app;
}
