import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env.js";
import { requestHeader, socketAddress } from "../http/node-request.js";
import type { ClickHandler } from "./click-handler.js";

/**
 * `/t/{code}` and `/track/{code}` as Hono routes, for `app.fetch` callers. A Node server answers them earlier, in
 * `clickFastPath`, with the same handler (ADR 010). Mounted ahead of the app-wide middleware (ADR 008).
 */
export function trackingRoutes(handle: ClickHandler) {
  const app = new Hono<AppEnv>();
  const route = async (c: Context<AppEnv>) => {
    const { status, headers, body } = await handle({
      method: c.req.method,
      shortCode: (c.req.param() as Record<string, string | undefined>).code,
      socketAddress: socketAddress(c.env),
      header: (name) => requestHeader(c, name),
    });
    return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
  };
  for (const prefix of ["/t", "/track"]) {
    app.on(["GET", "HEAD"], prefix, route);
    app.on(["GET", "HEAD"], `${prefix}/`, route);
    app.on(["GET", "HEAD"], `${prefix}/:code`, route);
  }
  return app;
}
