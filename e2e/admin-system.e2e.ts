import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";

const [adminEmail, secondAdminEmail, thirdAdminEmail] = [1, 2, 3].map(
  (n) => `admin${n}-${randomBytes(3).toString("hex")}@example.com`,
);
const it = journeys({ env: { ADMIN_EMAILS: `${adminEmail},${secondAdminEmail},${thirdAdminEmail}` } });

/** Presses Copy JSON and reads back what it put on the clipboard. */
async function copiedJson(page: Page) {
  await page.getByRole("button", { name: "Copy JSON" }).first().click();
  await visible(page, "Copied!");
  return JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
}

describe("admin system pages", () => {
  it("runs each page's check and copies its raw JSON; the setup banner leads to the setup page", async ({
    server,
    openPage,
  }) => {
    const admin = await signUpViaApi(server, "promoter", adminEmail);
    const { page, context } = await openPage("admin-system", { cookies: admin, bypassCSP: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });

    await page.goto("/admin/setup");
    await visible(page, "Environment variable status");
    await page.getByRole("button", { name: "Run Check" }).click();
    await visible(page, "Everything answers");
    // Every setting is listed, the newer ones too.
    for (const variable of ["METRICS_TOKEN", "PAYOUT_COUNTRIES", "PRIZE_REPORTING_THRESHOLD", "NETWORK_CLICK_LIMIT"]) {
      await visible(page, variable);
    }
    await page.getByRole("button", { name: "Show Raw Response" }).click();
    expect(await copiedJson(page)).toMatchObject({
      database: { ok: true, kind: "pglite" },
      payments: { mode: "sandbox" },
    });
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Debug" }).click();
    await visible(page, "Debug panel");
    await page.getByRole("button", { name: "Run Check" }).click();
    expect(await copiedJson(page)).toMatchObject({ database: { ok: true }, campaigns: { ok: true } });

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Diagnostics" }).click();
    await page.getByRole("button", { name: "Run Diagnostics" }).click();
    await visible(page, "Background jobs on this instance");
    // The journey's server runs the scheduler: every job has run once at start-up.
    const job = page.locator("tr", { hasText: "finalize-ended-campaigns" });
    await expect.poll(() => job.getByText("OK", { exact: true }).isVisible()).toBe(true);
    // A cadence in whole units: the webhook sender's 5 seconds, not a fraction of a minute.
    const webhooks = page.locator("tr", { hasText: "deliver-webhooks" });
    await expect.poll(() => webhooks.getByText("5 s", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/0\.\d+ min/).count()).toBe(0);
    await visible(page, "WEBHOOK_LOCAL_RECEIVERS");
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await visible(page, `Test email stored in the outbox for ${adminEmail}.`);
    expect(await copiedJson(page)).toMatchObject({ mail: { mode: "outbox" }, session: { role: "admin" } });

    // The red banner of an unreachable database links to the setup page.
    await page.route("**/api/health", (route) =>
      route.fulfill({ status: 503, json: { ok: false, version: "test", database: { ok: false } } }),
    );
    await page.goto("/");
    await visible(page, "Database Setup Required.");
    await page.getByRole("link", { name: "Open setup" }).click();
    await page.waitForURL(/\/admin\/setup$/);
    await visible(page, "Environment variable status");
  });

  it("says why a check could not run, in SPEC.md's words", async ({ server, openPage }) => {
    const admin = await signUpViaApi(server, "promoter", thirdAdminEmail);
    const { page } = await openPage("admin-system-errors", { cookies: admin });
    const answer = { status: 404, body: "" };
    await page.route("**/api/admin/system", (route) =>
      answer.status === 0
        ? route.abort("connectionrefused")
        : route.fulfill({ status: answer.status, contentType: "application/json", body: answer.body }),
    );
    await page.goto("/admin/edge-diagnostics");
    await page.getByRole("button", { name: "Run Diagnostics" }).click();
    await visible(page, "Failed to run diagnostics");
    await visible(page, "Function not found");
    for (const [status, text] of [
      [0, "Network error"],
      [500, "Diagnostics failed"],
    ] as const) {
      answer.status = status;
      await page.getByRole("button", { name: "Try Again" }).click();
      await visible(page, text);
    }
    answer.status = 401;
    answer.body = '{"error":{"code":"unauthorized","message":"Authentication required"}}';
    await page.getByRole("button", { name: "Try Again" }).click();
    await visible(page, "No valid session - please sign in first");

    await page.route("**/api/diag/database", (route) => route.abort("connectionrefused"));
    await page.goto("/admin/debug");
    await visible(page, "Debug panel");
    await visible(page, "Network error");
  });

  it("fits phones and desktops without a serious accessibility violation, and refuses non-admins", async ({
    server,
    openPage,
  }) => {
    const promoter = await signUpViaApi(server, "promoter");
    const { page: refused } = await openPage("admin-system-refused", { cookies: promoter });
    for (const path of ["/admin/setup", "/admin/debug", "/admin/edge-diagnostics"]) {
      await refused.goto(path);
      await visible(refused, "Access Denied");
    }

    const admin = await signUpViaApi(server, "promoter", secondAdminEmail);
    const { page } = await openPage("admin-system-widths", { cookies: admin, bypassCSP: true });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name, ready] of [
        ["/admin/setup", "setup", "Everything answers"],
        ["/admin/debug", "debug", "Debug panel"],
        ["/admin/edge-diagnostics", "diagnostics", "Background jobs on this instance"],
      ] as const) {
        await page.goto(path);
        if (name === "diagnostics") await page.getByRole("button", { name: "Run Diagnostics" }).click();
        await visible(page, ready);
        await page.waitForLoadState("networkidle");
        expect(await horizontalOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
        await screenshot(page, `admin-${name}-${width}`);
      }
    }
  });
});
