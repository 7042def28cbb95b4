import { defineConfig } from "vitest/config";

/**
 * The browser journeys: each file starts its own server (its own embedded database and port) and its own Chromium, so
 * two files run side by side on this machine's two cores. A journey mostly waits (on its server, a countdown, a live
 * update), which left one core idle half of the time when they ran one at a time (20 minutes; 14 with two).
 */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    pool: "forks",
  },
});
