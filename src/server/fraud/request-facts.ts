import type { StoredRequest } from "../../core/click-evidence.js";
import { type ClickReason, clickReason } from "../../core/vocabulary.js";
import { agentClaim } from "./browsers.js";

/**
 * The request's own consistency (PRODUCT.md Fraud engine): what a visit's headers say beside its user agent. A farm
 * that rents home addresses still sends what its tool sends: a Chrome agent from a client that sends no client hints,
 * a Safari or Firefox agent with Chromium's hints, a phone's agent from a desktop, a navigation no person started. Each
 * contradiction is a reason code on the click (evidence, not a verdict); the link's share of them feeds its risk.
 */

/** The headers a tracking request is judged by, as the click handler read them. */
export type RequestHeaders = {
  userAgent: string;
  clientHints: string | undefined;
  clientHintsMobile: string | undefined;
  clientHintsPlatform: string | undefined;
  fetchSite: string | undefined;
  fetchMode: string | undefined;
  fetchUser: string | undefined;
  fetchDest: string | undefined;
  acceptLanguage: string | undefined;
  referrer: string | undefined;
};

/** Chromium sends its low-entropy client hints to secure origins from version 89. */
const HINTS_FROM_VERSION = 89;
const BRAND_VERSION = /"(?:Chromium|Google Chrome|Microsoft Edge|Opera|Samsung Internet)";v="(\d+)"/;
const none: readonly ClickReason[] = Object.freeze([]);

const clip = (value: string | undefined, length: number) => (value ? value.slice(0, length) : null);

function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  const start = referrer.indexOf("//");
  if (start < 0) return null;
  const rest = referrer.slice(start + 2);
  const end = rest.search(/[/:?#]/);
  const host = (end < 0 ? rest : rest.slice(0, end)).toLowerCase();
  return host.startsWith("www.") ? host.slice(4) : host || null;
}

const languageOf = (acceptLanguage: string | undefined) =>
  acceptLanguage ? (/^\s*([A-Za-z]{2,3})/.exec(acceptLanguage)?.[1]?.toLowerCase() ?? null) : null;

export function storedRequest(headers: RequestHeaders): StoredRequest {
  const claim = agentClaim(headers.userAgent);
  return {
    b: claim.family,
    v: claim.version,
    e: claim.engine,
    d: claim.device,
    i: claim.inApp,
    w: claim.webView,
    ch: clip(headers.clientHints, 200),
    chm: clip(headers.clientHintsMobile, 4),
    chp: clip(headers.clientHintsPlatform, 40),
    fs: clip(headers.fetchSite, 20),
    fm: clip(headers.fetchMode, 20),
    fu: headers.fetchUser === "?1",
    fd: clip(headers.fetchDest, 20),
    l: languageOf(headers.acceptLanguage),
    r: referrerHost(headers.referrer)?.slice(0, 100) ?? null,
  };
}

/**
 * The contradictions in a request: hints a WebKit or Gecko browser never sends, or of another version than its agent
 * (`hints_contradict`); a phone's agent with a desktop's hint or the reverse (`mobile_contradicts`); a Chromium agent
 * from 89 on, not an app's WebView, sending no hints to a secure origin (`hints_missing`); and a cross-site
 * navigation no person started (`no_activation`: no `Sec-Fetch-User`, as when a page sends its visitor on unasked).
 */
export function consistencyReasons(request: StoredRequest, secureOrigin: boolean): readonly ClickReason[] {
  const hints = hintsReason(request, secureOrigin);
  const mobile =
    (request.chm === "?0" && request.d === "mobile") || (request.chm === "?1" && request.d === "desktop")
      ? clickReason.mobile_contradicts
      : null;
  const forced =
    request.fs === "cross-site" && request.fm === "navigate" && request.fd === "document" && !request.fu
      ? clickReason.no_activation
      : null;
  // Most requests contradict nothing: they share one empty list and make no closure (tsx names each one, per call).
  if (hints === null && mobile === null && forced === null) return none;
  return [hints, mobile, forced].filter((reason) => reason !== null);
}

/** What the client hints say against the agent: another engine's or version's (`hints_contradict`), or none at all. */
function hintsReason(request: StoredRequest, secureOrigin: boolean): ClickReason | null {
  if (request.ch !== null) {
    const brandVersion = BRAND_VERSION.exec(request.ch)?.[1];
    const otherVersion = brandVersion !== undefined && request.v !== null && Number(brandVersion) !== request.v;
    return request.e !== "Blink" || brandVersion === undefined || otherVersion ? clickReason.hints_contradict : null;
  }
  const hintsExpected =
    secureOrigin &&
    request.e === "Blink" &&
    request.v !== null &&
    request.v >= HINTS_FROM_VERSION &&
    request.i === null &&
    !request.w;
  return hintsExpected ? clickReason.hints_missing : null;
}
