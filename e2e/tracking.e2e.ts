import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, launchBrowser, newPage, startAppServer } from "./harness";

let server: AppServer;
let browser: Browser;
let songServer: Server;
let songPort: number;

/** The "music service": a local page, reached as song.example through Chromium's host mapping. */
beforeAll(async () => {
  songServer = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>The Song</title><h1>Now playing: the song</h1>");
  });
  await new Promise<void>((resolve) => songServer.listen(0, "127.0.0.1", resolve));
  songPort = (songServer.address() as AddressInfo).port;
  server = await startAppServer({ SONG_LINK_HOSTS: "song.example" });
  browser = await launchBrowser(["--host-resolver-rules=MAP song.example 127.0.0.1"]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  songServer?.close();
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
  const email = `${userType}-${randomBytes(3).toString("hex")}@example.com`;
  const result = await api("/api/auth/sign-up/email", {
    email,
    password: "a long password",
    first_name: "T",
    last_name: "U",
    user_type: userType,
    artist_name: userType === "artist" ? "Band" : undefined,
  });
  expect(result.status).toBe(200);
  return result.cookies;
}

describe("tracking link in a browser", () => {
  it("shows the success state, lands on the song, and shows Already Clicked on a second visit", async () => {
    const artist = await signUp("artist");
    const created = await api(
      "/api/campaigns",
      {
        title: "Browser Song",
        artist_name: "Band",
        song_link: `http://song.example:${songPort}/track`,
        prize_cents: 5000,
        duration_days: 7,
      },
      artist,
    );
    expect(created.status).toBe(201);
    const id = (created.json.campaign as { id: string }).id;
    await api(`/api/campaigns/${id}/funding`, {}, artist);
    expect(
      (
        await api(
          `/api/campaigns/${id}/sandbox-payment`,
          { number: "4242424242424242", expiry: "12/34", cvc: "123" },
          artist,
        )
      ).status,
    ).toBe(200);
    const promoter = await signUp("promoter");
    const joined = await api(`/api/campaigns/${id}/join`, {}, promoter);
    const shortCode = (joined.json.link as { short_code: string }).short_code;

    const { page, context } = await newPage(browser, server.url, "tracking");
    await page.goto(`/t/${shortCode}`);
    await expect.poll(() => page.getByRole("heading", { name: "Click Tracked Successfully!" }).isVisible()).toBe(true);
    expect(await page.getByText("Browser Song").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Redirecting in [123] seconds?\.\.\./).isVisible()).toBe(true);
    await page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    expect(await page.getByRole("heading", { name: "Now playing: the song" }).isVisible()).toBe(true);

    await page.goto(`${server.url}/t/${shortCode}`);
    await expect.poll(() => page.getByRole("heading", { name: "Already Clicked" }).isVisible()).toBe(true);
    await page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    await context.close();
  });
});
