import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { promotersApi } from "../src/core/api/promoters";
import { okRoute } from "../src/server/testing/contract-call";
import { api, fundedCampaign, signUpAdmin, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, visible } from "./fixtures";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const it = journeys({ env: { ADMIN_EMAILS: adminEmail } });

/**
 * The test's own trigger for a crash: the success-stories screen's script is answered with one that throws while
 * rendering. It lives only here; no build of the app has it.
 */
const brokenScreen = `export default function SuccessStories() { throw new Error("Test crash: the stories screen broke"); }`;

describe("resilience journey", () => {
  it("a screen that throws shows the crash screen under a working header, and its report reaches the admins with the same id", async ({
    server,
    openPage,
  }) => {
    const { page, context } = await openPage("crash-screen");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.route("**/assets/success-stories-*.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: brokenScreen }),
    );
    await page.goto("/success-stories");
    await visible(page, "Oops! Something went wrong");
    await visible(page, "Test crash: the stories screen broke");
    // The header still works around the broken screen.
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "Pricing" }).isVisible()).toBe(true);
    const errorId = (await page.getByTestId("error-id").textContent()) ?? "";
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    await visible(page, "Our team has been notified and is working on a fix.");

    // Technical details are hidden until asked for; Copy Details says Copied! for 2 s.
    expect(await page.getByText("Component stack", { exact: false }).count()).toBe(0);
    await page.getByRole("button", { name: "Show Technical Details" }).click();
    await expect.poll(() => page.locator("pre").first().textContent()).toContain("Test crash");
    await page.getByRole("button", { name: "Hide Technical Details" }).click();
    await page.getByRole("button", { name: "Copy Details" }).click();
    await visible(page, "Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Error ID: ${errorId}`);
    await expect
      .poll(() => page.getByRole("button", { name: "Copy Details" }).isVisible(), { timeout: 5000 })
      .toBe(true);
    for (const link of ["Reload Page", "Go Home", "Contact Support", "Help Center"]) {
      expect(await page.locator("#main").getByText(link, { exact: true }).isVisible()).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, "crash-screen-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "crash-screen-390");

    const admin = await openPage("crash-admin", { cookies: await signUpAdmin(server, adminEmail) });
    await admin.page.goto("/admin?tab=errors");
    await visible(admin.page, "Error: Test crash: the stories screen broke");
    await admin.page.getByText("Error: Test crash: the stories screen broke", { exact: true }).click();
    await visible(admin.page, "1 report");
    await visible(admin.page, errorId);
    await visible(admin.page, "/success-stories");
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(admin.page, "admin-errors-1366");
    await admin.page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(admin.page)).toBe(0);
    await screenshot(admin.page, "admin-errors-390");
  });

  it("a page opened before a release offers a reload when a screen's script is gone, and the reload recovers", async ({
    openPage,
  }) => {
    const { page } = await openPage("missing-chunk");
    await page.goto("/");
    await visible(page, "FanBoost");
    // The new release removed the old build's pricing script.
    await page.route("**/assets/pricing-*.js", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
    await visible(page, "A new version of FanBoost is available");
    await page.unroute("**/assets/pricing-*.js");
    await page.getByRole("button", { name: "Reload Page" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).first().textContent(), { timeout: 15_000 })
      .not.toContain("new version");
    expect(page.url()).toMatch(/\/pricing$/);
  });

  it("a session that expires during a write opens sign-in, and the write is done once the user is back", async ({
    server,
    openPage,
  }) => {
    const title = `Expiry ${randomBytes(2).toString("hex")}`;
    await fundedCampaign(server, { title });
    const email = `promoter-${randomBytes(3).toString("hex")}@example.com`;
    const { page, context } = await openPage("session-expiry", {
      cookies: await signUpViaApi(server, "promoter", email),
    });
    await page.goto("/join-campaign");
    const card = page.locator("div.rounded-2xl", { has: page.getByRole("heading", { name: title }) }).last();
    await expect
      .poll(() => card.getByRole("button", { name: "Join Campaign" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // The session ends (expired, or signed out on another device) while the page still shows the user signed in.
    await context.clearCookies();
    await card.getByRole("button", { name: "Join Campaign" }).click();
    await visible(page, "Please sign in again to continue.");
    const dialog = page.getByRole("dialog");
    await visible(page, "Welcome back");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("a long password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await visible(page, "You joined! Share your link to climb the leaderboard.");
    expect(page.url()).toMatch(/\/join-campaign$/);
    await expect
      .poll(() => card.getByRole("button", { name: "Copy My Link" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it("a failed request goes into the browser's error log, and a retry that succeeds marks it resolved", async ({
    openPage,
  }) => {
    const { page, context } = await openPage("error-log");
    const boards = "**/api/public/leaderboards";
    await context.route(boards, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"x","message":"Down"}}' }),
    );
    await page.goto("/leaderboards");
    type Entry = {
      type: string;
      resolved: boolean;
      retryCount: number;
      context: { component: string; action: string };
    };
    const logged = async () =>
      ((await page.evaluate(() => JSON.parse(localStorage.getItem("fanboost_error_log") ?? "[]"))) as Entry[]).filter(
        (entry) => entry.context.component === "/api/public/leaderboards",
      );
    await expect.poll(async () => (await logged()).length, { timeout: 15_000 }).toBe(1);
    expect((await logged())[0]).toMatchObject({ type: "api", resolved: false, context: { action: "GET" } });
    // Tried again automatically (SPEC.md's api profile: two retries) before it was logged.
    expect((await logged())[0]?.retryCount).toBe(2);

    await context.unroute(boards);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(async () => (await logged())[0]?.resolved, { timeout: 10_000 }).toBe(true);
  });

  it("offline: the banner shows, a join is queued, survives a reload and is applied once on reconnect", async ({
    server,
    openPage,
  }) => {
    const title = `Offline ${randomBytes(2).toString("hex")}`;
    const campaignId = await fundedCampaign(server, { title });
    const promoter = await signUpViaApi(server, "promoter");
    const { page, context } = await openPage("offline", { cookies: promoter, serviceWorkers: "allow" });
    await page.goto("/join-campaign");
    // The service worker installs after the first load; from the next load on it serves the app shell offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const card = page.locator("div.rounded-2xl", { has: page.getByRole("heading", { name: title }) }).last();
    await expect
      .poll(() => card.getByRole("button", { name: "Join Campaign" }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    await context.setOffline(true);
    const banner = page.getByRole("region", { name: "Connection status" });
    await expect.poll(() => banner.getByText("You are offline").isVisible()).toBe(true);
    await visible(page, "Some features may be limited");
    await visible(page, "You are offline. Some features may be limited.");
    await card.getByRole("button", { name: "Join Campaign" }).click();
    await visible(page, `You are offline: joining "${title}" is queued and will be sent when you reconnect.`);
    await banner.getByRole("button", { name: "Show connection details" }).click();
    await expect.poll(() => banner.getByText("Queued actions").isVisible()).toBe(true);
    expect(await banner.locator("dd").nth(1).textContent()).toBe("1");
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, "offline-banner-1366", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "offline-banner-390", { fullPage: false });

    // A reload while offline: the app shell comes from the service worker, the queue from this browser.
    await page.reload();
    await expect.poll(() => banner.getByText("You are offline").isVisible(), { timeout: 15_000 }).toBe(true);
    await banner.getByRole("button", { name: "Show connection details" }).click();
    await expect.poll(() => banner.locator("dd").nth(1).textContent()).toBe("1");

    // Back online while the server cannot take it: the join waits for the next time.
    const join = `**/api/campaigns/${campaignId}/join`;
    await context.route(join, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"x","message":"Down"}}' }),
    );
    await context.setOffline(false);
    await visible(page, "Connection Restored");
    await visible(page, "1 action still pending");
    await context.unroute(join);
    await context.setOffline(true);
    await context.setOffline(false);
    await visible(page, `Sent while you were away: Join "${title}"`);
    await visible(page, "All queued actions completed");
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(false);
    const dashboard = await okRoute(api(server), promotersApi.dashboard, { cookie: promoter });
    const links = dashboard.active.filter((link) => link.campaign_id === campaignId);
    expect(links).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem("fanboost_offline_queue"))).toBeNull();
  });

  it("offline in the first moment after a page loads: the banner and the toast say so at once", async ({
    openPage,
  }) => {
    const { page, context } = await openPage("offline-at-once");
    // The first paint, then the connection goes: nothing the page would fetch later can arrive.
    await page.goto("/how-it-works", { waitUntil: "domcontentloaded" });
    await expect.poll(() => page.locator("main h1").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    const banner = page.getByRole("region", { name: "Connection status" });
    await expect.poll(() => banner.getByText("You are offline").isVisible(), { timeout: 5_000 }).toBe(true);
    await visible(page, "You are offline. Some features may be limited.", 5_000);
    await context.setOffline(false);
    await expect.poll(() => banner.getByText("Connection Restored").isVisible(), { timeout: 5_000 }).toBe(true);
  });

  it("a new release waits for the user: 'New version available', and Reload hands over to it", async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage("new-version", { serviceWorkers: "allow" });
    await page.goto("/");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The next release: the server restarts with a service worker of another version.
    const released = join(new URL("..", import.meta.url).pathname, "dist/web/sw.js");
    const current = readFileSync(released, "utf8");
    try {
      await server.restart(async () =>
        writeFileSync(released, current.replace(/const VERSION = "[^"]+"/, 'const VERSION = "next-release"')),
      );
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await visible(page, "New version available");
      await page.locator("[data-toast]").getByRole("button", { name: "Reload" }).click();
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).join(",")), { timeout: 15_000 })
        .toBe("fanboost-next-release");
    } finally {
      writeFileSync(released, current);
    }
    await visible(page, "FanBoost");
  });
});
