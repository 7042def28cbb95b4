import { type Context, Hono } from "hono";
import type { PageMeta } from "../../core/page-meta.js";
import { isClientRoute } from "../../core/routes.js";
import type { AppEnv } from "../http/app-env.js";
import { prerenderPublicPages } from "./page-meta.js";
import { loadStaticAssets, negotiateEncoding, type StaticAsset } from "./static-assets.js";

const missingBuildPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FanBoost</title></head>
<body><h1>FanBoost</h1><p>The web app has not been built. Run <code>npm run build</code>, or start with <code>npm start</code>.</p></body></html>`;

/**
 * Serves the built React app: files by path, and index.html for client routes (404 status for unknown paths), with
 * each public page's own title and preview tags (`pages`, the shared table unless a test passes its own).
 */
export function webRoutes(webRoot: string, publicUrl: string, pages?: Record<string, PageMeta>) {
  const assets = loadStaticAssets(webRoot);
  const publicPages = prerenderPublicPages(assets.get("/index.html"), publicUrl, pages);
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

  app.on(["GET", "HEAD"], "*", (c) => {
    const path = c.req.path;
    const file = path === "/" ? undefined : assets.get(path);
    if (file) return send(c, file, 200);
    const index = publicPages.get(path.length > 1 ? path.replace(/\/+$/, "") : path) ?? assets.get("/index.html");
    const status = isClientRoute(path) ? 200 : 404;
    // The admin console is nobody's search result.
    if (path === "/admin" || path.startsWith("/admin/")) c.header("X-Robots-Tag", "noindex");
    if (!index) return c.html(missingBuildPage, status);
    return send(c, index, status);
  });

  return app;
}
