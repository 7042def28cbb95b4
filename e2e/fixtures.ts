import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { BrowserContext, Frame, Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import { launchBrowser, newPage, startJourneyServer } from "./harness";

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
        const server = await startJourneyServer(options.env);
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page or in a frame (opened with `bypassCSP`). */
export async function seriousViolations(page: Page | Frame) {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe.run();
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** How far the page scrolls sideways (0: nothing is wider than the screen). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const screenshotDir = join(new URL("..", import.meta.url).pathname, ".artifacts/e2e/screens");

/**
 * A screenshot kept in .artifacts/e2e/screens, for people to look at: the full page, or what the window shows
 * (`fullPage: false`, for what is fixed to it, like the offline banner).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  // The images the page loads at once are drawn before it is taken (lazy ones load as they scroll into view).
  await page
    .waitForFunction(
      () => Array.from(document.images).every((image) => image.loading === "lazy" || image.complete),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * Whether the element's whole box can be seen: inside the window sideways, and not cut by itself or an ancestor that
 * clips (an ellipsis, or a box that scrolls sideways inside a card).
 */
export const shownWhole = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth + 0.5) return false;
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === "visible") continue;
      if (node.scrollWidth > node.clientWidth + 0.5) return false;
      const clip = node.getBoundingClientRect();
      if (node !== element && (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)) return false;
    }
    return true;
  });
