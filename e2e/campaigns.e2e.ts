import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { answerJoinDialog, createCampaign, pay, signUpInModal } from "./campaign-kit";
import { journeys, screenshot, visible } from "./fixtures";

const it = journeys();

describe("campaign journey", () => {
  it("an artist funds a campaign and a promoter joins it and copies the link", async ({ server, openPage }) => {
    const artist = await openPage("artist-campaign");
    const title = `Night Drive ${randomBytes(2).toString("hex")}`;
    await signUpInModal(artist.page, "artist");
    await createCampaign(artist.page, title, { countries: ["Canada", "United States"] });

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
    // The first join asks where the promoter lives and their age; Cancel leaves without joining.
    await card.getByRole("button", { name: "Join Campaign" }).click();
    const dialog = promoter.page.getByRole("dialog", { name: "Before you join" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await card.getByRole("button", { name: "Join Campaign" }).click();
    await dialog.getByRole("button", { name: /^Join "/ }).click();
    await visible(promoter.page, "Choose the country you live in");
    // The campaign is open to Canada and the United States only: Germany is refused with the reason.
    await answerJoinDialog(promoter.page, { country: "Germany", age: 18 });
    await visible(
      promoter.page,
      "This campaign is open only to people who live in Canada and the United States. You told us you live in Germany, so you cannot join it.",
    );
    await screenshot(promoter.page, "join-eligibility-refused", { fullPage: false });
    await answerJoinDialog(promoter.page, { country: "United States", state: "Mississippi", age: 21 });
    await visible(promoter.page, "Tracking link copied to clipboard!");
    await expect
      .poll(() => card.getByRole("button", { name: "Copy My Link" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const copied = await promoter.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${server.url}/t/[A-Za-z0-9]{9}$`));
    await card.getByRole("button", { name: "Show QR code" }).click();
    await expect.poll(() => card.locator("svg title").first().textContent()).toContain("/t/");

    // Settings show where they said they live, and a move is stated there, confirming the age again.
    await promoter.page.goto("/settings");
    const residence = promoter.page.getByRole("region", { name: "Where you live" });
    await visible(promoter.page, "You live in Mississippi, United States and confirmed you are at least 21.");
    await residence.getByLabel("State").selectOption({ label: "Alabama" });
    await residence.getByRole("button", { name: "Save Where I Live" }).click();
    await visible(promoter.page, "Confirm that you are at least 19 years old");
    await residence.getByLabel("I am at least 19 years old").check();
    await residence.getByRole("button", { name: "Save Where I Live" }).click();
    await visible(promoter.page, "Saved: you live in Alabama, United States.");
    await screenshot(promoter.page, "settings-where-you-live");
  });
});
