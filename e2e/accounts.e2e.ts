import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { journeys, visible } from "./fixtures";

const it = journeys();

describe("accounts journey", () => {
  it("signs up an artist, signs out through /auth/signout and signs in again", async ({ server, openPage }) => {
    const { page, context } = await openPage("artist-account");
    const email = `artist-${randomBytes(3).toString("hex")}@example.com`;
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Start Campaign" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("tab", { name: "Artist" }).getAttribute("aria-selected")).toBe("true");

    await dialog.getByRole("button", { name: "Create Artist Account" }).click();
    await visible(page, "First name is required");
    await dialog.getByLabel("First name").fill("Nova");
    await expect.poll(() => page.getByText("First name is required", { exact: true }).count()).toBe(0);
    await visible(page, "Artist name is required");

    await dialog.getByLabel("Last name").fill("Lights");
    await dialog.getByLabel("Artist name").fill("Nova Lights");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("a long password");
    await dialog.getByLabel("Confirm password").fill("a different one");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Create Artist Account" }).click();
    await visible(page, "Passwords do not match");
    await dialog.getByLabel("Confirm password").fill("a long password");
    await dialog.getByRole("button", { name: "Create Artist Account" }).click();

    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    const header = page.getByRole("banner");
    // The account menu goes by the artist name, not the email.
    await header.getByRole("button", { name: /Nova Lights/ }).click();
    const menu = page.getByRole("menu");
    await expect.poll(() => menu.getByText("Artist", { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText(email).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("fanboost_logged_in"))).toBe("true");
    await page.keyboard.press("Escape");

    // Arriving at /auth/signout directly (another site could send a visitor there) asks first.
    await page.goto("/auth/signout");
    await visible(page, "Sign out of FanBoost?");
    await page.getByRole("button", { name: "Stay Signed In" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem("fanboost_logged_in"))).toBe("true");
    await page.goto("/auth/signout");
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await visible(page, "Signed Out Successfully");
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem("fanboost_logged_in"))).toBeNull();
    await visible(page, "Join as Promoter");

    await header.getByRole("button", { name: "Sign In" }).click();
    await dialog.getByLabel("Email").fill(`  ${email.toUpperCase()}  `);
    await dialog.getByLabel("Password", { exact: true }).fill("wrong password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await visible(page, /invalid email or password/i);
    await dialog.getByLabel("Password", { exact: true }).fill("a long password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => header.getByRole("link", { name: "Browse Campaigns" }).isVisible()).toBe(true);
    await context.close();
  });

  it("signs up a promoter and shows the Promoter badge", async ({ openPage }) => {
    const { page, context } = await openPage("promoter-account");
    const email = `fan-${randomBytes(3).toString("hex")}@example.com`;
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Join as Promoter" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First name").fill("Fan");
    await dialog.getByLabel("Last name").fill("Club");
    await dialog.getByLabel("Social handle (optional)").fill("@fanclub");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("a long password");
    await dialog.getByLabel("Confirm password").fill("a long password");
    await dialog.getByRole("button", { name: "Create Promoter Account" }).click();
    await visible(page, "You must agree to the terms and conditions");
    await dialog.getByRole("checkbox").check();
    await expect
      .poll(() => page.getByText("You must agree to the terms and conditions", { exact: true }).count())
      .toBe(0);
    await dialog.getByRole("button", { name: "Create Promoter Account" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Fan Club/ })
      .click();
    await expect.poll(() => page.getByRole("menu").getByText("Promoter", { exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
