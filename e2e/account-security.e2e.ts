import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { accountsApi } from "../src/core/api/accounts";
import { adminApi } from "../src/core/api/admin";
import { campaignsApi } from "../src/core/api/campaigns";
import { cookiesFrom } from "../src/server/testing/accounts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { accountOf, api, fundedCampaign, openLink, signUpAdmin, signUpViaApi } from "./api";
import { journeys, screenshot, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, REVIEW_HOURS: "0" } });

/** The first link in the newest email to `to` whose subject matches, once it is in the dev outbox. */
async function linkIn(server: AppServer, to: string, subject: RegExp): Promise<string> {
  await expect.poll(() => server.findEmail(to, subject), { timeout: 10_000 }).toBeTruthy();
  return server.findEmail(to, subject)?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
}

const signedIn = async (server: AppServer, cookies: string) =>
  (await okRoute(api(server), accountsApi.me, { cookie: cookies })) !== null;
/** Signs in from another device: its session cookies. */
const signInElsewhere = async (server: AppServer, email: string) =>
  cookiesFrom(await callRoute(api(server), accountsApi.signIn, { body: { email, password: "a long password" } }));

describe("account security", () => {
  it("signs other devices out, and changes the email with the password, undoable from the old address", async ({
    server,
    openPage,
  }) => {
    const email = `owner-${randomBytes(3).toString("hex")}@example.com`;
    const cookies = await signUpViaApi(server, "promoter", email);
    const otherDevice = await signInElsewhere(server, email);
    const { page } = await openPage("account-security", { cookies });
    await page.goto("/settings");
    const devices = page.getByRole("region", { name: "Signed-in devices" });
    await expect.poll(() => devices.getByText("This device").isVisible()).toBe(true);
    await devices.getByRole("button", { name: "Sign Out", exact: true }).click();
    await visible(page, "Signed out that device");
    expect(await signedIn(server, otherDevice)).toBe(false);

    const thirdDevice = await signInElsewhere(server, email);
    await page.reload();
    await devices.getByRole("button", { name: "Sign Out All Other Devices" }).click();
    await visible(page, "Signed out every other device");
    expect(await signedIn(server, thirdDevice)).toBe(false);

    // A new address: the password is asked, the link goes to the new address, the old one is told.
    const newEmail = `moved-${randomBytes(3).toString("hex")}@example.com`;
    await page.getByLabel("New email").fill(newEmail);
    await page.getByLabel("Password to confirm").fill("the wrong password");
    await page.getByRole("button", { name: "Change Email" }).click();
    await visible(page, "That password is not right");
    await page.getByLabel("Password to confirm").fill("a long password");
    await page.getByRole("button", { name: "Change Email" }).click();
    await visible(page, `We sent a link to ${newEmail}. Your email changes once you open it.`);
    await screenshot(page, "settings-email-change");
    await page.goto(await linkIn(server, newEmail, /Confirm your new FanBoost email/));
    await visible(page, "Email Changed");
    await page.goto("/settings");
    await visible(page, newEmail);

    await page.goto(await linkIn(server, email, /email address was changed/));
    await visible(page, "Email Restored");
    await screenshot(page, "email-restored");
    expect(await signedIn(server, cookies)).toBe(false);
    await expect.poll(() => server.findEmail(email, /Reset your FanBoost password/), { timeout: 10_000 }).toBeTruthy();
  });

  it("holds a banned winner's prize and lets an admin pass it on to the next promoter", async ({
    server,
    openPage,
  }) => {
    const admin = await signUpAdmin(server, adminEmail);
    const title = `Held Prize ${randomBytes(2).toString("hex")}`;
    const campaignId = await fundedCampaign(server, {
      title,
      artist_name: "Hold Band",
      song_link: "https://open.spotify.com/track/held",
      prize_cents: 80_00,
      duration_days: 3,
    });
    const cheat = await signUpViaApi(server, "promoter");
    const honest = await signUpViaApi(server, "promoter");
    const codeOf = async (cookies: string) =>
      (await okRoute(api(server), campaignsApi.join, { params: { id: campaignId }, cookie: cookies })).link.short_code;
    const cheatCode = await codeOf(cheat);
    const honestCode = await codeOf(honest);
    for (const address of ["127.0.0.11", "127.0.0.12"]) {
      expect((await openLink(server, `/t/${cheatCode}`, { localAddress: address })).verdict).toBe("counted");
    }
    expect((await openLink(server, `/t/${honestCode}`, { localAddress: "127.0.0.13" })).verdict).toBe("counted");
    expect(
      (await callRoute(api(server), adminApi.endCampaign, { params: { id: campaignId }, cookie: admin })).status,
    ).toBe(200);
    const cheatId = (await accountOf(server, cheat)).user.id;
    const banned = await callRoute(api(server), adminApi.banUser, {
      params: { id: cheatId },
      cookie: admin,
      body: { reason: "bought clicks" },
    });
    expect(banned.status).toBe(200);

    const { page } = await openPage("admin-held-payout", { cookies: admin });
    await page.goto("/admin/payouts");
    const row = page.locator(`tr[data-campaign-id="${campaignId}"]`);
    await expect.poll(() => row.getByText("On hold: the winner was banned").isVisible()).toBe(true);
    await screenshot(page, "admin-payouts-held");
    await row.getByRole("button", { name: "Pass Prize On" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Reason" }).fill("Bought clicks, banned");
    await dialog.getByRole("button", { name: "Pass Prize On" }).click();
    // The next eligible promoter is the candidate now, and waits for approval in turn.
    await expect.poll(() => row.getByText("Awaiting approval").isVisible(), { timeout: 15_000 }).toBe(true);
    const honestEmail = (await accountOf(server, honest)).user.email;
    await expect
      .poll(() => server.findEmail(honestEmail, /^You won \$80/)?.text, { timeout: 10_000 })
      .toContain("passed over after review");
  });
});
