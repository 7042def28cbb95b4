import { Hono } from "hono";
import { z } from "zod";
import { accountsApi } from "../../core/api/accounts.js";
import { authMessages, PASSWORD_MAX_LENGTH } from "../../core/auth-rules.js";
import type { Auth } from "../accounts/auth.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { ServerContext } from "../context/server-context.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import { deleteAccount } from "./delete-account.js";

const deleteAccountBody = z.object({
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
});

export function accountDeletionRoutes(deps: { auth: Auth; context: ServerContext; guards: Guards }) {
  const { auth, context, guards } = deps;
  const app = new Hono<AppEnv>();
  /** Deletes the signed-in account (its password confirms it); its sessions go with it. */
  app.post(routePath(accountsApi.deleteAccount), guards.requireUser, validate("json", deleteAccountBody), async (c) => {
    await deleteAccount(context, auth, currentUser(c).id, c.req.valid("json").password);
    return c.json(reply(accountsApi.deleteAccount, { ok: true }));
  });
  return app;
}
