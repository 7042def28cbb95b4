import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot, visible } from "./fixtures";

/** What the artist journeys share: signing up in the dialog, the campaign wizard, the sandbox card form. */

export async function signUpInModal(page: Page, userType: "artist" | "promoter") {
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
  // Start Campaign led to the wizard: the new artist lands there, not back on the home page.
  if (userType === "artist") await page.waitForURL(/\/create-campaign$/, { timeout: 10_000 });
}

/**
 * The wizard, with its refusals on the way; `countries` (names as the page shows them) limits who can join to those
 * instead of everyone where prizes can be paid.
 */
export async function createCampaign(page: Page, title: string, options: { countries?: string[] } = {}) {
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
  await page.getByText("Growth").click();
  if (options.countries) {
    await page.getByLabel("Only the countries I choose").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "Choose at least one country the campaign is open to");
    for (const country of options.countries) await page.getByLabel(country, { exact: true }).check();
    await screenshot(page, "wizard-who-can-join", { fullPage: false });
  }
  await page.getByRole("button", { name: "Continue" }).click();
  await visible(page, "Total cost");
  await visible(page, "$262.50");
  // The review names who can join, as the official rules will freeze it.
  const whoCanJoin = page.locator("div", { has: page.getByText("Who can join", { exact: true }) }).last();
  await expect
    .poll(() => whoCanJoin.locator("dd").textContent())
    .toMatch(
      options.countries
        ? new RegExp(`^${[...options.countries].sort((a, b) => a.localeCompare(b, "en")).join(", ")}$`)
        : /^Everyone where prizes can be paid \(\d+ countries\)$/,
    );
  await page.getByRole("button", { name: "Launch Campaign" }).click();
  await visible(page, "Campaign created successfully!");
  await page.waitForURL(/\/campaigns\/[0-9a-f-]+\/fund$/, { timeout: 15_000 });
}

export async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$262\.50$/ }).click();
}

/**
 * The first join's dialog: where the promoter lives (a country's and a state's names as the page shows them) and the
 * age confirmation, then the dialog's Join button.
 */
export async function answerJoinDialog(page: Page, residence: { country: string; state?: string; age: number }) {
  const dialog = page.getByRole("dialog", { name: "Before you join" });
  await dialog.getByLabel("Country you live in").selectOption({ label: residence.country });
  if (residence.state) await dialog.getByLabel("State").selectOption({ label: residence.state });
  await dialog.getByLabel(`I am at least ${residence.age} years old`).check();
  await dialog.getByRole("button", { name: /^Join "/ }).click();
}
