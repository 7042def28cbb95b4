import type { BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { launchBrowser, newPage, startAppServer } from "./harness";

type PageOptions = Parameters<typeof newPage>[3] & {
  /** Session cookies (`name=value; ...`, as the API's sign-up returns them): the page opens signed in. */
  cookies?: string;
};

/**
 * The journeys' shared set-up: one real server (`env` added to its environment) and one Chromium per file, and
 * `openPage(name)` for a fresh browser context per page, closed after the test (a screenshot lands in
 * .artifacts/e2e when the test fails).
 */
export function journeys(options: { env?: Record<string, string>; browserArgs?: string[] } = {}) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
      .extend("server", { scope: "file" }, async ({}, { onCleanup }) => {
        const server = await startAppServer(options.env);
        onCleanup(() => server.stop());
        return server;
      })
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
      .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
        const browser = await launchBrowser(options.browserArgs);
        onCleanup(() => browser.close());
        return browser;
      })
      .extend("openPage", async ({ server, browser }, { onCleanup }) => {
        const contexts: BrowserContext[] = [];
        onCleanup(async () => {
          for (const context of contexts) await context.close();
        });
        return async (name: string, pageOptions: PageOptions = {}) => {
          const { cookies, ...contextOptions } = pageOptions;
          const opened = await newPage(browser, server.url, name, contextOptions);
          contexts.push(opened.context);
          if (cookies) {
            await opened.context.addCookies(
              cookies.split("; ").map((pair) => {
                const [cookieName = "", ...value] = pair.split("=");
                return { name: cookieName, value: value.join("="), url: server.url };
              }),
            );
          }
          return opened;
        };
      })
  );
}

/** Waits until `text` is visible on the page. */
export const visible = (page: Page, text: string | RegExp, timeout = 15_000) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
