/**
 * The browser the tracking benches' visitors say they are (a real browser's agent, so no bot verdict). This module
 * imports nothing: the load client, a process of its own, starts with it alone.
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * What that browser sends beside its agent when a person taps a link to the tracking page on another site: its client
 * hints, its Fetch Metadata for a navigation the person started, its language and the site it came from. Without them
 * the request would contradict itself as a script's does (fraud/request-facts.ts), and no real visitor's would.
 */
export const BROWSER_HEADERS = {
  "User-Agent": BROWSER_USER_AGENT,
  "Sec-CH-UA": '"Chromium";v="140", "Google Chrome";v="140", "Not.A/Brand";v="99"',
  "Sec-CH-UA-Mobile": "?0",
  "Sec-CH-UA-Platform": '"Linux"',
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-User": "?1",
  "Sec-Fetch-Dest": "document",
  "Accept-Language": "en-US,en;q=0.9",
  Referer: "https://l.instagram.com/",
} as const;
