import { defineConfig } from "vitest/config";
import { bothDatabaseFiles } from "./vitest.tiers.js";

/**
 * `npm run test:postgres` (CI, after `npm test`): the files whose behaviour can differ by database, on PostgreSQL at
 * TEST_DATABASE_URL, each on its own copy of one migrated template.
 */
export default defineConfig({
  test: {
    include: bothDatabaseFiles,
    globalSetup: ["src/server/testing/global-setup.ts"],
    // A timeout catches a hang, not slowness: on a 2-core machine someone else keeps busy, a file's setup or a race
    // test of many rounds takes minutes, and still passes.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Files of a worker share its loaded modules (each re-imported the whole server); each opens its own database.
    isolate: false,
    maxWorkers: 2,
  },
});
