import type { Context } from "hono";
import type { AppEnv } from "../http/app-env.js";

/** An image answer with its type, length and cache policy. */
export function sendImage(c: Context<AppEnv>, image: { contentType: string; bytes: Uint8Array }, cache: string) {
  c.header("Content-Type", image.contentType);
  c.header("Cache-Control", cache);
  c.header("Content-Length", String(image.bytes.byteLength));
  return c.body(Uint8Array.from(image.bytes), 200);
}
