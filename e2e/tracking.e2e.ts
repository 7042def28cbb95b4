import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { liveCampaignWithLink } from "./api";
import { journeys } from "./fixtures";

let songServer: Server;
let songPort: number;

/** The song's host, mapped to this machine in Chromium; the server accepts links to it. */
const it = journeys({
  env: { SONG_LINK_HOSTS: "song.example" },
  browserArgs: ["--host-resolver-rules=MAP song.example 127.0.0.1"],
});

/** The "music service": a local page, reached as song.example through Chromium's host mapping. */
beforeAll(async () => {
  songServer = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>The Song</title><h1>Now playing: the song</h1>");
  });
  await new Promise<void>((resolve) => songServer.listen(0, "127.0.0.1", resolve));
  songPort = (songServer.address() as AddressInfo).port;
});
afterAll(() => {
  songServer?.close();
});

describe("tracking link in a browser", () => {
  it("shows the success state, lands on the song, and shows Already Clicked on a second visit", async ({
    server,
    openPage,
  }) => {
    const { shortCode } = await liveCampaignWithLink(server, {
      title: "Browser Song",
      song_link: `http://song.example:${songPort}/track`,
    });

    const { page, context } = await openPage("tracking");
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

    // Without JavaScript the page still says what happened and the meta refresh still takes the visitor on.
    const noScript = await openPage("tracking-no-js", { javaScriptEnabled: false });
    await noScript.page.goto(`/t/${shortCode}`);
    expect(await noScript.page.getByRole("heading", { name: "Already Clicked" }).isVisible()).toBe(true);
    await noScript.page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    await noScript.context.close();
  });
});
