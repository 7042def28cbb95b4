import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

/** The encodings a compressible file is served in (gzip, then brotli), and the files the build writes them to. */
const PRECOMPRESSED = [
  { suffix: ".gz", compress: (body: Bytes) => gzipSync(body, { level: 9 }) },
  { suffix: ".br", compress: (body: Bytes) => brotliCompressSync(body) },
] as const;

const worthCompressing = (urlPath: string, body: Bytes) =>
  compressible.has(extname(urlPath).toLowerCase()) && body.length > 512;

/** The files of the built app, without the compressed forms the build wrote beside them. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return PRECOMPRESSED.some(({ suffix }) => path.endsWith(suffix)) ? [] : [path];
  });
}

/**
 * A file's bytes with their compressed forms and ETag, ready to serve. `written` gives the forms the build wrote
 * (brotli at its best takes seconds for the whole app): a form it lacks is compressed here.
 */
export function staticAsset(
  urlPath: string,
  body: Bytes,
  written: (suffix: string) => Bytes | undefined = () => undefined,
): StaticAsset {
  const worth = worthCompressing(urlPath, body);
  const [gzip, brotli] = PRECOMPRESSED.map(({ suffix, compress }) =>
    worth ? (written(suffix) ?? Uint8Array.from(compress(body))) : undefined,
  );
  return {
    body,
    gzip,
    brotli,
    contentType: contentTypes[extname(urlPath).toLowerCase()] ?? "application/octet-stream",
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    immutable: urlPath.startsWith("/assets/"),
  };
}

/**
 * Writes each compressible file's gzip and brotli forms beside it (`app.js.gz`, `app.js.br`), so a server starts
 * without compressing the app: run after every build (scripts/ensure-build.ts, `npm run build`).
 */
export function writeCompressedForms(root: string): number {
  let written = 0;
  for (const file of walk(root)) {
    const body = Uint8Array.from(readFileSync(file));
    if (!worthCompressing(file, body)) continue;
    for (const { suffix, compress } of PRECOMPRESSED) writeFileSync(`${file}${suffix}`, compress(body));
    written++;
  }
  return written;
}

/** A compressed form the build wrote, when it is no older than the file itself (a stale one is ignored). */
const writtenForm = (file: string) => (suffix: string) => {
  const form = `${file}${suffix}`;
  return existsSync(form) && statSync(form).mtimeMs >= statSync(file).mtimeMs
    ? Uint8Array.from(readFileSync(form))
    : undefined;
};

export function loadStaticAssets(root: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  if (!existsSync(root)) return assets;
  for (const file of walk(root)) {
    const urlPath = `/${relative(root, file).split(sep).join("/")}`;
    assets.set(urlPath, staticAsset(urlPath, Uint8Array.from(readFileSync(file)), writtenForm(file)));
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
