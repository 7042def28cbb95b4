import { type Context, Hono } from "hono";
import type { Guards } from "../accounts/guards.js";
import type { AppEnv } from "../http/app-env.js";
import { requestHeader, socketAddress } from "../http/node-request.js";
import { type TrackDeps, trackClick } from "./track-click.js";
import { countdownScriptHash, renderTrackingPage } from "./tracking-page.js";

export type TrackingRouteDeps = TrackDeps & {
  guards: Guards;
  countryHeader: string | undefined;
  publicUrl: string;
  resolveClientIp: (socket: string | undefined, forwardedFor: string | undefined) => string | undefined;
};

/**
 * The tracking page's headers, computed once: a strict CSP that allows only the inline styles and the countdown
 * script (by hash), no caching, and the app's other security headers.
 */
function trackingHeaders(publicUrl: string): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=UTF-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; script-src ${countdownScriptHash}; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(publicUrl.startsWith("https:") ? { "Strict-Transport-Security": "max-age=15552000; includeSubDomains" } : {}),
  };
}

/**
 * `/t/{code}` and `/track/{code}`: decided and recorded on the server, answered with a small HTML page. Mounted
 * ahead of the app-wide middleware (request ids, per-request loggers, nonces): a viral link is the hottest path,
 * and every click is already recorded with its verdict in `click_events`.
 */
export function trackingRoutes(deps: TrackingRouteDeps) {
  const app = new Hono<AppEnv>();
  const headers = trackingHeaders(deps.publicUrl);
  const handle = async (c: Context<AppEnv>) => {
    const viewer = await deps.guards.sessionUser(c);
    const { status, page, verdict } = await trackClick(deps, {
      shortCode: (c.req.param() as Record<string, string | undefined>).code,
      method: c.req.method,
      ip: deps.resolveClientIp(socketAddress(c.env), requestHeader(c, "x-forwarded-for")),
      userAgent: requestHeader(c, "user-agent"),
      acceptLanguage: requestHeader(c, "accept-language"),
      referrer: requestHeader(c, "referer"),
      country: deps.countryHeader ? requestHeader(c, deps.countryHeader) : undefined,
      viewerUserId: viewer?.id,
    });
    const html = renderTrackingPage(page, { siteUrl: deps.publicUrl });
    return new Response(c.req.method === "HEAD" ? null : html, {
      status,
      headers: verdict ? { ...headers, "X-Click-Verdict": verdict } : headers,
    });
  };
  for (const prefix of ["/t", "/track"]) {
    app.on(["GET", "HEAD"], prefix, handle);
    app.on(["GET", "HEAD"], `${prefix}/`, handle);
    app.on(["GET", "HEAD"], `${prefix}/:code`, handle);
  }
  return app;
}
