import { createHash, hash } from "node:crypto";
import { isbot } from "isbot";
import { inAppBrowserOf, isLinkPreviewer } from "./browsers.js";

/** A few browsers send most clicks: their verdicts are remembered instead of running the crawler patterns again. */
const botVerdicts = new Map<string, boolean>();
const BOT_VERDICTS_KEPT = 5_000;

/**
 * bot: HEAD requests, no user agent, known crawlers (isbot) and link previewers (PRODUCT.md); an app's in-app browser
 * is a person, whatever words its agent shares with previewers (browsers.ts).
 */
export function isBotRequest(method: string, userAgent: string | undefined): boolean {
  if (method === "HEAD") return true;
  return isBotUserAgent(userAgent);
}

/** The user agent alone says bot: none at all, a known crawler or a link previewer, and no in-app browser. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? "";
  if (agent === "") return true;
  const known = botVerdicts.get(agent);
  if (known !== undefined) return known;
  const bot = inAppBrowserOf(agent) === null && (isLinkPreviewer(agent) || isbot(agent));
  if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear();
  botVerdicts.set(agent, bot);
  return bot;
}

/** What a request says of why it was made: Fetch Metadata and the prefetch headers browsers send. */
export type RequestPurpose = {
  /** `Sec-Fetch-Dest`: what the response is for (`document`, `image`, `iframe`, `script`, ...). */
  dest: string | undefined;
  /** `Sec-Fetch-Mode`: `navigate` for a page load, `cors`/`no-cors` for a script's or an element's fetch. */
  mode: string | undefined;
  /** `Sec-Purpose`, `Purpose`, `X-Moz` or `X-Purpose`: `prefetch`, `prerender` or `preview` when speculative. */
  purpose: string | undefined;
};

const speculative = /prefetch|prerender|preview/i;

/**
 * Only a person opening the link counts (PRODUCT.md Clicks): a top-level navigation. A request whose Fetch Metadata
 * says an element or a script loaded it (an `<img>`, `<iframe>`, `<link rel=prefetch>`, `fetch()`), or that the
 * browser prefetched it, is not one. Without Fetch Metadata (older browsers, plain HTTP clients) the other rules
 * decide; `Sec-Fetch-User` is not required, as a scripted redirect leaves it out.
 */
export function isNotNavigation(request: RequestPurpose): boolean {
  if (request.purpose !== undefined && speculative.test(request.purpose)) return true;
  if (request.dest !== undefined && request.dest !== "document") return true;
  return request.mode !== undefined && request.mode !== "navigate";
}

/** Texts of up to this many UTF-16 units are hashed from `oneShotHmac`'s own buffer (at most 3 UTF-8 bytes each). */
const HMAC_TEXT_IN_PLACE = 128;

/**
 * HMAC-SHA256 under `key` (at most 64 bytes), spelled out with the one-shot `hash`: a third of the cost of `createHmac`
 * on the click path, the same values. The padded key and the text, then the outer padded key and the inner digest, are
 * written into two buffers made once: a call takes no new buffer memory, only a view of the first and the inner
 * digest's hex (ADR 033 cut 9). A longer text is joined to the padded key in a new buffer.
 */
export function oneShotHmac(key: Buffer): (text: string) => string {
  const padded = (byte: number, size: number) => {
    const block = Buffer.alloc(size, byte);
    for (const [index, value] of key.entries()) block[index] = value ^ byte;
    return block;
  };
  const inner = padded(0x36, 64 + HMAC_TEXT_IN_PLACE * 3);
  const innerKey = inner.subarray(0, 64);
  const outer = padded(0x5c, 64 + 32);
  return (text) => {
    const message =
      text.length <= HMAC_TEXT_IN_PLACE
        ? inner.subarray(0, 64 + inner.write(text, 64, "utf8"))
        : Buffer.concat([innerKey, Buffer.from(text)]);
    outer.write(hash("sha256", message, "hex"), 64, "hex");
    return hash("sha256", outer, "base64url");
  };
}

/**
 * Keyed hash of the address: de-duplication keeps working after the raw address is cleared. The hashes of the last
 * `remembered` addresses are kept: an address that clicks again is not hashed again.
 */
export function createIpHasher(secret: string, remembered = 20_000) {
  const hmac = oneShotHmac(createHash("sha256").update(`fanboost-ip-hash:${secret}`).digest());
  const recent = new Map<string, string>();
  return (ip: string) => {
    const known = recent.get(ip);
    if (known !== undefined) return known;
    const digest = hmac(ip);
    if (recent.size >= remembered) recent.clear();
    recent.set(ip, digest);
    return digest;
  };
}

/** Fingerprint (SPEC.md section 9): user agent, accept-language and the address's network (its /24 or /48). */
export function fingerprintOf(
  userAgent: string | undefined,
  acceptLanguage: string | undefined,
  network: string,
): string {
  return hash("sha256", `${userAgent ?? ""}\n${acceptLanguage ?? ""}\n${network}`, "base64url").slice(0, 22);
}
