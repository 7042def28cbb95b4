import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, launchBrowser, newPage, startAppServer } from "./harness";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, cookies };
}

async function signUp(userType: "artist" | "promoter") {
  const result = await api("/api/auth/sign-up/email", {
    email: `${userType}-${randomBytes(3).toString("hex")}@example.com`,
    password: "a long password",
    first_name: "T",
    last_name: "U",
    user_type: userType,
    artist_name: userType === "artist" ? "Band" : undefined,
  });
  return result.cookies;
}

/** A person somewhere else opening the link: a real connection from another loopback address. */
function openFrom(localAddress: string, path: string) {
  const { port } = new URL(server.url);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        localAddress,
        headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("live leaderboard", () => {
  it("moves in an open page when a tracking link is opened from another address", async () => {
    const artist = await signUp("artist");
    const created = await api(
      "/api/campaigns",
      {
        title: "Live Song",
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/live",
        prize_cents: 5000,
        duration_days: 7,
      },
      artist,
    );
    const id = (created.json.campaign as { id: string }).id;
    await api(`/api/campaigns/${id}/funding`, {}, artist);
    await api(
      `/api/campaigns/${id}/sandbox-payment`,
      { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      artist,
    );
    const promoter = await signUp("promoter");
    const code = ((await api(`/api/campaigns/${id}/join`, {}, promoter)).json.link as { short_code: string })
      .short_code;

    const { page, context } = await newPage(browser, server.url, "live-leaderboard");
    await page.goto(`/join-campaign?campaign=${id}`);
    const board = page.getByRole("list", { name: "Leaderboard" });
    await expect.poll(() => board.getByText("0 clicks").isVisible(), { timeout: 10_000 }).toBe(true);
    // Let the stream connect before the click, so the update must come from it.
    await page.waitForTimeout(500);

    expect(await openFrom("127.0.0.7", `/t/${code}`)).toBe(200);
    await expect.poll(() => board.getByText("1 click", { exact: true }).isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await openFrom("127.0.0.8", `/t/${code}`)).toBe(200);
    await expect.poll(() => board.getByText("2 clicks").isVisible(), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => page.getByText("Currently winning the campaign!").first().isVisible()).toBe(true);
    await context.close();
  });

  it("shows the public leaderboards page", async () => {
    const { page, context } = await newPage(browser, server.url, "leaderboards-page");
    await page.goto("/leaderboards");
    await expect.poll(() => page.getByRole("heading", { name: "Leaderboards", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("tab", { name: "Active Campaigns" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Active Campaigns" }).click();
    await expect.poll(() => page.getByText("Live Song").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
