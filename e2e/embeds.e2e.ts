import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect } from "vitest";
import { campaignsApi } from "../src/core/api/campaigns";
import { okRoute } from "../src/server/testing/contract-call";
import { api, fundedCampaign, openLink, signUpViaApi } from "./api";
import { journeys, screenshot, seriousViolations, visible } from "./fixtures";

const it = journeys();

/** Another site: a page on its own loopback origin that holds `body` (the embed code its owner pasted). */
async function otherSite(body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The band's own site</title></head>
<body style="font-family:sans-serif;background:#f4f4f5;padding:24px"><main><h1>Our new single</h1><p>Help us spread it:</p>${body}</main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  return { url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/`, server };
}

describe("embedded leaderboard journey", () => {
  it("an artist copies the embed code from the share kit, another site shows the board, and a click moves it within 2 s", async ({
    server,
    openPage,
  }) => {
    const artist = await signUpViaApi(server, "artist");
    const id = await fundedCampaign(server, { title: "Embed Anthem" }, artist);
    const promoter = await signUpViaApi(server, "promoter");
    const { link } = await okRoute(api(server), campaignsApi.join, { params: { id }, cookie: promoter });

    const { page, context } = await openPage("embed-share-kit", { cookies: artist, bypassCSP: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto(`/campaigns/${id}`);
    const embed = page.getByRole("region", { name: "Embed the live leaderboard" });
    await embed.getByLabel("Look").selectOption("dark");
    await embed.getByLabel("Kind of code").selectOption("iframe");
    expect(await embed.getByLabel("Embed code").inputValue()).toContain(`/embed/campaigns/${id}?theme=dark`);
    await embed.getByLabel("Kind of code").selectOption("script");
    await embed.getByRole("button", { name: "Copy embed code" }).click();
    await visible(page, "Embed code copied to clipboard!");
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toContain(`data-fanboost-campaign="${id}" data-theme="dark"`);
    expect(code).toContain(`${server.url}/embed.js`);
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      embed.getByRole("link", { name: "Preview the board" }).click(),
    ]);
    await expect.poll(() => preview.getByRole("heading", { name: "Embed Anthem" }).isVisible()).toBe(true);
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, "campaign-share-kit-embed");

    const site = await otherSite(code);
    try {
      const { page: visitor } = await openPage("embed-other-site", { bypassCSP: true });
      await visitor.goto(site.url);
      const frame = visitor.frameLocator(`iframe[src*="/embed/campaigns/${id}"]`);
      await expect.poll(() => frame.getByText("0 clicks").isVisible(), { timeout: 15_000 }).toBe(true);
      // The frame sized itself to the board, which fits without a scroll bar.
      const height = await visitor.locator("iframe").evaluate((element) => element.getBoundingClientRect().height);
      expect(height).toBeGreaterThan(250);
      expect(height).toBeLessThan(560);
      expect(await frame.getByRole("img", { name: "First place" }).count()).toBe(0);
      // Let the stream connect, so the update must come through it.
      await visitor.waitForTimeout(1000);

      expect((await openLink(server, `/t/${link.short_code}`, { localAddress: "127.0.0.31" })).verdict).toBe("counted");
      const clicked = Date.now();
      await expect
        .poll(() => frame.getByText("1 click", { exact: true }).isVisible(), { timeout: 2_000, interval: 100 })
        .toBe(true);
      expect(Date.now() - clicked).toBeLessThan(2_000);
      expect(await frame.getByRole("img", { name: "First place" }).count()).toBe(1);
      expect(await frame.getByText("Currently winning the campaign!").isVisible()).toBe(true);

      const inner = visitor.frames().find((each) => each.url().includes("/embed/campaigns/"));
      if (!inner) throw new Error("the embed's frame is missing");
      expect(await seriousViolations(inner)).toEqual([]);
      await screenshot(visitor, "embed-on-another-site");

      // The Join link leads to the campaign's page, in a new tab, outside the frame.
      const [campaignTab] = await Promise.all([
        visitor.context().waitForEvent("page"),
        frame.getByRole("link", { name: "Join and win $50" }).click(),
      ]);
      await campaignTab.waitForURL(`${server.url}/campaigns/${id}`);

      // The light look, opened on its own, passes axe too.
      const { page: light } = await openPage("embed-light", { bypassCSP: true });
      await light.goto(`/embed/campaigns/${id}?theme=light`);
      await visible(light, "1 click");
      expect(await seriousViolations(light)).toEqual([]);
      await screenshot(light, "embed-light");
    } finally {
      site.server.close();
    }
  });
});
