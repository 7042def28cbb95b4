import { describe, expect } from "vitest";
import { liveCampaignWithLink, openLink } from "./api";
import { journeys } from "./fixtures";
import type { AppServer } from "./harness";

const it = journeys();

/** A person somewhere else opening the link: a real connection from another loopback address. */
const openFrom = async (server: AppServer, localAddress: string, path: string) =>
  (await openLink(server, path, { localAddress })).status;

describe("live leaderboard", () => {
  it("moves in an open page when a tracking link is opened from another address", async ({ server, openPage }) => {
    const { id, shortCode: code } = await liveCampaignWithLink(server, {
      title: "Live Song",
      song_link: "https://open.spotify.com/track/live",
    });

    const { page, context } = await openPage("live-leaderboard");
    await page.goto(`/campaigns/${id}`);
    const board = page.getByRole("list", { name: "Leaderboard" });
    await expect.poll(() => board.getByText("0 clicks").isVisible(), { timeout: 10_000 }).toBe(true);
    // Let the stream connect before the click, so the update must come from it.
    await page.waitForTimeout(500);

    expect(await openFrom(server, "127.0.0.7", `/t/${code}`)).toBe(200);
    await expect.poll(() => board.getByText("1 click", { exact: true }).isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await openFrom(server, "127.0.0.8", `/t/${code}`)).toBe(200);
    await expect.poll(() => board.getByText("2 clicks").isVisible(), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => page.getByText("Currently winning the campaign!").first().isVisible()).toBe(true);
    await context.close();
  });

  it("shows the public leaderboards page", async ({ openPage }) => {
    const { page, context } = await openPage("leaderboards-page");
    await page.goto("/leaderboards");
    await expect.poll(() => page.getByRole("heading", { name: "Leaderboards", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("tab", { name: "Active Campaigns" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Active Campaigns" }).click();
    await expect.poll(() => page.getByText("Live Song").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
