import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { campaignsApi } from "../src/core/api/campaigns";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, clickFrom, joinAsNewPromoter } from "./admin-kit";
import { accountOf, api, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// The default review window (the result stays provisional); behind a trusted proxy each click names its address.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, TRUST_PROXY: "1" } });

const handleOf = async (server: AppServer, cookies: string) => {
  const { promoter } = await accountOf(server, cookies);
  if (!promoter) throw new Error("A promoter who joined has a promoter profile");
  return promoter.handle;
};

/** A figure tile of the campaign page, as its text reads: the value, then the label. */
const tile = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("..").textContent();

describe("a campaign page left open", () => {
  it("follows the stream: its tiles move with each click, and at the end its status, heading and actions change, with the winner #1 after a passed-over leader", {
    timeout: 180_000,
  }, async ({ server, openPage }) => {
    const tag = randomBytes(2).toString("hex");
    const admin = await signUpViaApi(server, "promoter", adminEmail);
    // The leader won another campaign a moment ago: the 30-day rule will pass them over.
    const earlier = await campaignWithPromoter(server, `Earlier Win ${tag}`);
    expect(await clickFrom(server, earlier.code, "203.0.113.70")).toBe("counted");
    expect(
      (await callRoute(api(server), adminApi.endCampaign, { params: { id: earlier.id }, cookie: admin })).status,
    ).toBe(200);
    const title = `Left Open ${tag}`;
    const { id } = await campaignWithPromoter(server, title);
    const leader = earlier.promoter;
    const { link } = await okRoute(api(server), campaignsApi.join, { params: { id }, cookie: leader });
    const leaderCode = link.short_code;
    const { promoter: next, code: nextCode } = await joinAsNewPromoter(server, id);
    const [leaderHandle, nextHandle] = [await handleOf(server, leader), await handleOf(server, next)];

    // A fan who has not joined keeps the page open.
    const viewer = await openPage("campaign-live-viewer", { cookies: await signUpViaApi(server, "promoter") });
    const { page } = viewer;
    await page.goto(`/campaigns/${id}`);
    await visible(page, "Live leaderboard");
    await visible(page, "LIVE");
    await expect.poll(() => page.getByRole("button", { name: "Join Campaign" }).isVisible()).toBe(true);
    expect(await tile(page, "Promoters")).toBe("3Promoters");
    expect(await tile(page, "Verified clicks")).toBe("0Verified clicks");

    // Each counted click moves the board and the tile together, without a reload.
    const addresses = ["198.51.100.71", "198.51.100.72", "198.51.100.73"];
    for (const [index, address] of addresses.entries()) {
      expect(await clickFrom(server, leaderCode, address)).toBe("counted");
      await expect.poll(() => tile(page, "Verified clicks"), { timeout: 5_000 }).toBe(`${index + 1}Verified clicks`);
    }
    for (const address of ["198.51.100.74", "198.51.100.75"]) {
      expect(await clickFrom(server, nextCode, address)).toBe("counted");
    }
    await expect.poll(() => tile(page, "Verified clicks"), { timeout: 5_000 }).toBe("5Verified clicks");
    const board = page.getByRole("list", { name: "Leaderboard" });
    await expect.poll(() => board.locator("li").first().textContent()).toContain(`@${leaderHandle}`);
    // A join moves the promoters tile the same way.
    await joinAsNewPromoter(server, id);
    await expect.poll(() => tile(page, "Promoters"), { timeout: 5_000 }).toBe("4Promoters");

    // The admin ends it: the open page says so at once, and offers no join.
    expect((await callRoute(api(server), adminApi.endCampaign, { params: { id }, cookie: admin })).status).toBe(200);
    await visible(page, "Final leaderboard", 10_000);
    await visible(page, "ENDED");
    expect(await page.getByText("LIVE", { exact: true }).count()).toBe(0);
    expect(await page.getByText("Live leaderboard").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Join Campaign" }).count()).toBe(0);
    expect(await page.locator("time[datetime]").count()).toBe(0);
    await visible(page, `Winner: @${nextHandle}`);
    await visible(page, /^Provisional: results under review until/);

    // The winner is #1 on the podium and on the board; the passed-over leader keeps their clicks, with the reason.
    const first = page.getByRole("list", { name: "Podium" }).locator("li", { has: page.getByLabel("First place") });
    await expect.poll(() => first.textContent()).toContain(`@${nextHandle}`);
    const leaderRow = board.locator("li", { hasText: `@${leaderHandle}` });
    await expect
      .poll(() => leaderRow.getByText("Not eligible: won a campaign in the last 30 days").isVisible())
      .toBe(true);
    expect(await leaderRow.getByLabel("First place").count()).toBe(0);
    await screenshot(page, "campaign-live-ended-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "campaign-live-ended-390");

    // The winner's dashboard and earnings say #1.
    const winner = await openPage("campaign-live-winner", { cookies: next });
    await winner.page.goto("/promoter-dashboard?tab=completed");
    const completedRow = winner.page.locator("tr", { hasText: title });
    await expect.poll(() => completedRow.getByText("#1", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await winner.page.goto("/earnings");
    const earningsRow = winner.page.locator("tr", { hasText: title });
    await expect.poll(() => earningsRow.getByText(/^#1/).isVisible(), { timeout: 10_000 }).toBe(true);

    // The embed notes why the leader, listed first, did not win.
    await page.goto(`/embed/campaigns/${id}`);
    const embedded = page.locator("li", { hasText: `@${leaderHandle}` });
    await expect.poll(() => embedded.getByText("Not eligible for this prize (official rules)").isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .locator("li", { hasText: `@${nextHandle}` })
          .getByLabel("First place")
          .isVisible(),
      )
      .toBe(true);
  });
});
