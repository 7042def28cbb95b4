import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { artworkMessages } from "../src/core/artwork";
import { signUpViaApi } from "./api";
import { pay, signUpInModal } from "./campaign-kit";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";

const it = journeys();

/**
 * The music services' players are other sites: the journey never reaches them. A stand-in page answers for any
 * address off this machine, so the player's frame can be seen to load without a request leaving loopback.
 */
async function keepOffTheNetwork(context: BrowserContext) {
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Player stand-in</p>" }),
  );
}

describe("campaign page journey", () => {
  it("uploads artwork, pays, lands on 'Campaign Launched!', shares, and a visitor and a promoter use its page", {
    timeout: 240_000,
  }, async ({ server, openPage }) => {
    const title = `Cover Story ${randomBytes(2).toString("hex")}`;
    const artist = await openPage("campaign-page-artist");
    await keepOffTheNetwork(artist.context);
    await signUpInModal(artist.page, "artist");
    const { page } = artist;
    await page.goto("/create-campaign");
    await page.getByLabel("Song title").fill(title);
    await page.getByLabel("Artist name").fill("E2E Band");
    await page.getByLabel("Song link").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page.getByLabel("Description (optional)").fill("Written on a night bus; recorded in one take.");

    // A file that only claims to be an image is refused by the server, which reads its content.
    const upload = page.locator('input[type="file"]');
    await upload.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await visible(page, artworkMessages.notAnImage);
    const cover = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#0e7490" } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><circle cx="450" cy="450" r="300" fill="#f59e0b"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    await upload.setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: cover });
    const preview = page.getByRole("img", { name: `Cover art for ${title} by E2E Band` });
    await expect
      .poll(() => preview.getAttribute("src"), { timeout: 15_000 })
      .toMatch(/^\/media\/artwork\/[0-9a-f]{32}\//);
    expect(await page.getByText(artworkMessages.notAnImage).count()).toBe(0);

    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Growth").click();
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "$262.50");
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    await page.waitForURL(/\/campaigns\/[0-9a-f-]+\/fund$/, { timeout: 15_000 });
    const campaignId = page.url().match(/campaigns\/([0-9a-f-]+)\/fund/)?.[1] as string;
    await pay(page, "4242 4242 4242 4242");

    // The launch moment: the share kit, not the generic list.
    await page.waitForURL(`${server.url}/campaigns/${campaignId}/success`, { timeout: 15_000 });
    await visible(page, "Campaign Launched!");
    await visible(page, `${server.url}/campaigns/${campaignId}`);
    // What happens next promises what the official rules say: review, approval, verification, a payout account.
    await visible(page, /the top eligible promoter wins\. The prize is paid once the result has been reviewed/);
    expect(await page.getByText(/automatically/).count()).toBe(0);
    expect(await page.getByRole("img", { name: `Cover art for ${title} by E2E Band` }).getAttribute("src")).toMatch(
      /^\/media\/artwork\//,
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download share image" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fanboost-cover-story-[0-9a-f]{4}\.png$/);
    const image = await sharp(await readFile((await file.path()) as string)).metadata();
    expect([image.format, image.width, image.height]).toEqual(["png", 1080, 1080]);
    await screenshot(page, "campaign-launched-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "campaign-launched-390");

    // A visitor opens the shared page: cover, the artist's words, the player once asked for, the board.
    const visitor = await openPage("campaign-page-visitor", { bypassCSP: true });
    await keepOffTheNetwork(visitor.context);
    await visitor.page.goto(`/campaigns/${campaignId}`);
    await expect
      .poll(() => visitor.page.getByRole("heading", { level: 1, name: title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await visible(visitor.page, "Written on a night bus; recorded in one take.");
    expect(
      await visitor.page.getByRole("img", { name: `Cover art for ${title} by E2E Band` }).getAttribute("srcset"),
    ).toMatch(/320\.webp 320w, .*640\.webp 640w, .*1200\.webp 1200w$/);
    await visible(visitor.page, "No promoters yet. Be the first to join!");
    expect(await visitor.page.locator("iframe").count()).toBe(0);
    await visitor.page.getByRole("button", { name: "Play" }).click();
    const player = visitor.page.locator(`iframe[title="${title} by E2E Band on YouTube"]`);
    await expect.poll(() => player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(await seriousViolations(visitor.page)).toEqual([]);
    for (const width of [360, 390, 1366, 1920]) {
      await visitor.page.setViewportSize({ width, height: 900 });
      await visitor.page.waitForTimeout(200);
      expect(await horizontalOverflow(visitor.page), `overflow at ${width} px`).toBe(0);
      await screenshot(visitor.page, `campaign-page-${width}`);
    }

    // A promoter joins from the page and finds themselves on its board.
    const promoter = await openPage("campaign-page-promoter", {
      cookies: await signUpViaApi(server, "promoter"),
      // axe runs on the rules page.
      bypassCSP: true,
    });
    await promoter.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await promoter.page.goto(`/campaigns/${campaignId}`);
    // Before joining, the promoter reads the official rules the join accepts, then comes back.
    await promoter.page.getByRole("link", { name: "official rules" }).click();
    await expect
      .poll(() => promoter.page.getByRole("heading", { level: 1, name: `${title} by E2E Band` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    for (const fact of [
      "Sponsor and administrator",
      "under review for",
      "a three-way tie for",
      "Fingerprint (SHA-256)",
    ]) {
      await visible(promoter.page, fact);
    }
    expect(await seriousViolations(promoter.page)).toEqual([]);
    for (const width of [390, 1366]) {
      await promoter.page.setViewportSize({ width, height: 900 });
      await promoter.page.waitForTimeout(200);
      expect(await horizontalOverflow(promoter.page), `rules overflow at ${width} px`).toBe(0);
      await screenshot(promoter.page, `campaign-rules-${width}`, { fullPage: true });
    }
    await promoter.page.getByRole("link", { name: "Back to the campaign" }).click();
    await promoter.page.getByRole("button", { name: "Join Campaign" }).click();
    await visible(promoter.page, "Tracking link copied to clipboard!");
    await expect
      .poll(() => promoter.page.getByRole("button", { name: "Copy My Link" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await promoter.page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^${server.url}/t/[A-Za-z0-9]{9}$`),
    );
    await expect
      .poll(() => promoter.page.getByRole("list", { name: "Leaderboard" }).getByText(/^@/).count(), { timeout: 10_000 })
      .toBe(1);
    // The page's promoter count follows the join.
    await expect
      .poll(() => promoter.page.getByText("Promoters", { exact: true }).locator("..").textContent())
      .toBe("1Promoters");

    // With a campaign and a promoter, the home page's hero shows the site's figures instead of its invitation.
    await promoter.page.goto("/");
    for (const label of ["Paid to Music Promoters", "Clicks for Independent Artists", "Active Music Promoters"]) {
      await visible(promoter.page, label);
    }
    expect(await promoter.page.getByText("Be the first on FanBoost").count()).toBe(0);
  });
});
