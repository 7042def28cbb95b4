import { defineConfig } from "vitest/config";

/**
 * The fast tier (`npm run test:unit`): the shared rules and the browser's own logic, no database and no server, so it
 * runs in seconds before anything slower. `npm test` runs these files too, with the integration tests.
 */
export default defineConfig({
  test: {
    include: ["src/core/**/*.test.ts", "src/web/**/*.test.ts", "src/web/**/*.test.tsx"],
    testTimeout: 10_000,
  },
});
