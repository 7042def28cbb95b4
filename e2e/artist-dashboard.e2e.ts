import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { campaignsApi } from "../src/core/api/campaigns";
import { callRoute } from "../src/server/testing/contract-call";
import { clickFrom, confirmWith, joinAsNewPromoter, openTab } from "./admin-kit";
import { api, fundedCampaign, signUpViaApi } from "./api";
import { createCampaign, pay, signUpInModal } from "./campaign-kit";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// Behind a trusted proxy hop, each test click can say which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, TRUST_PROXY: "1" } });

describe("artist dashboard", () => {
  it("finds the unpaid draft, pays it, watches a click arrive live, and sees the winner", async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage("artist-dashboard", { bypassCSP: true });
    const title = `Dashboard Song ${randomBytes(2).toString("hex")}`;
    await signUpInModal(page, "artist");
    await createCampaign(page, title);

    // The artist leaves the funding page; the draft waits on the dashboard.
    await page.goto("/");
    await page.goto("/artist-dashboard");
    await visible(page, "Artist Dashboard");
    await openTab(page, "Campaigns");
    const card = page.locator("[data-campaign-id]", { hasText: title });
    await expect.poll(() => card.getByText("DRAFT", { exact: true }).isVisible()).toBe(true);
    await card.getByRole("link", { name: "Finish payment" }).click();
    await page.waitForURL(/\/campaigns\/[0-9a-f-]+\/fund$/);
    await pay(page, "4242 4242 4242 4242");
    await visible(page, "Payment Successful!");

    await page.goto("/artist-dashboard?tab=campaigns");
    await expect.poll(() => card.getByText("LIVE", { exact: true }).isVisible()).toBe(true);
    const campaignId = (await card.getAttribute("data-campaign-id")) as string;

    // A promoter joins and a fan clicks: the dashboard shows it within seconds, without a reload.
    const { code } = await joinAsNewPromoter(server, campaignId);
    expect(await clickFrom(server, code, "203.0.113.7")).toBe("counted");
    await expect
      .poll(() => card.getByText(/Top promoter: @\S+ · 1 click$/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await openTab(page, "Overview");
    await visible(page, "Top promoters this month");
    await expect.poll(() => page.getByText("Total Clicks").locator("..").textContent()).toContain("1");
    await openTab(page, "Analytics");
    await visible(page, "Verified clicks per hour");
    await expect.poll(() => page.locator("tr", { hasText: "Counted" }).count(), { timeout: 10_000 }).toBe(1);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ["Overview", "Campaigns", "Analytics"]) {
        await openTab(page, tab);
        await page.waitForTimeout(300);
        expect(await horizontalOverflow(page)).toBe(0);
        await screenshot(page, `artist-dashboard-${tab.toLowerCase()}-${width}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
    }

    // The campaign ends: the dashboard shows its winner, the public page its result, the link still plays the song.
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTab(page, "Campaigns");
    const admin = await signUpViaApi(server, "promoter", adminEmail);
    expect(
      (await callRoute(api(server), adminApi.endCampaign, { params: { id: campaignId }, cookie: admin })).status,
    ).toBe(200);
    await expect.poll(() => card.getByText(/^Winner: @/).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText("ENDED", { exact: true }).isVisible()).toBe(true);
    expect(await clickFrom(server, code, "203.0.113.8")).toBe("inactive");
    await page.goto(`/campaigns/${campaignId}`);
    await expect.poll(() => page.getByText(/^Winner: @/).isVisible()).toBe(true);
  });

  it("shows a promoter's join live, within 2 s", async ({ server, openPage }) => {
    const artist = await signUpViaApi(server, "artist");
    const title = `Join Live ${randomBytes(2).toString("hex")}`;
    const campaignId = await fundedCampaign(server, { title }, artist);
    const { page } = await openPage("artist-join-live", { cookies: artist });
    await page.goto("/artist-dashboard?tab=campaigns");
    const card = page.locator("[data-campaign-id]", { hasText: title });
    const promoters = card.getByText("Promoters", { exact: true }).locator("..");
    await expect.poll(() => card.getByText("No promoters yet").isVisible(), { timeout: 15_000 }).toBe(true);
    // The stream has sent its first answer: the join is the next thing it says.
    await page.waitForTimeout(500);

    for (const count of [1, 2]) {
      await joinAsNewPromoter(server, campaignId);
      const joinedAt = Date.now();
      await expect
        .poll(async () => (await promoters.textContent())?.trim(), { timeout: 2_000, interval: 100 })
        .toBe(`Promoters${count}`);
      expect(Date.now() - joinedAt).toBeLessThan(2_000);
    }
    await visible(page, "No clicks yet");
  });

  it("deletes an unpaid draft, which carries no PUBLIC badge", async ({ server, openPage }) => {
    const artist = await signUpViaApi(server, "artist");
    const title = `Draft To Delete ${randomBytes(2).toString("hex")}`;
    const created = await callRoute(api(server), campaignsApi.create, {
      cookie: artist,
      body: { title, artist_name: "Band", song_link: "https://open.spotify.com/track/draft", prize_cents: 5000 },
    });
    expect(created.status).toBe(201);
    const { page } = await openPage("artist-delete-draft", { cookies: artist });
    await page.goto("/artist-dashboard?tab=campaigns");
    const card = page.locator("[data-campaign-id]", { hasText: title });
    await expect.poll(() => card.getByText("DRAFT", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText(/^(PUBLIC|PRIVATE)$/).count()).toBe(0);

    await card.getByRole("button", { name: "Delete" }).click();
    await confirmWith(page, "Delete Draft");
    await visible(page, "Draft deleted");
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
    const campaigns = await fetch(`${server.url}/api/artist/campaigns`, { headers: { Cookie: artist } });
    expect(JSON.stringify(await campaigns.json())).not.toContain(title);
  });

  it("sends a signed-out visitor and a promoter home", async ({ server, openPage }) => {
    const { page } = await openPage("artist-dashboard-guard");
    await page.goto("/artist-dashboard");
    await page.waitForURL(`${server.url}/`);
    const promoter = await openPage("artist-dashboard-promoter", { cookies: await signUpViaApi(server, "promoter") });
    await promoter.page.goto("/artist-dashboard");
    await promoter.page.waitForURL(`${server.url}/`);
  });
});
