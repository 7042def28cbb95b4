import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { accountsApi } from "../src/core/api/accounts";
import { campaignsApi } from "../src/core/api/campaigns";
import { cookiesFrom } from "../src/server/testing/accounts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { api, fundedCampaign, openLink, signUpAdmin, signUpViaApi } from "./api";
import { journeys, visible } from "./fixtures";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, REVIEW_HOURS: "0" } });

describe("payout journey", () => {
  it("an admin ends a campaign, the winner sets up payouts in the popup, the admin pays and the winner sees it paid", async ({
    server,
    openPage,
  }) => {
    const title = `Payday ${randomBytes(2).toString("hex")}`;
    const campaignId = await fundedCampaign(server, {
      title,
      artist_name: "E2E Band",
      song_link: "https://open.spotify.com/track/payday",
      prize_cents: 120_00,
      duration_days: 3,
    });
    const winner = await signUpViaApi(server, "promoter");
    const joined = await okRoute(api(server), campaignsApi.join, { params: { id: campaignId }, cookie: winner });
    const code = joined.link.short_code;
    expect((await openLink(server, `/t/${code}`)).verdict).toBe("counted");

    const adminView = await openPage("admin-payouts", { cookies: await signUpAdmin(server, adminEmail) });
    await adminView.page.goto("/join-campaign");
    const card = adminView.page.locator("div.rounded-2xl", {
      has: adminView.page.getByRole("heading", { name: title }),
    });
    await card.last().getByRole("button", { name: "End Campaign" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "End Campaign" }).click();
    await visible(adminView.page, "Campaign ended. Its winners are on the payouts page.");

    await adminView.page.goto("/admin/payouts");
    const row = adminView.page.locator(`tr[data-campaign-id="${campaignId}"]`);
    await expect
      .poll(() => row.getByRole("button", { name: "Pay Winner" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await row.getByRole("button", { name: "Pay Winner" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "Pay Winner" }).click();
    await expect
      .poll(() => row.getByText("The winner has not set up a payout account yet", { exact: false }).isVisible())
      .toBe(true);

    const winnerView = await openPage("winner-earnings", { cookies: winner });
    await winnerView.page.goto("/earnings");
    const earningsRow = winnerView.page.locator("tr", { hasText: title });
    await expect
      .poll(() => earningsRow.getByText("Pending", { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await visible(winnerView.page, "Not set up");
    const popupOpened = winnerView.context.waitForEvent("page");
    await winnerView.page.getByRole("button", { name: "Set Up Payouts" }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/sandbox\/connect\//, { timeout: 15_000 });
    expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
    await popup.getByLabel("Legal name").fill("Winner Person");
    await popup.getByLabel("Date of birth").fill("1992-05-17");
    await popup.getByLabel("Routing number").fill("110000000");
    await popup.getByLabel("Account number").fill("000123456789");
    await popup.getByRole("button", { name: "Agree and submit" }).click();
    await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
    await visible(winnerView.page, "Payouts enabled");

    await row.getByRole("button", { name: "Pay Winner" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "Pay Winner" }).click();
    await visible(adminView.page, "Payout processed successfully!");
    await expect.poll(() => row.getByText("Completed", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

    await winnerView.page.reload();
    await expect.poll(() => earningsRow.getByText("Paid", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => earningsRow.getByText("$120").isVisible()).toBe(true);
  });

  it("asks an unverified promoter to verify their email before payouts, and the emailed link verifies it", async ({
    server,
    openPage,
  }) => {
    const email = `unverified-${randomBytes(3).toString("hex")}@example.com`;
    const signedUp = await callRoute(api(server), accountsApi.signUp, {
      body: { email, password: "a long password", first_name: "Una", last_name: "Verified", user_type: "promoter" },
    });
    const view = await openPage("unverified-earnings", { cookies: cookiesFrom(signedUp) });
    await view.page.goto("/earnings");
    await visible(view.page, "Verify your email address first.");
    expect(await view.page.getByRole("button", { name: "Set Up Payouts" }).count()).toBe(0);
    await view.page.getByRole("button", { name: "Resend Verification Email" }).click();
    // Whatever toast answers the click is read, so a refusal names itself instead of timing out.
    const toast = view.page.locator("[data-sonner-toast]").first();
    await expect.poll(() => toast.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await toast.textContent()).toContain("Verification email sent.");

    const link = server.findEmail(email, /verify your/i)?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    await view.page.goto(link);
    await view.page.waitForURL(/\/auth\/email-verified$/);
    await visible(view.page, "Email Verified");
    await view.page.getByRole("link", { name: "Earnings" }).click();
    await expect
      .poll(() => view.page.getByRole("button", { name: "Set Up Payouts" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it("shows Access Denied on /admin/payouts to someone who is not an admin", async ({ server, openPage }) => {
    const promoter = await signUpViaApi(server, "promoter");
    const view = await openPage("not-admin", { cookies: promoter });
    await view.page.goto("/admin/payouts");
    await visible(view.page, "Access Denied");
    await view.page.getByRole("link", { name: "Go Home" }).click();
    await view.page.waitForURL(`${server.url}/`);
  });
});
