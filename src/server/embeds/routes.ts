import { Hono } from "hono";
import { embedsApi } from "../../core/api/embeds.js";
import { EMBED_SCRIPT_PATH, type EmbedTheme, embedThemes } from "../../core/embeds.js";
import { uuidPattern } from "../../core/ids.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../errors.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { liveStream, sharedLoader } from "../live/live-stream.js";
import type { LiveUpdates } from "../live/live-updates.js";
import { embedBoard } from "./embed-board.js";
import { embedPage } from "./embed-page.js";
import { oembedAnswer, oembedMessages } from "./oembed.js";

/**
 * Whether a path is the embed's: its pages, which any site may frame, and its scripts, which any site may load (app.ts
 * gives them the embed's headers, and every other path the app's).
 */
export const isEmbedPath = (path: string) => path === EMBED_SCRIPT_PATH || path.startsWith("/embed/");

const themeOf = (value: string | undefined): EmbedTheme =>
  embedThemes.find((theme) => theme === value) ?? embedThemes[0];

type EmbedDeps = { db: Database; live: LiveUpdates; publicUrl: string };

/** The board any site embeds: the frame's page, its data and live stream, and oEmbed's answer. */
export function embedRoutes({ db, live, publicUrl }: EmbedDeps) {
  const boards = sharedLoader(live, (id) => embedBoard(db, id, publicUrl));
  const boardOf = (id: string | undefined) =>
    id && uuidPattern.test(id) ? boards(`campaign:${id.toLowerCase()}`, id.toLowerCase()) : Promise.resolve(null);
  const api = new Hono<AppEnv>();

  api.get(routePath(embedsApi.board), async (c) => {
    const board = await boardOf(c.req.param("id"));
    if (!board) throw new DomainError("not_found", "Campaign not found");
    return c.json(reply(embedsApi.board, board));
  });
  api.get(routePath(embedsApi.boardStream), async (c) => {
    const board = await boardOf(c.req.param("id"));
    if (!board) throw new DomainError("not_found", "Campaign not found");
    const id = board.campaign.id;
    // A campaign hidden or cancelled while its board is open sends null: the frame then shows nothing.
    return liveStream(c, live, `campaign:${id}`, embedsApi.boardStream.event, () => boardOf(id));
  });
  api.get(routePath(embedsApi.oembed), async (c) => {
    c.header("Access-Control-Allow-Origin", "*");
    const format = c.req.query("format");
    // oEmbed 1.0 section 2.3.4: a provider that cannot answer in the requested format answers 501 Not Implemented.
    if (format !== undefined && format !== "json") throw new DomainError("not_implemented", oembedMessages.format);
    const answer = await oembedAnswer(db, publicUrl, {
      url: c.req.query("url") ?? "",
      maxwidth: c.req.query("maxwidth"),
      maxheight: c.req.query("maxheight"),
    });
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(reply(embedsApi.oembed, answer));
  });

  const pages = new Hono<AppEnv>();
  pages.on(["GET", "HEAD"], "/embed/campaigns/:id", async (c) => {
    const board = await boardOf(c.req.param("id"));
    c.header("Cache-Control", "no-cache");
    return c.html(embedPage(board, themeOf(c.req.query("theme"))), board ? 200 : 404);
  });
  return { api, pages };
}
