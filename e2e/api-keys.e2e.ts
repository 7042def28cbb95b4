import { describe, expect } from "vitest";
import { apiKeyMessages } from "../src/core/api-keys";
import { signUpViaApi } from "./api";
import { journeys, screenshot, seriousViolations, visible } from "./fixtures";

const it = journeys();

describe("API keys journey", () => {
  it("an artist creates a read key in settings, copies it, calls the API with it, reads the reference, and revokes it", async ({
    server,
    openPage,
  }) => {
    const { page, context } = await openPage("api-keys", {
      cookies: await signUpViaApi(server, "artist"),
      bypassCSP: true,
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "API keys" });
    await visible(page, "No keys yet.");
    // An artist who promotes nothing is offered neither the promoters' scope nor their emails.
    expect(await section.getByLabel(/Read my tracking links and earnings/).count()).toBe(0);
    const emails = page.getByRole("region", { name: "Emails" });
    await expect.poll(() => emails.getByText("Product news").isVisible()).toBe(true);
    expect(await emails.getByText(/campaign you promote/).count()).toBe(0);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `settings-artist-${width}`);
    }
    await section.getByRole("button", { name: "Create Key" }).click();
    await visible(page, apiKeyMessages.nameRequired);
    await section.getByLabel("Key name").fill("My website");
    await section.getByRole("button", { name: "Create Key" }).click();
    await visible(page, apiKeyMessages.scopesRequired);
    await section.getByLabel(/Read my campaigns and their analytics/).check();
    await section.getByRole("button", { name: "Create Key" }).click();
    await visible(page, "Copy it now: it is shown only this once.");
    await section.getByRole("button", { name: "Copy Key" }).click();
    await visible(page, "API key copied to clipboard");
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^fb_[A-Za-z0-9]{32}$/);
    // The toasts fade in and out: axe reads the page once they are gone.
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "settings-api-key-created");

    const campaigns = () =>
      fetch(`${server.url}/api/v1/campaigns`, { headers: { Authorization: `Bearer ${secret}` } }).then(
        (response) => response.status,
      );
    expect(await campaigns()).toBe(200);

    await section.getByRole("button", { name: "Done" }).click();
    await page.reload();
    // The list shows the key by its name and prefix, and that it was just used.
    await expect.poll(() => section.getByText(secret.slice(0, 10)).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await section.getByText("last used never").count()).toBe(0);
    await section.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke Key" }).click();
    await visible(page, 'Revoked "My website": it no longer works');
    await expect.poll(() => section.getByText("Revoked", { exact: true }).isVisible()).toBe(true);
    expect(await campaigns()).toBe(401);

    await section.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/\/api\/v1\/docs$/);
    await visible(page, "FanBoost API v1");
    await visible(page, "/api/v1/campaigns/{id}/analytics");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "api-reference");
  });
});
