import { type Context, Hono } from "hono";
import type { Guards } from "../accounts/guards.js";
import type { AppEnv } from "../http/app-env.js";
import { type TrackDeps, trackClick } from "./track-click.js";
import { renderTrackingPage } from "./tracking-page.js";

/** `/t/{code}` and `/track/{code}`: decided and recorded on the server, answered with a small HTML page. */
export function trackingRoutes(
  deps: TrackDeps & { guards: Guards; countryHeader: string | undefined; publicUrl: string },
) {
  const app = new Hono<AppEnv>();
  const handle = async (c: Context<AppEnv>) => {
    const viewer = await deps.guards.sessionUser(c);
    const { status, page, verdict } = await trackClick(deps, {
      shortCode: (c.req.param() as Record<string, string | undefined>).code,
      method: c.req.method,
      ip: c.get("clientIp"),
      userAgent: c.req.header("user-agent"),
      acceptLanguage: c.req.header("accept-language"),
      referrer: c.req.header("referer"),
      country: deps.countryHeader ? c.req.header(deps.countryHeader) : undefined,
      viewerUserId: viewer?.id,
    });
    c.header("Cache-Control", "no-store");
    if (verdict) c.header("X-Click-Verdict", verdict);
    const html = renderTrackingPage(page, { nonce: c.get("secureHeadersNonce"), siteUrl: deps.publicUrl });
    return c.html(html, status as 200);
  };
  for (const prefix of ["/t", "/track"]) {
    app.on(["GET", "HEAD"], prefix, handle);
    app.on(["GET", "HEAD"], `${prefix}/`, handle);
    app.on(["GET", "HEAD"], `${prefix}/:code`, handle);
  }
  return app;
}
