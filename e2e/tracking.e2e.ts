import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { leaderboardsApi } from "../src/core/api/leaderboards";
import { promotersApi } from "../src/core/api/promoters";
import { okRoute } from "../src/server/testing/contract-call";
import { api, liveCampaignWithLink, openLink } from "./api";
import { journeys, screenshot, visible } from "./fixtures";

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
  it("counts a person's click on another site's link, never the same link embedded or prefetched by that site", async ({
    server,
    openPage,
  }) => {
    const { shortCode, promoter } = await liveCampaignWithLink(server, {
      title: "Embedded Song",
      song_link: `http://song.example:${songPort}/track`,
    });
    const link = `${server.url}/t/${shortCode}`;
    // Another site (another loopback origin) that loads the link four ways, and offers it as a link to click.
    const site = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><title>A fan blog</title>
        <img src="${link}" alt=""><iframe src="${link}" title="embedded"></iframe>
        <link rel="prefetch" href="${link}">
        <script>fetch(${JSON.stringify(link)}, { mode: "no-cors" }).then(() => { document.title = "fetched"; });</script>
        <a id="listen" href="${link}">Listen to the song</a>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
    const visits = async () => {
      const dashboard = await okRoute(api(server), promotersApi.dashboard, { cookie: promoter });
      const [own] = dashboard.visits;
      return {
        counted: own?.counted ?? 0,
        embedded: own?.not_counted.find((row) => row.verdict === "not_navigation")?.count ?? 0,
      };
    };
    try {
      const { page } = await openPage("tracking-embedded");
      await page.goto(`http://127.0.0.2:${(site.address() as AddressInfo).port}/`);
      await expect.poll(() => page.title()).toBe("fetched");
      // Image, frame and script at least (whether a prefetch is made is the browser's choice); none counted.
      await expect.poll(async () => (await visits()).embedded, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      expect((await visits()).counted).toBe(0);

      await page.click("#listen");
      await expect.poll(() => page.getByRole("heading", { name: "Thanks for listening!" }).isVisible()).toBe(true);
      expect((await visits()).counted).toBe(1);

      const dashboard = await openPage("tracking-embedded-promoter", { cookies: promoter });
      await dashboard.page.goto("/promoter-dashboard");
      await dashboard.page.getByRole("tab", { name: "Why visits didn't count" }).click();
      await visible(dashboard.page, "Loaded by another page or prefetched, not opened by a person");
    } finally {
      site.close();
    }
  });

  it("lands on the song, and answers a second visit with the same page: the visitor is told nothing of the verdict", async ({
    server,
    openPage,
  }) => {
    const { shortCode } = await liveCampaignWithLink(server, {
      title: "Browser Song",
      song_link: `http://song.example:${songPort}/track`,
    });

    const { page, context } = await openPage("tracking");
    const first = await page.goto(`/t/${shortCode}`);
    expect(first?.headers()["x-click-verdict"]).toBe("counted");
    await expect.poll(() => page.getByRole("heading", { name: "Thanks for listening!" }).isVisible()).toBe(true);
    expect(await page.getByText("Browser Song").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Redirecting in [123] seconds?\.\.\./).isVisible()).toBe(true);
    await page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    expect(await page.getByRole("heading", { name: "Now playing: the song" }).isVisible()).toBe(true);

    const second = await page.goto(`${server.url}/t/${shortCode}`);
    expect(second?.headers()["x-click-verdict"]).toBe("duplicate");
    await expect.poll(() => page.getByRole("heading", { name: "Thanks for listening!" }).isVisible()).toBe(true);
    await page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    await context.close();

    // Without JavaScript the page is the same and the meta refresh still takes the visitor on.
    const noScript = await openPage("tracking-no-js", { javaScriptEnabled: false });
    await noScript.page.goto(`/t/${shortCode}`);
    expect(await noScript.page.getByRole("heading", { name: "Thanks for listening!" }).isVisible()).toBe(true);
    await noScript.page.waitForURL(`http://song.example:${songPort}/track`, { timeout: 10_000 });
    await noScript.context.close();
  });

  it("checks a suspicious visitor's browser with a proof-of-work, counts the visit, and still lands on the song", async ({
    server,
    openPage,
  }) => {
    const song = `http://song.example:${songPort}/track`;
    const busy = await liveCampaignWithLink(server, { title: "Busy Song", song_link: song });
    const checked = await liveCampaignWithLink(server, { title: "Checked Song", song_link: song });
    const unscripted = await liveCampaignWithLink(server, { title: "Unscripted Song", song_link: song });
    // This machine's address opens a link 21 times within a minute: from now on its visits are checked.
    for (let visit = 0; visit < 21; visit++) await openLink(server, `/t/${busy.shortCode}`);
    const clicksOf = async (id: string) => {
      const board = await okRoute(api(server), leaderboardsApi.campaign, { params: { id } });
      return board.entries[0]?.clicks;
    };

    const { page, context } = await openPage("tracking-challenge");
    await page.goto(`/t/${checked.shortCode}`);
    await expect.poll(() => page.getByRole("heading", { name: "Thanks for listening!" }).isVisible()).toBe(true);
    await page.waitForURL(song, { timeout: 10_000 });
    expect(await clicksOf(checked.id)).toBe(1);
    await context.close();

    // Without JavaScript the check cannot run: the visit does not count, and the page still leads to the song.
    const noScript = await openPage("tracking-challenge-no-js", { javaScriptEnabled: false });
    await noScript.page.goto(`/t/${unscripted.shortCode}`);
    expect(await noScript.page.getByRole("heading", { name: "Checking your visit" }).isVisible()).toBe(true);
    await screenshot(noScript.page, "tracking-challenge-no-js");
    await noScript.page.waitForURL(song, { timeout: 10_000 });
    expect(await clicksOf(unscripted.id)).toBe(0);
    await noScript.context.close();
  });
});
