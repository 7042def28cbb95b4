import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** The built web app, held in memory with its compressed forms: the files are few and small. */

type Bytes = Uint8Array<ArrayBuffer>;

export type StaticAsset = {
  body: Bytes;
  gzip: Bytes | undefined;
  brotli: Bytes | undefined;
  contentType: string;
  etag: string;
  immutable: boolean;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

const compressible = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest"]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** A file's bytes with their compressed forms and ETag, ready to serve. */
export function staticAsset(urlPath: string, body: Bytes): StaticAsset {
  const extension = extname(urlPath).toLowerCase();
  const worthCompressing = compressible.has(extension) && body.length > 512;
  return {
    body,
    gzip: worthCompressing ? Uint8Array.from(gzipSync(body, { level: 9 })) : undefined,
    brotli: worthCompressing ? Uint8Array.from(brotliCompressSync(body)) : undefined,
    contentType: contentTypes[extension] ?? "application/octet-stream",
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    immutable: urlPath.startsWith("/assets/"),
  };
}

export function loadStaticAssets(root: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  if (!existsSync(root)) return assets;
  for (const file of walk(root)) {
    const urlPath = `/${relative(root, file).split(sep).join("/")}`;
    assets.set(urlPath, staticAsset(urlPath, Uint8Array.from(readFileSync(file))));
  }
  return assets;
}

/** One file of the built web app as text, or null when the app is not built. */
export function readBuiltFile(root: string, name: string): string | null {
  const file = join(root, name);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** Picks the smallest encoding the client accepts. */
export function negotiateEncoding(asset: StaticAsset, acceptEncoding: string | undefined) {
  const accepts = acceptEncoding ?? "";
  if (asset.brotli && /\bbr\b/.test(accepts)) return { body: asset.brotli, encoding: "br" as const };
  if (asset.gzip && /\bgzip\b/.test(accepts)) return { body: asset.gzip, encoding: "gzip" as const };
  return { body: asset.body, encoding: undefined };
}
