import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.js";
import { errorBody } from "./error-body.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API calls that a browser made from another site. Calls without an Origin header
 * (server-to-server, such as payment webhooks) are left to their own authentication.
 */
export function refuseForeignOrigins(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins);
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const crossSite = c.req.header("sec-fetch-site") === "cross-site";
    if ((origin && !allowed.has(origin)) || crossSite) {
      return c.json(errorBody("forbidden", "Requests from other sites are not allowed"), 403);
    }
    return next();
  };
}
