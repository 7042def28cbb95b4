/**
 * The server's bundle (ADR 048): `src/server/main.ts` and every module of ours it imports, compiled by esbuild into one
 * ES module, `dist/server/main.js`, with its source map; packages stay in node_modules. `npm start`, the systemd unit and
 * every test that starts the server as a process run it with plain Node: under tsx each start compiled and resolved
 * some 300 modules through its loader, over a second of CPU. Run directly, it builds the bundle.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { isStale } from "./newest-change.js";

const root = new URL("..", import.meta.url).pathname;
export const serverBundle = join(root, "dist/server/main.js");
const sources = ["src/server", "src/core", "scripts/server-bundle.ts", "package.json", "package-lock.json"];

/** Writes each file under a name of this process's, then renames it: processes building at once never read half of one. */
function writeWhole(path: string, contents: Uint8Array) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

export async function buildServerBundle(): Promise<void> {
  mkdirSync(dirname(serverBundle), { recursive: true });
  const result = await build({
    entryPoints: [join(root, "src/server/main.ts")],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    write: false,
    logLevel: "warning",
  });
  // The map first: a bundle on disk always has its map.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")),
  );
  for (const file of files) writeWhole(file.path, file.contents);
}

/** Builds the bundle when it is missing or older than the server's sources. */
export async function ensureServerBundle(): Promise<void> {
  if (isStale(root, serverBundle, sources)) await buildServerBundle();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerBundle();
