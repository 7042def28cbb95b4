import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const template = readFileSync(new URL("./sw-template.js", import.meta.url), "utf8");

/**
 * Emits /sw.js with the build's version and what a repeat visit needs offline: every built script and style (a
 * screen, the toasts, a dialog can each be its own chunk) and the public icons and manifest. The service worker
 * fetches them after the page has loaded, once per release.
 */
export function serviceWorker(publicFiles: readonly string[]): Plugin {
  return {
    name: "fanboost-service-worker",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((fileName) => /^assets\/.+\.(js|css)$/.test(fileName))
        .map((fileName) => `/${fileName}`);
      const precache = [...new Set([...built, ...publicFiles])].sort();
      const index = bundle["index.html"];
      const version = createHash("sha256")
        .update(precache.join("\n"))
        .update(index?.type === "asset" ? String(index.source) : "")
        .digest("hex")
        .slice(0, 12);
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: template.replace("__VERSION__", version).replace("__PRECACHE__", JSON.stringify(precache)),
      });
    },
  };
}
