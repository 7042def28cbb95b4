import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { artworkApi } from "../../core/api/artwork.js";
import {
  type ArtworkVariant,
  artworkKeyPattern,
  artworkMessages,
  artworkVariants,
  MAX_ARTWORK_BYTES,
} from "../../core/artwork.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import { assertCampaignId } from "../campaigns/campaign-access.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply } from "../http/contracts.js";
import { errorBody } from "../http/error-body.js";
import { consumeRequestLimit } from "../http/request-limit.js";
import { validate } from "../http/validate.js";
import type { ArtworkStore } from "./artwork-store.js";
import { createGeneratedCovers, setCampaignArtwork, storeArtworkUpload } from "./campaign-artwork.js";

/** Uploads an artist may make in an hour: a wizard or two, with room for second thoughts. */
const UPLOADS_PER_HOUR = 30;
const IMMUTABLE = "public, max-age=31536000, immutable";

const setArtworkSchema = z.object({
  key: z.string({ error: artworkMessages.notFound }).regex(artworkKeyPattern, artworkMessages.notFound).nullable(),
});

/** Reads an upload's bytes, refusing more than 5 MB before reading further (a declared length is believed). */
const artworkBody = bodyLimit({
  maxSize: MAX_ARTWORK_BYTES,
  onError: (c) => c.json(errorBody("payload_too_large", artworkMessages.tooLarge), 413),
});

/**
 * `POST /api/artwork` (an artist's image, re-encoded and stored), `POST /api/campaigns/:id/artwork` (the artist sets
 * or removes their campaign's cover), and the images themselves: uploads under `/media/artwork/{key}/{size}`
 * (immutable: a key names one image forever) and generated covers as PNG for unfurls.
 */
export function artworkRoutes(deps: { db: Database; guards: Guards; store: ArtworkStore }) {
  const { db, guards, store } = deps;
  const app = new Hono<AppEnv>();
  const generatedCover = createGeneratedCovers(db);

  app.post(artworkApi.upload.path, guards.requireArtist, artworkBody, async (c) => {
    const user = currentUser(c);
    const limit = await consumeRequestLimit(db, `artwork:${user.id}`, { windowMs: 3_600_000, max: UPLOADS_PER_HOUR });
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      return c.json(errorBody("rate_limited", "Too many uploads. Please try again later."), 429);
    }
    const key = await storeArtworkUpload(store, user.id, new Uint8Array(await c.req.arrayBuffer()));
    return c.json(reply(artworkApi.upload, { artwork: { key } }), 201);
  });

  app.post(artworkApi.setForCampaign.path, guards.requireUser, validate("json", setArtworkSchema), async (c) => {
    const { key } = c.req.valid("json");
    const campaign = await setCampaignArtwork({ db, store }, currentUser(c).id, c.req.param("id"), key);
    return c.json(reply(artworkApi.setForCampaign, { campaign }));
  });

  const sendImage = (c: Context<AppEnv>, image: { contentType: string; bytes: Uint8Array }, cache: string) => {
    c.header("Content-Type", image.contentType);
    c.header("Cache-Control", cache);
    c.header("Content-Length", String(image.bytes.byteLength));
    return c.body(Uint8Array.from(image.bytes), 200);
  };

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

  /** A public campaign's generated cover for unfurls; a day's cache, as its title and genre do not change. */
  app.get("/media/covers/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".png")) return c.notFound();
    let id: string;
    try {
      id = assertCampaignId(file.slice(0, -4));
    } catch {
      return c.notFound();
    }
    const png = await generatedCover(id);
    if (!png) return c.notFound();
    return sendImage(c, { contentType: "image/png", bytes: png }, "public, max-age=86400");
  });

  return app;
}
