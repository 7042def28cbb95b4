import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { artworkApi } from "../../core/api/artwork.js";
import {
  type ArtworkVariant,
  artworkKeyPattern,
  artworkMessages,
  artworkVariants,
  MAX_ARTWORK_BYTES,
} from "../../core/artwork.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply } from "../http/contracts.js";
import { errorBody, tooManyRequestsBody } from "../http/error-body.js";
import { consumeRequestLimit } from "../http/request-limit.js";
import type { ArtworkStore } from "./artwork-store.js";
import { storeArtworkUpload } from "./artwork-uploads.js";
import { sendImage } from "./send-image.js";

/** Uploads an artist may make in an hour: a wizard or two, with room for second thoughts. */
const UPLOADS_PER_HOUR = 30;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reads an upload's bytes, refusing more than 5 MB before reading further (a declared length is believed). */
const artworkBody = bodyLimit({
  maxSize: MAX_ARTWORK_BYTES,
  onError: (c) => c.json(errorBody("payload_too_large", artworkMessages.tooLarge), 413),
});

/**
 * `POST /api/artwork` (an artist's image, re-encoded and stored) and the images themselves under
 * `/media/artwork/{key}/{size}` (immutable: a key names one image forever). A campaign's cover is set in campaigns/.
 */
export function artworkRoutes(deps: { db: Database; guards: Guards; store: ArtworkStore }) {
  const { db, guards, store } = deps;
  const app = new Hono<AppEnv>();

  app.post(artworkApi.upload.path, guards.requireArtist, artworkBody, async (c) => {
    const user = currentUser(c);
    const limit = await consumeRequestLimit(db, `artwork:${user.id}`, { windowMs: 3_600_000, max: UPLOADS_PER_HOUR });
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return c.json(tooManyRequestsBody("Too many uploads. Please try again later."), 429);
    }
    const key = await storeArtworkUpload(store, user.id, new Uint8Array(await c.req.arrayBuffer()));
    return c.json(reply(artworkApi.upload, { artwork: { key } }), 201);
  });

  app.get("/media/artwork/:key/:variant", async (c) => {
    const { key, variant } = c.req.param();
    if (!artworkKeyPattern.test(key) || !artworkVariants.includes(variant as ArtworkVariant)) return c.notFound();
    const etag = `"${key}-${variant}"`;
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    const image = await store.read(key, variant as ArtworkVariant);
    if (!image) return c.notFound();
    c.header("ETag", etag);
    return sendImage(c, image, IMMUTABLE);
  });

  return app;
}
