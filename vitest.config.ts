import { defineConfig } from "vitest/config";
import { databaseFiles } from "./vitest.tiers.js";

/** `npm test`: everything a contributor needs, on PGlite (or on PostgreSQL with TEST_DATABASE_URL): two tiers, two workers. */
export default defineConfig({
  test: {
    // This machine's two cores; a test file mostly waits on its own in-process database, so both stay busy.
    maxWorkers: 2,
    projects: [
      "./vitest.unit.config.ts",
      {
        test: {
          name: "database",
          ...databaseFiles,
          globalSetup: ["src/server/testing/global-setup.ts"],
          // A timeout catches a hang, not slowness: on a 2-core machine someone else keeps busy, a file's setup or a
          // race test of many rounds takes minutes, and still passes.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: "forks",
          // Files of a worker share its loaded modules: each re-imported the whole server (4 s a file on this
          // machine); every file still opens its own database and app.
          isolate: false,
        },
      },
    ],
  },
});
