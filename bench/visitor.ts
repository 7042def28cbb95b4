/**
 * The browser the tracking benches' visitors say they are (a real browser's agent, so no bot verdict). This module
 * imports nothing: the load client, a process of its own, starts with it alone.
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
