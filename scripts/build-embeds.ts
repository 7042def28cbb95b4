/**
 * Builds the scripts that run outside the app, each alone and self-contained (no shared chunk, no app code): the
 * embed's script a site includes (dist/web/embed.js), the embed frame's (dist/web/embed/frame.js), and the tracking
 * page's (dist/web/visit.js). Run after the app's build, which empties
 * dist/web.
 */
import { join } from "node:path";
import { build } from "vite";

const root = new URL("..", import.meta.url).pathname;

export const embedEntries = [
  { entry: "src/web/embed/loader.ts", file: "embed.js" },
  { entry: "src/web/embed/frame.ts", file: "embed/frame.js" },
  // The tracking page's script (VISIT_SCRIPT_FILE), served with the day's key by server/web/visit-script.ts.
  { entry: "src/web/visit/evidence.ts", file: "visit.js" },
];

export async function buildEmbeds() {
  for (const { entry, file } of embedEntries) {
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      publicDir: false,
      build: {
        outDir: join(root, "dist/web"),
        emptyOutDir: false,
        target: "es2020",
        minify: true,
        lib: { entry: join(root, entry), formats: ["iife"], name: "FanBoostEmbed", fileName: () => file },
      },
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildEmbeds();
