import { defineConfig } from "vitest/config";

/** What every journey shares: a migrated embedded database each server copies, and timeouts that catch a hang. */
const journeys = {
  globalSetup: ["e2e/global-setup.ts"],
  // A journey beside another on a 2-core machine takes up to twice its time alone: a timeout is for a hang.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // A poll waits for a page to show what a person would wait for: Vitest's default (1 s) is a fast host's time, and a
  // page on a host busy with two other journeys takes longer. A poll that would never succeed still fails.
  expect: { poll: { timeout: 15_000 } },
  pool: "forks" as const,
  // Files of a worker share its loaded modules (Playwright, the harness, the contracts); each still starts its own
  // server and browser.
  isolate: false,
};

/**
 * `npm run test:e2e`: the journeys three at a time (each file one server and one Chromium: two at a time left a fifth
 * of the two cores idle), then the spread farm's alone: its 30 fans are 30 real browsers, which leave no room for a
 * journey beside them.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...journeys,
          name: "journeys",
          include: ["e2e/**/*.e2e.ts"],
          exclude: ["e2e/spread-farm.e2e.ts"],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...journeys,
          name: "crowd",
          include: ["e2e/spread-farm.e2e.ts"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
