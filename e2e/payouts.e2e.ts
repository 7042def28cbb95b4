import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { accountsApi } from "../src/core/api/accounts";
import { payoutsApi } from "../src/core/api/payouts";
import { cookiesFrom } from "../src/server/testing/accounts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { api, fundedCampaign, openLink, signUpAdmin, signUpViaApi } from "./api";
import { journeys, screenshot, seriousViolations, visible } from "./fixtures";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// A $100 reporting threshold, so that the journey's $120 prize waits for the winner's tax information.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, REVIEW_HOURS: "0", PRIZE_REPORTING_THRESHOLD: "100" } });

describe("payout journey", () => {
  it("a promoter reads the rules, joins and wins; sets up payouts, verifies, is approved, gives tax information when asked, and is paid", async ({
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
    const winnerEmail = `winner-${randomBytes(3).toString("hex")}@example.com`;
    const winner = await signUpViaApi(server, "promoter", winnerEmail);
    const winnerView = await openPage("winner-earnings", { cookies: winner });
    await winnerView.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    // The promoter reads the official rules (who can win, what is needed before payment), then joins in one click.
    await winnerView.page.goto(`/campaigns/${campaignId}`);
    await winnerView.page.getByRole("link", { name: "official rules" }).click();
    await visible(winnerView.page, "Open to FanBoost promoters who live in");
    await visible(winnerView.page, "prizes paid in one calendar year to $100 or more");
    await winnerView.page.getByRole("link", { name: "Back to the campaign" }).click();
    await winnerView.page.getByRole("button", { name: "Join Campaign" }).click();
    await visible(winnerView.page, "Tracking link copied to clipboard!");
    const code = (await winnerView.page.evaluate(() => navigator.clipboard.readText())).split("/t/")[1] ?? "";
    expect((await openLink(server, `/t/${code}`)).verdict).toBe("counted");

    const adminView = await openPage("admin-payouts", { cookies: await signUpAdmin(server, adminEmail) });
    await adminView.page.goto("/join-campaign");
    const card = adminView.page.locator("div.rounded-2xl", {
      has: adminView.page.getByRole("heading", { name: title }),
    });
    await card.last().getByRole("button", { name: "End Campaign" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "End Campaign" }).click();
    await visible(adminView.page, "Campaign ended. Its winners are on the payouts page.");

    // No prize is paid on clicks alone: the result waits for an admin's approval and the winner's verification.
    await adminView.page.goto("/admin/payouts");
    const row = adminView.page.locator(`tr[data-campaign-id="${campaignId}"]`);
    await expect.poll(() => row.getByText("Awaiting approval").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.getByRole("button", { name: "Pay Winner" }).count()).toBe(0);

    await winnerView.page.goto("/earnings");
    const earningsRow = winnerView.page.locator("tr", { hasText: title });
    await expect
      .poll(() => earningsRow.getByText("Pending", { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await visible(winnerView.page, `You're the top promoter of "${title}": $120`);
    await visible(winnerView.page, "Set up your payout account first");
    await visible(winnerView.page, "Not set up");
    // Without Stripe keys, the card names the sandbox that pays instead.
    await visible(
      winnerView.page,
      /Connect a payout account with FanBoost's sandbox payment provider \(test details only; no real money moves\)/,
    );
    const popupOpened = winnerView.context.waitForEvent("page");
    await winnerView.page.getByRole("button", { name: "Set Up Payouts" }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/sandbox\/connect\//, { timeout: 15_000 });
    expect(popup.viewportSize()).toEqual({ width: 800, height: 600 });
    await popup.getByLabel("Legal name").fill("Winner Person");
    await popup.getByLabel("Date of birth").fill("1992-05-17");
    await popup.getByLabel("Routing number").fill("110000000");
    await popup.getByLabel("Account number").fill("000123456789");
    // The tax form is optional at the first setup: the winner leaves it for later.
    await visible(popup, "Tax information: Form W-9");
    await popup.getByRole("button", { name: "Agree and submit" }).click();
    await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
    await visible(winnerView.page, "Payouts enabled");

    // The winner verifies: where they live now, their age, and whose payout account it is.
    const verification = winnerView.page.getByRole("form", { name: `Verify for "${title}"` });
    await expect.poll(() => verification.isVisible(), { timeout: 15_000 }).toBe(true);
    await verification.getByRole("button", { name: "Verify" }).click();
    await visible(winnerView.page, "Confirm that you are at least 18 years old");
    await verification.getByLabel("I am at least 18 years old").check();
    await verification.getByLabel("Your legal name").fill("Winner Person");
    await verification.getByLabel("My payout account is in my own name, in the country I live in").check();
    await verification.getByRole("button", { name: "Verify" }).click();
    await visible(winnerView.page, "Thank you: you are verified.");
    await visible(winnerView.page, "You verified your eligibility.");
    await screenshot(winnerView.page, "earnings-verifying-the-winner");

    // The admin approves it with the evidence in front of them.
    await adminView.page.reload();
    await row.getByRole("link", { name: "Review the result" }).click();
    await adminView.page.waitForURL(/\/admin\/approvals\//);
    await visible(adminView.page, "Verified");
    await adminView.page.getByRole("button", { name: "Approve" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
    await visible(adminView.page, "Approved: the winner is told, and paid once they have verified.");
    await expect
      .poll(() => server.findEmail(winnerEmail, /prize for .* is approved$/), { timeout: 10_000 })
      .toBeTruthy();
    await adminView.page.goto("/admin/payouts");

    // The $120 reaches the year's reporting threshold: Pay Winner holds it for the tax information.
    await row.getByRole("button", { name: "Pay Winner" }).click();
    await adminView.page.getByRole("dialog").getByRole("button", { name: "Pay Winner" }).click();
    await expect
      .poll(() => row.getByText("Tax information needed: the winner has been asked for it").isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect.poll(() => server.findEmail(winnerEmail, /^Tax information needed/), { timeout: 10_000 }).toBeTruthy();

    await winnerView.page.reload();
    await expect
      .poll(() => earningsRow.getByText("Tax information needed before it is paid").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await visible(winnerView.page, "Tax information needed.");
    await screenshot(winnerView.page, "earnings-tax-information-needed");
    const taxPopupOpened = winnerView.context.waitForEvent("page");
    await winnerView.page.getByRole("button", { name: "Give Tax Information" }).click();
    const taxPopup = await taxPopupOpened;
    await taxPopup.waitForURL(/\/sandbox\/connect\//, { timeout: 15_000 });
    await visible(taxPopup, "Give your tax information");
    await taxPopup.getByLabel("Taxpayer identification number (SSN or EIN)").fill("12345");
    await taxPopup.getByRole("button", { name: "Agree and submit" }).click();
    await visible(taxPopup, "Enter a 9-digit taxpayer identification number (SSN or EIN)");
    await visible(taxPopup, "Certify that the information on the tax form is correct");
    await screenshot(taxPopup, "sandbox-tax-form-refused", { fullPage: false });
    await taxPopup.getByLabel("Taxpayer identification number (SSN or EIN)").fill("123-45-6789");
    await taxPopup.getByLabel(/I certify/).check();
    await taxPopup.getByRole("button", { name: "Agree and submit" }).click();
    await expect.poll(() => taxPopup.isClosed(), { timeout: 15_000 }).toBe(true);
    await visible(winnerView.page, "Tax information received. Request your payout to get paid.");

    // Given: the winner asks for the payout and is paid, once.
    await winnerView.page.getByRole("button", { name: "Request Payout" }).click();
    await visible(winnerView.page, "$120 is on its way to your payout account.");
    await adminView.page.reload();
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
    const toast = view.page.locator("[data-toast]").first();
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

  it("a promoter living in the United Kingdom gives a sort code in the sandbox's onboarding, not a routing number", async ({
    server,
    openPage,
  }) => {
    const promoter = await signUpViaApi(server, "promoter");
    await okRoute(api(server), accountsApi.setEligibility, {
      cookie: promoter,
      body: { country: "GB", age_confirmed: true },
    });
    await callRoute(api(server), payoutsApi.createAccount, { cookie: promoter });
    const { url } = await okRoute(api(server), payoutsApi.accountLink, { cookie: promoter });
    const { page } = await openPage("sandbox-onboarding-uk", { cookies: promoter, bypassCSP: true });
    await page.goto(new URL(url).pathname);
    await visible(page, "Set up your payout account");
    expect(await page.getByLabel("Routing number").count()).toBe(0);
    await page.getByLabel("Legal name").fill("Uk Person");
    await page.getByLabel("Date of birth").fill("1990-02-03");
    await page.getByLabel("Sort code").fill("1088");
    await page.getByLabel("Account number").fill("00012345");
    await visible(page, "Tax information: Form W-8BEN");
    await page.getByRole("button", { name: "Agree and submit" }).click();
    await visible(page, "Enter a 6-digit sort code");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "sandbox-onboarding-uk");
    await page.getByLabel("Legal name").fill("Uk Person");
    await page.getByLabel("Date of birth").fill("1990-02-03");
    await page.getByLabel("Sort code").fill("108800");
    await page.getByLabel("Account number").fill("00012345");
    await page.getByRole("button", { name: "Agree and submit" }).click();
    await page.waitForURL((address) => !address.pathname.startsWith("/sandbox/"), { timeout: 15_000 });
    const status = await okRoute(api(server), payoutsApi.account, { cookie: promoter });
    expect(status).toMatchObject({ details_submitted: true, payouts_enabled: true });
  });
});
