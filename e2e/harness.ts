import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject, onTestFailed } from "vitest";
import { harnessSettings } from "../src/server/config";
import { chromiumFlags } from "../src/server/testing/chromium";

import { type AppServer, startAppServer } from "../src/server/testing/server-process";

export type { AppServer };

/**
 * The real server on a copy of the run's migrated embedded database (global-setup.ts), so a journey's server starts
 * without running the migrations.
 */
export const startJourneyServer = (env: Record<string, string> = {}): Promise<AppServer> =>
  startAppServer(env, {
    prepare: async (dataDir) => cpSync(inject("embeddedTemplate"), join(dataDir, "pglite"), { recursive: true }),
  });

const projectRoot = new URL("..", import.meta.url).pathname;
const artifactsDir = join(projectRoot, ".artifacts/e2e");

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: harnessSettings().chromiumPath,
    args: [...chromiumFlags, ...extraArgs],
  });
}

/** A fresh browser context and page; a screenshot lands in .artifacts/e2e when the current test fails. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  name: string,
  options: {
    bypassCSP?: boolean;
    javaScriptEnabled?: boolean;
    serviceWorkers?: "allow" | "block";
    /** Another browser's user agent (a farm rotates them). */
    userAgent?: string;
    /** Sent with every request: `X-Forwarded-For` behind a trusted proxy stands in for the browser's address. */
    extraHTTPHeaders?: Record<string, string>;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Headless Chromium says "HeadlessChrome", which the click rules rightly treat as a bot; journeys act as people.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split(".")[0]}.0.0.0 Safari/537.36`;
  // The service worker only where a journey is about it: elsewhere it would answer requests the journey intercepts.
  const context = await browser.newContext({
    baseURL,
    userAgent,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "block",
    ...options,
  });
  const page = await context.newPage();
  onTestFailed(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await page
      .screenshot({ path: join(artifactsDir, `${name}-${Date.now()}.png`), fullPage: true })
      .catch(() => undefined);
  });
  return { context, page };
}
