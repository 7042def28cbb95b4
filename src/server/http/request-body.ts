import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env.js";
import { errorBody } from "./error-body.js";

/** Largest body the API reads: its forms are a few kilobytes. */
export const MAX_API_BODY_BYTES = 64 * 1024;
/** Payment provider events carry whole objects; Stripe's are far below this. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

const tooLarge = bodyLimit({
  maxSize: MAX_API_BODY_BYTES,
  onError: (c) => c.json(errorBody("payload_too_large", "The request body is too large"), 413),
});
const webhookTooLarge = bodyLimit({
  maxSize: MAX_WEBHOOK_BODY_BYTES,
  onError: (c) => c.json(errorBody("payload_too_large", "The request body is too large"), 413),
});

export const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

const unsupported = (c: Context<AppEnv>) =>
  c.json(errorBody("unsupported_media_type", "Send the request body as JSON"), 415);

/**
 * Bodies sent to the API: refused before they are read when larger than the limit (a declared length is believed, a
 * streamed body is counted as it arrives), and refused unless declared JSON, so a body the validator would not read
 * is never taken for an empty one. An empty body needs no type: a request without one (curl's `-X POST`, a chunked
 * nothing) is a request without a body, as it was before routes took one.
 */
export function apiRequestBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    // A payment provider's event is authenticated by its signature over the raw bytes, whatever it is labelled.
    if (c.req.path.startsWith("/api/webhooks/")) return webhookTooLarge(c, next);
    // An artwork upload is an image's bytes, checked by its content and limited by its own route (artwork/routes.ts).
    if (c.req.path === "/api/artwork") return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (jsonMediaType.test(mediaType)) return tooLarge(c, next);
    const length = c.req.header("content-length");
    if (length !== undefined && !c.req.header("transfer-encoding")) return length === "0" ? next() : unsupported(c);
    // Of unknown length: read within the limit, and only an empty one goes on.
    return tooLarge(c, async () => {
      if ((await c.req.arrayBuffer()).byteLength === 0) return next();
      c.res = unsupported(c);
    });
  };
}

/** Bodies of the server-rendered forms (sandbox onboarding): small, and refused before they are read. */
export const formRequestBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => c.text("The form is too large.", 413),
});
