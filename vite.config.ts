import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorker } from "./src/web/service-worker/vite-service-worker.js";

const apiPort = 3001;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    serviceWorker(["/favicon.svg", "/manifest.webmanifest", "/icon-192.png", "/icon-512.png"]),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the first page needs, in the entry file: one request before the first paint, not six small ones.
            { name: "app", tags: ["$initial"], priority: 2 },
            // The icons of the other screens in one file, instead of one request per icon.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/t/": `http://127.0.0.1:${apiPort}`,
      "/track/": `http://127.0.0.1:${apiPort}`,
      // The embed's pages and scripts (built by scripts/build-embeds.ts) come from the API server.
      "/embed": `http://127.0.0.1:${apiPort}`,
    },
  },
});
