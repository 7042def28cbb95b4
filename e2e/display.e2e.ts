import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { accountsApi } from "../src/core/api/accounts";
import { adminApi } from "../src/core/api/admin";
import { campaignsApi } from "../src/core/api/campaigns";
import { cookiesFrom } from "../src/server/testing/accounts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { clickFrom, onboardPayouts, openTab, settleWin } from "./admin-kit";
import { api, fundedCampaign, ownAddress, signUpViaApi, stateResidence, verifyEmailViaOutbox } from "./api";
import { journeys, screenshot, shownWhole, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmails = [1, 2, 3, 4].map((n) => `admin${n}-${randomBytes(3).toString("hex")}@example.com`);
// Behind a trusted proxy hop, each test click (and sign-up) can say which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmails.join(","), TRUST_PROXY: "1" } });

const tag = () => randomBytes(2).toString("hex");

/**
 * Signs a promoter up through the API (unverified) from an address of their own, eligible to join; answers the session
 * cookies.
 */
async function signUpPromoter(server: AppServer, fields: { email: string; social_handle?: string }) {
  const signedUp = await callRoute(api(server), accountsApi.signUp, {
    body: { password: "a long password", first_name: "P", last_name: "Q", user_type: "promoter", ...fields },
    headers: ownAddress(),
  });
  expect(signedUp.status).toBe(200);
  return stateResidence(server, cookiesFrom(signedUp));
}

/** The promoter (signed in with `cookies`) joins the campaign: their tracking code. */
const joinedCode = async (server: AppServer, campaignId: string, cookies: string) =>
  (await okRoute(api(server), campaignsApi.join, { params: { id: campaignId }, cookie: cookies })).link.short_code;

/** A promoter with the handle, joined to the campaign; answers their tracking code. */
async function joinWithHandle(server: AppServer, campaignId: string, handle: string) {
  const cookies = await signUpPromoter(server, { email: `${handle}@example.com`, social_handle: handle });
  return joinedCode(server, campaignId, cookies);
}

describe("what each screen shows", () => {
  it("shows the leading promoter's handle whole on a campaign card, and whole on the podium", async ({
    server,
    openPage,
  }) => {
    const title = `Card ${tag()}`;
    const id = await fundedCampaign(server, { title });
    const handles = [`lead_${tag()}_${"x".repeat(20)}`, `second-${tag()}-${"y".repeat(18)}`, `third_${tag()}`];
    for (const [index, handle] of handles.entries()) {
      const code = await joinWithHandle(server, id, handle);
      for (let click = 0; click < 3 - index; click++) await clickFrom(server, code, `203.0.113.${index * 10 + click}`);
    }
    const { page } = await openPage("card-leader");
    for (const width of [390, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/join-campaign");
      const card = page.locator("div.rounded-2xl", { has: page.getByRole("heading", { name: title }) }).last();
      const leader = card.getByText(`@${handles[0]}`, { exact: true });
      await expect.poll(() => leader.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await shownWhole(leader), `leader at ${width}px`).toBe(true);
    }

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/campaigns/${id}`);
    const podium = page.getByRole("list", { name: "Podium" });
    for (const handle of handles) {
      const onPodium = podium.getByText(`@${handle}`, { exact: true });
      await expect.poll(() => onPodium.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await shownWhole(onPodium), handle).toBe(true);
    }
  });

  it("shows 'Avg. promoter earnings' on the home page once a winner is paid, and nothing before", async ({
    server,
    openPage,
  }) => {
    const { page } = await openPage("average-earnings");
    await page.goto("/");
    await visible(page, "For promoters");
    await page.waitForLoadState("networkidle");
    expect(await page.getByText(/Avg\. promoter earnings/).count()).toBe(0);

    const admin = await signUpViaApi(server, "promoter", adminEmails[2]);
    const id = await fundedCampaign(server, { title: `Paid ${tag()}`, prize_cents: 120_00 });
    const winnerEmail = `winner-${tag()}@example.com`;
    const winner = await signUpPromoter(server, { email: winnerEmail });
    await verifyEmailViaOutbox(server, winnerEmail);
    await clickFrom(server, await joinedCode(server, id, winner), "203.0.113.120");
    await onboardPayouts(server, winner);
    const asAdmin = { params: { id }, cookie: admin };
    expect((await callRoute(api(server), adminApi.endCampaign, asAdmin)).status).toBe(200);
    expect((await callRoute(api(server), adminApi.releaseResults, asAdmin)).status).toBe(200);
    await settleWin(server, admin, winner, id);
    const list = await okRoute(api(server), adminApi.payouts, { cookie: admin });
    const payoutId = list.rows.find((row) => row.campaign_id === id)?.payout?.id ?? "";
    expect((await callRoute(api(server), adminApi.payPayout, { params: { payoutId }, cookie: admin })).status).toBe(
      200,
    );

    // The site metrics are cached for five seconds.
    await expect
      .poll(
        async () => {
          await page.reload();
          // The hero's figures arrive after the page: each look waits for them a moment.
          return page
            .getByText("Avg. promoter earnings $120")
            .waitFor({ timeout: 4_000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
  });

  it("refuses a form with SPEC.md's 'Validation failed' toast, and an amount that is not whole dollars", async ({
    openPage,
  }) => {
    const { page } = await openPage("validation-toast");
    await page.goto("/create-campaign");
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "Validation failed: Song title is required, Artist name is required, Song URL is required");
    await page.getByLabel("Song title").fill("Toast Song");
    await page.getByLabel("Artist name").fill("Toast Band");
    await page.getByLabel("Song link").fill("https://open.spotify.com/track/toast");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Custom", { exact: true }).click();
    await page.getByLabel("Custom amount (USD)").fill("12.5");
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "Validation failed: Please enter a valid amount");
    expect(await page.getByText("Please enter a valid amount", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Custom amount (USD)").fill("9");
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "Custom amount must be at least $10");
    await page.getByLabel("Custom amount (USD)").fill("12");
    await page.getByRole("button", { name: "Continue" }).click();
    await visible(page, "$12.60");
  });

  it("says an ended campaign has ended on its launch page", async ({ server, openPage }) => {
    const admin = await signUpViaApi(server, "promoter", adminEmails[0]);
    const artist = await signUpViaApi(server, "artist");
    const id = await fundedCampaign(server, { title: `Over ${tag()}` }, artist);
    const { page } = await openPage("success-ended", { cookies: artist });
    await page.goto(`/campaigns/${id}/success`);
    await visible(page, "Your campaign is live");
    expect((await callRoute(api(server), adminApi.endCampaign, { params: { id }, cookie: admin })).status).toBe(200);
    await page.reload();
    await visible(page, "Campaign Launched!");
    await visible(page, "Your campaign has ended");
    expect(await page.getByText("Your campaign is live").count()).toBe(0);
    expect(await page.getByText("Share it now").count()).toBe(0);
  });

  it("offers to resend the verification email from the settings", async ({ server, openPage }) => {
    const email = `unverified-${tag()}@example.com`;
    const cookies = await signUpPromoter(server, { email });
    const { page } = await openPage("settings-resend", { cookies });
    await page.goto("/settings");
    await visible(page, "Not verified");
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await visible(page, "Verification email sent. Open the link in it to verify your address.");
    await expect.poll(() => server.findEmails(email, /verify your/i).length, { timeout: 10_000 }).toBe(2);
  });

  it("empties the sign-in and sign-up dialog when it is closed", async ({ openPage }) => {
    const { page } = await openPage("dialog-reset");
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Join as Promoter" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("first password");
    await dialog.getByLabel("Confirm password").fill("first password");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await header.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => dialog.getByLabel("Email").inputValue()).toBe("");
    expect(await dialog.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await page.keyboard.press("Escape");

    // The next sign-up, with a new password, goes through.
    await header.getByRole("button", { name: "Join as Promoter" }).click();
    expect(await dialog.getByLabel("Confirm password").inputValue()).toBe("");
    await dialog.getByLabel("First name").fill("Fresh");
    await dialog.getByLabel("Last name").fill("Start");
    await dialog.getByLabel("Email").fill(`fresh-${tag()}@example.com`);
    await dialog.getByLabel("Password", { exact: true }).fill("second password");
    await dialog.getByLabel("Confirm password").fill("second password");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Create Promoter Account" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    expect(await page.getByText("Passwords do not match").count()).toBe(0);
  });

  it("keeps the admin tables' actions and verdicts on a phone's screen, without a sideways scroll", async ({
    server,
    openPage,
  }) => {
    const id = await fundedCampaign(server, { title: `Phone ${tag()}` });
    const handle = `phone_${tag()}`;
    const code = await joinWithHandle(server, id, handle);
    // One network past its hourly limit on the link: one open flag about the promoter. Then a fan's counted click.
    for (let host = 1; host <= 11; host++) await clickFrom(server, code, `198.18.250.${host}`);
    await clickFrom(server, code, "203.0.113.90");
    const admin = await signUpViaApi(server, "promoter", adminEmails[1]);
    const { page } = await openPage("admin-phone", { cookies: admin });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto("/admin");
    for (const [tab, column] of [
      ["Campaigns", "Delete"],
      ["Users", "Ban"],
      ["Real-time", "Counted"],
    ] as const) {
      await openTab(page, tab);
      const cell = page.locator("tbody tr").first().getByText(column, { exact: true }).first();
      await expect.poll(() => cell.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await shownWhole(cell), `${tab}: ${column}`).toBe(true);
    }
    // The promoter's record counts the flag in the singular.
    await openTab(page, "Users");
    await page.getByLabel("Search users").fill(handle);
    const record = page.locator("tbody tr", { hasText: `@${handle}` });
    await expect.poll(() => record.getByText(/· 1 open flag$/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goto(`/admin/investigate?campaign=${id}`);
    const verdict = page.locator("tbody tr").getByText("Counted", { exact: true }).first();
    await expect.poll(() => verdict.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await shownWhole(verdict), "investigation: verdict").toBe(true);
  });

  it("shows at 390 px that the promoter's and the admin's tab strips scroll, and scrolls the chosen tab into view", async ({
    server,
    openPage,
  }) => {
    /** Whether the element is inside its strip's visible part (the strip scrolls, so `shownWhole` does not apply). */
    const inView = (locator: Locator) =>
      locator.evaluate((element) => {
        const strip = element.closest("[data-scroll-strip]")?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return Boolean(strip && box.left >= strip.left - 0.5 && box.right <= strip.right + 0.5);
      });
    const stripOf = (page: Page, name: string) =>
      page
        .locator("[data-scroll-strip]")
        .filter({ has: page.getByRole(name === "Admin" ? "navigation" : "tablist", { name }) });
    const promoter = await openPage("tabs-promoter", { cookies: await signUpViaApi(server, "promoter") });
    await promoter.page.setViewportSize({ width: 390, height: 844 });
    await promoter.page.goto("/promoter-dashboard");
    const sections = stripOf(promoter.page, "Dashboard sections");
    await expect.poll(() => sections.getAttribute("data-more"), { timeout: 15_000 }).toBe("end");
    await screenshot(promoter.page, "promoter-tabs-390", { fullPage: false });
    await promoter.page.getByRole("tab", { name: "Why visits didn't count" }).click();
    await expect.poll(() => inView(promoter.page.getByRole("tab", { name: "Why visits didn't count" }))).toBe(true);
    await expect.poll(() => sections.getAttribute("data-more")).toMatch(/^start/);
    await promoter.page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => sections.getAttribute("data-more")).toBeNull();

    const admin = await signUpViaApi(server, "promoter", adminEmails[3]);
    const { page } = await openPage("tabs-admin", { cookies: admin });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    await expect.poll(() => stripOf(page, "Admin sections").getAttribute("data-more"), { timeout: 15_000 }).toBe("end");
    await expect.poll(() => stripOf(page, "Admin").getAttribute("data-more")).toBe("end");
    await screenshot(page, "admin-tabs-390", { fullPage: false });
    await page.goto("/admin/edge-diagnostics");
    const diagnostics = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Diagnostics" });
    await expect.poll(() => inView(diagnostics), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => stripOf(page, "Admin").getAttribute("data-more")).toMatch(/^start/);
  });
});
