/**
 * Writes the built web app's gzip and brotli forms beside its files, so a server starts without compressing them
 * (brotli at its best quality takes seconds for the whole app). Run after the app's and the embeds' builds.
 */
import { join } from "node:path";
import { writeCompressedForms } from "../src/server/web/static-assets.js";

const root = new URL("..", import.meta.url).pathname;

export function compressWebBuild(): number {
  return writeCompressedForms(join(root, "dist/web"));
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`Compressed ${compressWebBuild()} files.`);
