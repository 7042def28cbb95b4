import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { createCampaign, pay, signUpInModal } from "./campaign-kit";
import { journeys, visible } from "./fixtures";

const it = journeys();

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
    await artist.page.waitForURL(/\/campaigns\/[0-9a-f-]+\/success$/, { timeout: 15_000 });
    await visible(artist.page, "Campaign Launched!");
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
