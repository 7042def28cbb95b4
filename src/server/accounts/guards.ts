import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { errorBody } from "../http/error-body.js";
import { requestHeader } from "../http/node-request.js";
import type { SessionUser } from "../http/session-user.js";
import { isAdmin } from "./admins.js";
import type { Auth } from "./auth.js";

export const authRequiredMessage = "Authentication required";

export type Guards = ReturnType<typeof createGuards>;

/** Server-side authorization: the session cookie decides, never browser storage. */
export function createGuards(auth: Auth, db: Database) {
  /** The user a request's cookie header signs in, or null. Anonymous traffic (no cookie) skips the lookup. */
  const userFromCookie = async (cookie: string | undefined): Promise<SessionUser | null> => {
    const result = cookie ? await auth.api.getSession({ headers: new Headers({ cookie }) }) : null;
    return result
      ? {
          id: result.user.id,
          email: result.user.email,
          name: result.user.name,
          userType: result.user.user_type === "artist" ? "artist" : "promoter",
          emailVerified: result.user.emailVerified,
          sessionId: result.session.id,
        }
      : null;
  };

  /** The signed-in user of this request, or null; looked up once per request. */
  const sessionUser = async (c: Context<AppEnv>): Promise<SessionUser | null> => {
    const cached = c.get("user");
    if (cached !== undefined) return cached;
    const value = await userFromCookie(requestHeader(c, "cookie"));
    c.set("user", value);
    return value;
  };

  const guard =
    (check: (user: SessionUser) => Promise<string | null> | string | null): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const current = await sessionUser(c);
      if (!current) return c.json(errorBody("unauthorized", authRequiredMessage), 401);
      const refusal = await check(current);
      if (refusal) return c.json(errorBody("forbidden", refusal), 403);
      await next();
    };

  return {
    sessionUser,
    userFromCookie,
    /** 401 unless signed in. */
    requireUser: guard(() => null),
    /** 401 unless signed in, 403 unless an artist account. */
    requireArtist: guard((user) => (user.userType === "artist" ? null : "Only artist accounts can do this")),
    /** 401 unless signed in, 403 unless an admin. */
    requireAdmin: guard(async (user) => ((await isAdmin(db, user.id)) ? null : "Admin access required")),
  };
}

/** The user a guard let through. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new Error("currentUser used on a route without a guard");
  return user;
}
