import { type Context, Hono } from "hono";
import { uuidPattern } from "../../core/ids.js";
import type { PageMeta } from "../../core/page-meta.js";
import { isClientRoute } from "../../core/routes.js";
import type { AppEnv } from "../http/app-env.js";
import { prerenderPublicPages, withPageMeta } from "./page-meta.js";
import { loadStaticAssets, negotiateEncoding, type StaticAsset, staticAsset } from "./static-assets.js";

const missingBuildPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FanBoost</title></head>
<body><h1>FanBoost</h1><p>The web app has not been built. Run <code>npm run build</code>, or start with <code>npm start</code>.</p></body></html>`;

/**
 * A campaign page's HTML is prepared once a minute at most: a shared link is opened in bursts. A campaign that is not
 * public yet is looked up again after a few seconds, so a page opened just before its payment unfurls soon after.
 */
const CAMPAIGN_PAGE_TTL_MS = 60_000;
const MISSING_CAMPAIGN_TTL_MS = 5_000;
const MAX_CAMPAIGN_PAGES = 500;

export type WebRouteOptions = {
  /** The public pages' tags (the shared table unless a test passes its own). */
  pages?: Record<string, PageMeta>;
  /** A public campaign's tags for `/campaigns/{id}`, or null when there is no such public campaign. */
  campaignMeta?: (campaignId: string) => Promise<PageMeta | null>;
  /** Whether the signed-in viewer may see a campaign that is not public (their own draft, or any for an admin). */
  campaignVisibleToViewer?: (c: Context<AppEnv>, campaignId: string) => Promise<boolean>;
};

/**
 * Serves the built React app: files by path, and index.html for client routes (404 status for unknown paths), with
 * each public page's and each public campaign's own title and preview tags.
 */
export function webRoutes(webRoot: string, publicUrl: string, options: WebRouteOptions = {}) {
  const assets = loadStaticAssets(webRoot);
  const index = assets.get("/index.html");
  const publicPages = prerenderPublicPages(index, publicUrl, options.pages);
  const campaignPages = new Map<string, { page: StaticAsset | null; at: number }>();
  const app = new Hono<AppEnv>();

  const send = (c: Context<AppEnv>, asset: StaticAsset, status: 200 | 404) => {
    c.header("Content-Type", asset.contentType);
    c.header("Cache-Control", asset.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    c.header("ETag", asset.etag);
    c.header("Vary", "Accept-Encoding");
    if (status === 200 && c.req.header("if-none-match") === asset.etag) return c.body(null, 304);
    const { body, encoding } = negotiateEncoding(asset, c.req.header("accept-encoding"));
    if (encoding) c.header("Content-Encoding", encoding);
    return c.body(body, status);
  };

  /** index.html with the campaign's tags; null for a campaign that is not public (its page then says so). */
  const campaignPage = async (id: string): Promise<StaticAsset | null> => {
    const cached = campaignPages.get(id);
    if (cached && Date.now() - cached.at < (cached.page ? CAMPAIGN_PAGE_TTL_MS : MISSING_CAMPAIGN_TTL_MS)) {
      return cached.page;
    }
    const meta = index && options.campaignMeta ? await options.campaignMeta(id) : null;
    const page =
      meta && index
        ? staticAsset(
            "/index.html",
            Uint8Array.from(
              new TextEncoder().encode(
                withPageMeta(new TextDecoder().decode(index.body), meta, publicUrl, `/campaigns/${id}`),
              ),
            ),
          )
        : null;
    if (campaignPages.size >= MAX_CAMPAIGN_PAGES) campaignPages.clear();
    campaignPages.set(id, { page, at: Date.now() });
    return page;
  };

  // The campaign pop-up of the old list became the campaign's own page: shared links lead there.
  app.get("/join-campaign", (c, next) => {
    const id = c.req.query("campaign");
    return id && uuidPattern.test(id) ? c.redirect(`/campaigns/${id.toLowerCase()}`, 301) : next();
  });

  app.on(["GET", "HEAD"], "/campaigns/:id", async (c, next) => {
    const id = c.req.param("id").toLowerCase();
    if (!uuidPattern.test(id) || !index) return next();
    const page = await campaignPage(id);
    if (page) return send(c, page, 200);
    // Not public: its page still opens for whoever may see it, without preview tags (they are for sharing).
    const visible = (await options.campaignVisibleToViewer?.(c, id)) ?? false;
    return send(c, index, visible ? 200 : 404);
  });

  app.on(["GET", "HEAD"], "*", (c) => {
    const path = c.req.path;
    const file = path === "/" ? undefined : assets.get(path);
    if (file) return send(c, file, 200);
    const page = publicPages.get(path.length > 1 ? path.replace(/\/+$/, "") : path) ?? index;
    const status = isClientRoute(path) ? 200 : 404;
    // The admin console is nobody's search result.
    if (path === "/admin" || path.startsWith("/admin/")) c.header("X-Robots-Tag", "noindex");
    if (!page) return c.html(missingBuildPage, status);
    return send(c, page, status);
  });

  return app;
}
