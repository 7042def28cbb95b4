import { describe, expect } from "vitest";
import { journeys } from "./fixtures";

const it = journeys();

describe("app shell", () => {
  it("shows the header on the home page and the 404 page for an unknown path", async ({ openPage }) => {
    const { page, context } = await openPage("app-shell");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });

    await page.goto("/");
    const header = page.getByRole("banner");
    await expect.poll(() => header.getByRole("link", { name: "FanBoost home" }).isVisible()).toBe(true);
    // The account buttons appear once the session check answers.
    await expect.poll(() => header.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await header.getByRole("button", { name: "Join as Promoter" }).isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Leaderboards" }).isVisible()).toBe(true);
    expect(await page.getByRole("contentinfo").textContent()).toContain("5% platform fee");
    expect(errors).toEqual([]);

    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/this/page/does-not-exist";
      link.textContent = "A broken link";
      document.querySelector("main")?.appendChild(link);
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/does-not-exist")),
      page.click("text=A broken link"),
    ]);
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "Page not found" }).isVisible()).toBe(true);
    await context.close();
  });

  it("has a working mobile menu", async ({ openPage }) => {
    const { page, context } = await openPage("mobile-menu");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Pricing" }).isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    await context.close();
  });
});
