/** Builds the web app (and the embed's scripts) when dist/web is missing or older than its sources, so `npm start` always serves a current app. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { buildEmbeds } from "./build-embeds.js";
import { compressWebBuild } from "./compress-web-build.js";

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

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const builtAt = existsSync(outputMarker) ? statSync(outputMarker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));

if (builtAt < changedAt) {
  console.log(builtAt === 0 ? "Building the web app..." : "Web sources changed; rebuilding the web app...");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
  await buildEmbeds();
  compressWebBuild();
  console.log("Web app built.");
}
