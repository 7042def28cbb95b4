import type { SessionUser } from "../http/session-user.js";
import type { Logger } from "../logger.js";
import { type TrackDeps, trackClick, trackingMessages } from "./track-click.js";
import { createTrackingPageRenderer, trackingScriptHashes } from "./tracking-page.js";

/** A tracking request as both HTTP adapters see it (the Hono route and the Node fast path). */
export type ClickHttpRequest = {
  method: string;
  /** The path segment after /t/ or /track/, decoded; undefined when there is none. */
  shortCode: string | undefined;
  socketAddress: string | undefined;
  /** A request header by its lower-case name. */
  header: (name: string) => string | undefined;
};

export type ClickHttpResponse = {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Buffer<ArrayBuffer>;
};

export type ClickHandlerDeps = TrackDeps & {
  log: Logger;
  userFromCookie: (cookie: string | undefined) => Promise<SessionUser | null>;
  countryHeader: string | undefined;
  /** The country of an address from the shipped database, when no proxy header says it. */
  countryOf: (ip: string) => string | undefined;
  publicUrl: string;
  resolveClientIp: (socket: string | undefined, forwardedFor: string | undefined) => string | undefined;
  /** EXPOSE_CLICK_VERDICTS: name the verdict in an `X-Click-Verdict` header (the test and benchmark harnesses). */
  exposeVerdicts: boolean;
};

export type ClickHandler = (request: ClickHttpRequest) => Promise<ClickHttpResponse>;

/**
 * The tracking page's headers, computed once: a strict CSP that allows only the inline styles, the countdown and the
 * challenge solver (by hash) and the solver's call home, no caching, and the app's other security headers (ADR 008).
 */
function trackingHeaders(publicUrl: string): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=UTF-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; script-src 'self' ${trackingScriptHashes}; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(publicUrl.startsWith("https:") ? { "Strict-Transport-Security": "max-age=15552000; includeSubDomains" } : {}),
  };
}

/**
 * `/t/{code}` and `/track/{code}`: decides and records the click, then answers with the small tracking page. An
 * unexpected failure (the database unreachable, say) answers SPEC.md's error page, never a stack trace.
 */
export function createClickHandler(deps: ClickHandlerDeps): ClickHandler {
  const headers = trackingHeaders(deps.publicUrl);
  const render = createTrackingPageRenderer({ publicUrl: deps.publicUrl });
  // The header sets actually sent (a verdict and a page length) are few: each is built once.
  const headerSets = new Map<string, Readonly<Record<string, string>>>();
  const respond = (status: number, body: Buffer<ArrayBuffer>, shown?: string): ClickHttpResponse => {
    const verdict = deps.exposeVerdicts ? shown : undefined;
    const length = body.length;
    const key = `${verdict}|${length}`;
    let set = headerSets.get(key);
    if (!set) {
      if (headerSets.size >= 1_000) headerSets.clear();
      set = { ...headers, "Content-Length": String(length), ...(verdict ? { "X-Click-Verdict": verdict } : {}) };
      headerSets.set(key, set);
    }
    return { status, headers: set, body };
  };
  return async (request) => {
    try {
      const viewer = await deps.userFromCookie(request.header("cookie"));
      const ip = deps.resolveClientIp(request.socketAddress, request.header("x-forwarded-for"));
      // The trusted proxy's header when it sends one, else the address's country from the shipped database.
      const proxyCountry = deps.countryHeader ? request.header(deps.countryHeader) : undefined;
      const { status, page, verdict } = await trackClick(deps, {
        shortCode: request.shortCode,
        method: request.method,
        ip,
        userAgent: request.header("user-agent"),
        acceptLanguage: request.header("accept-language"),
        referrer: request.header("referer"),
        purpose: {
          dest: request.header("sec-fetch-dest"),
          mode: request.header("sec-fetch-mode"),
          purpose:
            request.header("sec-purpose") ??
            request.header("purpose") ??
            request.header("x-moz") ??
            request.header("x-purpose"),
        },
        evidence: {
          clientHints: request.header("sec-ch-ua"),
          clientHintsMobile: request.header("sec-ch-ua-mobile"),
          clientHintsPlatform: request.header("sec-ch-ua-platform"),
          fetchSite: request.header("sec-fetch-site"),
          fetchUser: request.header("sec-fetch-user"),
        },
        country: proxyCountry ?? (ip ? deps.countryOf(ip) : undefined),
        viewerUserId: viewer?.id,
      });
      return respond(status, render(page), verdict);
    } catch (error) {
      deps.log.error({ err: error, shortCode: request.shortCode }, "tracking request failed");
      const page = { kind: "error" as const, message: trackingMessages.unexpected };
      return respond(500, render(page));
    }
  };
}
