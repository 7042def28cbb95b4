import Bowser from "bowser";
import type { AgentDevice, AgentEngine, AgentFamily } from "../../core/click-evidence.js";
import { evictOldest } from "../evict-oldest.js";

/**
 * What a user agent says it is (PRODUCT.md Fraud engine): an app's in-app browser, a link previewer, or a browser of a
 * family, version, engine and kind of device. In-app browsers are people: their user agents carry words previewers
 * use too ("Pinterest", "Snapchat", "Teams"), so each app is matched by its own token first, and previewers by theirs.
 */

/** The in-app browsers of the apps fans open links in, each by the token its app adds to the system browser's agent. */
export const inAppBrowsers: ReadonlyArray<{ app: string; token: RegExp }> = [
  { app: "Instagram", token: /\bInstagram \d/ },
  { app: "Facebook", token: /\bFBAN\/|\bFBAV\/|\bFB_IAB\// },
  { app: "TikTok", token: /\bmusical_ly_|\bBytedanceWebview\/|\btrill_\d|\bTikTok\b/ },
  { app: "X", token: /\bTwitter for iPhone\b|\bTwitterAndroid\b/ },
  { app: "Snapchat", token: /\bSnapchat\/\d/ },
  { app: "Pinterest", token: /\[Pinterest\/(iOS|Android)\]/ },
  { app: "LINE", token: /\bLine\/\d/ },
  { app: "KakaoTalk", token: /\bKAKAOTALK\b/ },
  { app: "Reddit", token: /\bReddit\/Version\b/ },
  { app: "Discord", token: /\bDiscord\/\d/ },
  { app: "Teams", token: /\bTeams\/\d/ },
  { app: "Outlook", token: /\bOutlook-(iOS|Android)\// },
  { app: "WeChat", token: /\bMicroMessenger\/\d/ },
  { app: "Telegram", token: /\bTelegram-Android\/\d/ },
];

/**
 * Link previewers that fetch a shared link to draw a card, each by its own token: none of them is a person clicking.
 * Apple's iMessage previewer announces itself with Facebook's and Twitter's tokens.
 */
const linkPreviewers =
  /facebookexternalhit|\bfacebot\b|twitterbot|slackbot|slack-imgproxy|discordbot|^WhatsApp\/|telegrambot|linkedinbot|skypeuripreview|pinterestbot|redditbot|embedly|iframely|vkshare|applebot|google-pagerenderer|bitlybot|tumblr|mastodon\/|cardyb|bluesky|viber|line-poker|kakaotalk-scrap|zoominfobot|microsoftpreview|bingpreview|snap url preview|yahoo.*slurp/i;

export const isLinkPreviewer = (userAgent: string) => linkPreviewers.test(userAgent);

/** The app whose in-app browser sent this agent, or null. */
export function inAppBrowserOf(userAgent: string): string | null {
  for (const browser of inAppBrowsers) if (browser.token.test(userAgent)) return browser.app;
  return null;
}

/** What an agent claims, parsed by `bowser` (MIT): its browser family and major version, engine and kind of device. */
export type AgentClaim = {
  family: AgentFamily;
  version: number | null;
  engine: AgentEngine;
  device: AgentDevice;
  inApp: string | null;
  /** An Android WebView (`; wv)`): an app's page, which may not send a browser's client hints. */
  webView: boolean;
};

const families: Record<string, AgentFamily> = {
  Chrome: "Chrome",
  Chromium: "Chrome",
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung",
  Opera: "Opera",
  Safari: "Safari",
  Firefox: "Firefox",
};
const engines: Record<string, AgentEngine> = { Blink: "Blink", WebKit: "WebKit", Gecko: "Gecko" };
const devices = new Set(["mobile", "tablet", "desktop"]);

/** Parsing costs about 50 µs; the agents a campaign sees are few, so each is parsed once. */
const claims = new Map<string, AgentClaim>();
const CLAIMS_KEPT = 10_000;

const noClaim: AgentClaim = Object.freeze({
  family: "Other",
  version: null,
  engine: "Other",
  device: "other",
  inApp: null,
  webView: false,
});

export function agentClaim(userAgent: string): AgentClaim {
  const known = claims.get(userAgent);
  if (known) return known;
  // Bowser refuses an empty agent; it claims nothing.
  if (userAgent === "") return noClaim;
  const parsed = Bowser.parse(userAgent);
  const major = Number.parseInt(parsed.browser.version ?? "", 10);
  const device = parsed.platform.type ?? "";
  const claim: AgentClaim = {
    family: families[parsed.browser.name ?? ""] ?? "Other",
    version: Number.isFinite(major) ? major : null,
    engine: engines[parsed.engine.name ?? ""] ?? "Other",
    device: devices.has(device) ? (device as AgentDevice) : "other",
    inApp: inAppBrowserOf(userAgent),
    webView: /; wv\)/.test(userAgent),
  };
  if (claims.size >= CLAIMS_KEPT) evictOldest(claims, CLAIMS_KEPT);
  claims.set(userAgent, claim);
  return claim;
}
