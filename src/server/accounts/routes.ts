import { Hono } from "hono";
import type { z } from "zod";
import { fieldErrors, signInSchema, signUpSchema } from "../../core/auth-rules.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { errorBody } from "../http/error-body.js";
import { loadAccount } from "./account.js";
import { type Auth, CLIENT_IP_HEADER } from "./auth.js";
import type { Guards } from "./guards.js";

/** Our validation (SPEC.md's messages) runs before Better Auth sees these bodies. */
const bodyRules: Record<string, (body: unknown) => z.ZodSafeParseResult<Record<string, unknown>>> = {
  "/api/auth/sign-up/email": (body) => {
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) return parsed;
    const value = parsed.data;
    const name = value.name || `${value.first_name} ${value.last_name}`;
    const artistName = value.user_type === "artist" ? value.artist_name : undefined;
    const socialHandle = value.user_type === "promoter" ? value.social_handle : undefined;
    return { success: true, data: { ...value, name, artist_name: artistName, social_handle: socialHandle } };
  },
  "/api/auth/sign-in/email": (body) => signInSchema.safeParse(body),
};

export function accountRoutes(auth: Auth, db: Database, guards: Guards) {
  const app = new Hono<AppEnv>();

  /** Who is signed in: the account, or null when nobody is (not an error, so no 401 noise on every page). */
  app.get("/me", async (c) => {
    const user = await guards.sessionUser(c);
    return c.json(user ? ((await loadAccount(db, user.id)) ?? null) : null);
  });

  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const clientIp = c.get("clientIp");
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);

    let body: string | undefined;
    const rule = c.req.method === "POST" ? bodyRules[c.req.path] : undefined;
    if (rule) {
      const parsed = rule(await c.req.json().catch(() => ({})));
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        return c.json(errorBody("validation", Object.values(fields)[0] ?? "Invalid input", fields), 400);
      }
      body = JSON.stringify(parsed.data);
      headers.delete("content-length");
    } else if (c.req.method === "POST") {
      body = await c.req.text();
    }
    return auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  });

  return app;
}
