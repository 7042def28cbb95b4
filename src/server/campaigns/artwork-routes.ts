import { Hono } from "hono";
import { z } from "zod";
import { artworkApi } from "../../core/api/artwork.js";
import { artworkKeyPattern, artworkMessages } from "../../core/artwork.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { ArtworkStore } from "../artwork/artwork-store.js";
import { sendImage } from "../artwork/send-image.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import { assertCampaignId } from "../ids.js";
import { createGeneratedCovers, setCampaignArtwork } from "./campaign-artwork.js";

const setArtworkSchema = z.object({
  key: z.string({ error: artworkMessages.notFound }).regex(artworkKeyPattern, artworkMessages.notFound).nullable(),
});

/**
 * A campaign's cover: `POST /api/campaigns/:id/artwork` (the artist sets or removes it) and, without one, the cover
 * generated from its title and genre as a PNG for unfurls (`/media/covers/{id}.png`).
 */
export function campaignArtworkRoutes(deps: { db: Database; guards: Guards; store: ArtworkStore }) {
  const { db, guards, store } = deps;
  const app = new Hono<AppEnv>();
  const generatedCover = createGeneratedCovers(db);

  app.post(artworkApi.setForCampaign.path, guards.requireUser, validate("json", setArtworkSchema), async (c) => {
    const { key } = c.req.valid("json");
    const campaign = await setCampaignArtwork({ db, store }, currentUser(c).id, c.req.param("id"), key);
    return c.json(reply(artworkApi.setForCampaign, { campaign }));
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
