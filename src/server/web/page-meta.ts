import { embedsApi } from "../../core/api/embeds.js";
import { escapeHtml } from "../../core/escape-html.js";
import { documentTitle, type PageMeta, publicPageMeta } from "../../core/page-meta.js";
import { type StaticAsset, staticAsset } from "./static-assets.js";

/**
 * The built index.html with a page's own title, description, canonical address and Open Graph / Twitter tags, so a
 * shared link unfurls and search engines read the page without running JavaScript.
 */
export function withPageMeta(indexHtml: string, meta: PageMeta, publicUrl: string, path: string): string {
  if (!/<\/head>/i.test(indexHtml)) return indexHtml;
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const href = escapeHtml(`${publicUrl}${path}`);
  const image = meta.image
    ? [
        `<meta property="og:image" content="${escapeHtml(`${publicUrl}${meta.image.path}`)}" />`,
        `<meta property="og:image:alt" content="${escapeHtml(meta.image.alt)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(`${publicUrl}${meta.image.path}`)}" />`,
        `<meta name="twitter:image:alt" content="${escapeHtml(meta.image.alt)}" />`,
      ]
    : [];
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${href}" />`,
    `<meta property="og:site_name" content="FanBoost" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${href}" />`,
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...image,
    ...(meta.oembed
      ? [
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${publicUrl}${embedsApi.oembed.path}?url=${encodeURIComponent(`${publicUrl}${path}`)}&format=json`)}" title="${title}" />`,
        ]
      : []),
  ].join("\n    ");
  const withoutOwn = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+(?:name="description"|property="og:[^"]+"|name="twitter:[^"]+")[^>]*>\s*/gi, "")
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, "");
  // A function, so "$&" or "$'" in a title is text, not a replacement pattern.
  return withoutOwn.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/**
 * index.html once per public page with that page's tags, compressed and tagged with its ETag, prepared once at
 * start-up: serving a page is then a map lookup, like any other built file.
 */
export function prerenderPublicPages(
  index: StaticAsset | undefined,
  publicUrl: string,
  pages: Record<string, PageMeta> = publicPageMeta,
): Map<string, StaticAsset> {
  const prepared = new Map<string, StaticAsset>();
  if (!index) return prepared;
  const html = new TextDecoder().decode(index.body);
  for (const [path, meta] of Object.entries(pages)) {
    const body = new TextEncoder().encode(withPageMeta(html, meta, publicUrl, path));
    prepared.set(path, staticAsset("/index.html", Uint8Array.from(body)));
  }
  return prepared;
}
