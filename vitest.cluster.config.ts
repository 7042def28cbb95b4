import { defineConfig } from "vitest/config";

/** The cluster tier: two instances behind HAProxy on one PostgreSQL per file (cluster/cluster.ts), one file at a time. */
export default defineConfig({
  test: {
    include: ["cluster/**/*.cluster.ts"],
    globalSetup: ["cluster/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: "forks",
  },
});
