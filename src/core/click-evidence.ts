/**
 * What a click keeps beside its verdict as evidence (PRODUCT.md Fraud engine): the request's own facts, stored with
 * the click, and what the tracking page's script found, stored when it confirms the visit. Short keys: one per click.
 */

export type AgentFamily = "Chrome" | "Edge" | "Samsung" | "Opera" | "Safari" | "Firefox" | "Other";
export type AgentEngine = "Blink" | "WebKit" | "Gecko" | "Other";
export type AgentDevice = "mobile" | "tablet" | "desktop" | "other";

/** The request's facts (`click_events.request`). */
export type StoredRequest = {
  /** Browser family and major version, engine and kind of device, as the agent claims them; the in-app browser's app. */
  b: AgentFamily;
  v: number | null;
  e: AgentEngine;
  d: AgentDevice;
  i: string | null;
  /** An Android WebView: an app's page, which may send no client hints. */
  w: boolean;
  /** Client hints: `Sec-CH-UA`, `-Mobile`, `-Platform`. */
  ch: string | null;
  chm: string | null;
  chp: string | null;
  /** Fetch Metadata: site, mode, user activation (`?1`), destination. */
  fs: string | null;
  fm: string | null;
  fu: boolean;
  fd: string | null;
  /** The first language the browser asks for (`en`), and the referrer's host (`instagram.com`). */
  l: string | null;
  r: string | null;
};

/** What the page's script found in the browser (`click_events.page_evidence`), sent with the visit's confirmation. */
export type PageEvidence = {
  /** The automation or headless browser a detector recognised (BotD's kind), or null. */
  bot: string | null;
  /** `navigator.webdriver`. */
  webdriver: boolean;
  /** The browser's own claims (`navigator.userAgentData`): mobile, platform. */
  mobile: boolean | null;
  platform: string | null;
  /** Screen and window, in CSS pixels; the time zone; the languages. */
  screen: string | null;
  timezone: string | null;
  languages: string | null;
};

/** Where the server puts the day's key in the page's script (`/visit.js`) as it serves it. */
export const VISIT_KEY_PLACEHOLDER = "__FANBOOST_VISIT_KEY__";
/** The event by which a challenged visit's page hands its token to the page's script once the check is solved. */
export const CONFIRM_EVENT = "fanboost:confirm";
/** The longest evidence a confirmation may carry, as JSON. */
export const MAX_EVIDENCE_CHARS = 1_000;

/**
 * What the proof hashes (SHA-256, hex): the token from the page, the key from the script and the evidence as sent, so
 * a client that read the page without running the script cannot make it, nor change the evidence after the fact.
 */
export const visitProofInput = (token: string, key: string, evidence: string) => `${token}.${key}.${evidence}`;
