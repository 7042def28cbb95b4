/**
 * Builds what the server serves and runs when it is missing or older than its sources: the web app (and the embed's
 * scripts, and their compressed forms) in dist/web, and the server's bundle in dist/server (ADR 048), so `npm start`
 * always runs a current app.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { buildEmbeds } from "./build-embeds.js";
import { compressWebBuild } from "./compress-web-build.js";
import { isStale } from "./newest-change.js";
import { ensureServerBundle } from "./server-bundle.js";

const root = new URL("..", import.meta.url).pathname;
const outputMarker = join(root, "dist/web/index.html");
const sources = [
  "src/web",
  "src/core",
  "vite.config.ts",
  "scripts/build-embeds.ts",
  "scripts/compress-web-build.ts",
  "src/server/web/static-assets.ts",
  "package.json",
  "package-lock.json",
];

if (isStale(root, outputMarker, sources)) {
  console.log(existsSync(outputMarker) ? "Web sources changed; rebuilding the web app..." : "Building the web app...");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
  await buildEmbeds();
  compressWebBuild();
  console.log("Web app built.");
}
await ensureServerBundle();
