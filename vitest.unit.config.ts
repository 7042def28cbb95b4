import { defineConfig } from "vitest/config";
import { unitFiles } from "./vitest.tiers.js";

/**
 * The fast tier (`npm run test:unit`): the shared rules, the browser's own logic and the server's code that touches no
 * database, so it runs in seconds before anything slower. `npm test` runs these files too, beside the database tier.
 */
export default defineConfig({
  test: {
    name: "unit",
    include: unitFiles,
    // A hang, not a busy machine: a hook test under another engineer's load still passes.
    testTimeout: 60_000,
    maxWorkers: 2,
  },
});
