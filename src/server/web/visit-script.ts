import { Hono } from "hono";
import type { AppEnv } from "../http/app-env.js";
import { VISIT_SCRIPT_PATH } from "../tracking/tracking-page.js";
import { negotiateEncoding, type StaticAsset, staticAsset } from "./static-assets.js";

/**
 * The tracking page's script (web/visit) with the day's key in it (tracking/click-confirmations.ts). Cached for an
 * hour: a script kept over midnight still proves with yesterday's key.
 */
export function visitScriptRoute(script: () => string | null) {
  let served: { script: string; asset: StaticAsset } | undefined;
  return new Hono<AppEnv>().get(VISIT_SCRIPT_PATH, (c) => {
    const current = script();
    if (current === null) return c.text("The web app has not been built.", 404);
    // Compressed once a day, when the key changes.
    if (served?.script !== current) {
      served = { script: current, asset: staticAsset(VISIT_SCRIPT_PATH, Uint8Array.from(Buffer.from(current))) };
    }
    const { body, encoding } = negotiateEncoding(served.asset, c.req.header("accept-encoding"));
    c.header("Content-Type", served.asset.contentType);
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.body(body);
  });
}
