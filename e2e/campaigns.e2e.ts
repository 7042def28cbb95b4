import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { journeys, visible } from "./fixtures";

const it = journeys();

async function signUpInModal(page: Page, userType: "artist" | "promoter") {
  const email = `${userType}-${randomBytes(3).toString("hex")}@example.com`;
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: userType === "artist" ? "Start Campaign" : "Join as Promoter" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First name").fill("Test");
  await dialog.getByLabel("Last name").fill(userType);
  if (userType === "artist") await dialog.getByLabel("Artist name").fill("E2E Band");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("a long password");
  await dialog.getByLabel("Confirm password").fill("a long password");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: /Create .* Account/ }).click();
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
}

async function createCampaign(page: Page, title: string) {
  await page.goto("/create-campaign");
  await page.getByRole("button", { name: "Continue" }).click();
  await visible(page, "Song title is required");
  await page.getByLabel("Song title").fill(title);
  await page.getByLabel("Artist name").fill("E2E Band");
  await page.getByLabel("Song link").fill("https://example.com/song");
  await page.getByRole("button", { name: "Continue" }).click();
  await visible(page, "Please enter a valid URL");
  await page.getByLabel("Song link").fill("https://open.spotify.com/track/e2e");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await visible(page, "Please select a prize amount");
  await page.getByText("Popular").click();
  await page.getByRole("button", { name: "Continue" }).click();
  await visible(page, "Total cost");
  await visible(page, "$262.50");
  await page.getByRole("button", { name: "Launch Campaign" }).click();
  await visible(page, "Campaign created successfully!");
  await page.waitForURL(/\/campaigns\/[0-9a-f-]+\/fund$/, { timeout: 15_000 });
}

async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$262\.50$/ }).click();
}

describe("campaign journey", () => {
  it("an artist funds a campaign and a promoter joins it and copies the link", async ({ server, openPage }) => {
    const artist = await openPage("artist-campaign");
    const title = `Night Drive ${randomBytes(2).toString("hex")}`;
    await signUpInModal(artist.page, "artist");
    await createCampaign(artist.page, title);

    await pay(artist.page, "4000 0000 0000 0002");
    await visible(artist.page, "Payment Error");
    await visible(artist.page, "Your card was declined.");

    await pay(artist.page, "4242 4242 4242 4242");
    await visible(artist.page, "Payment Successful!");
    await artist.page.waitForURL(`${server.url}/join-campaign`, { timeout: 15_000 });
    await visible(artist.page, title);

    const promoter = await openPage("promoter-campaign");
    await promoter.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await signUpInModal(promoter.page, "promoter");
    await promoter.page.goto("/join-campaign");
    const card = promoter.page
      .locator("div.rounded-2xl", { has: promoter.page.getByRole("heading", { name: title }) })
      .last();
    await card.getByRole("button", { name: "Join Campaign" }).click();
    await visible(promoter.page, "Tracking link copied to clipboard!");
    await expect
      .poll(() => card.getByRole("button", { name: "Copy My Link" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const copied = await promoter.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${server.url}/t/[A-Za-z0-9]{9}$`));
    await card.getByRole("button", { name: "Show QR code" }).click();
    await expect.poll(() => card.locator("svg title").first().textContent()).toContain("/t/");
  });
});
