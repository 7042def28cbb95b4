import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { campaignsApi } from "../src/core/api/campaigns";
import { payoutsApi } from "../src/core/api/payouts";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { api, e2eResidence, fundedCampaign, openLink, signUpViaApi } from "./api";
import type { AppServer } from "./harness";

/** What the admin journeys share: clicks from chosen addresses, funded campaigns, payout accounts, tabs, dialogs. */

/** A fan opening the link from `address` (behind the trusted proxy); answers the verdict the server decided. */
export async function clickFrom(server: AppServer, code: string, address: string) {
  const opened = await openLink(server, `/t/${code}`, { headers: { "X-Forwarded-For": address } });
  expect(opened.status).toBe(200);
  return opened.verdict ?? null;
}

/** A funded campaign by a new artist, joined by a new promoter; returns the promoter's session and link. */
export async function campaignWithPromoter(server: AppServer, title: string, prizeCents = 50_50) {
  const id = await fundedCampaign(server, {
    title,
    artist_name: "Admin Band",
    song_link: "https://open.spotify.com/track/admin",
    prize_cents: prizeCents,
    duration_days: 3,
  });
  return { id, ...(await joinAsNewPromoter(server, id)) };
}

/** A new promoter who joins the campaign; returns their session and link. */
export async function joinAsNewPromoter(server: AppServer, campaignId: string) {
  const promoter = await signUpViaApi(server, "promoter");
  const { link } = await okRoute(api(server), campaignsApi.join, { params: { id: campaignId }, cookie: promoter });
  return { promoter, code: link.short_code };
}

/**
 * The promoter's payout account through the sandbox's form, as the popup would submit it: bank details (a bank account
 * of its own: one shared by two promoters links their accounts) in `legalName`, and the tax form (a W-9).
 */
export async function onboardPayouts(server: AppServer, cookies: string, legalName = "Winner Person") {
  await callRoute(api(server), payoutsApi.createAccount, { cookie: cookies });
  const link = await okRoute(api(server), payoutsApi.accountLink, { cookie: cookies });
  const form = await fetch(link.url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({
      legal_name: legalName,
      birth_date: "1990-04-01",
      routing_number: "110000000",
      account_number: String(randomInt(10 ** 11, 10 ** 12)),
      tax_id: "123-45-6789",
      tax_certified: "yes",
      action: "submit",
    }),
  });
  expect(form.status).toBe(303);
}

/**
 * What people decide before a prize is paid, through the API for journeys about something else: the winner verifies
 * (their payout account in `legalName`) and an admin approves the result for them.
 */
export async function settleWin(
  server: AppServer,
  admin: string,
  winner: string,
  campaignId: string,
  legalName = "Winner Person",
) {
  const verified = await okRoute(api(server), payoutsApi.verify, {
    params: { campaignId },
    cookie: winner,
    body: { ...e2eResidence, legal_name: legalName, own_account: true },
  });
  expect(verified.outcome).toBe("verified");
  const list = await okRoute(api(server), adminApi.payouts, { cookie: admin });
  const payoutId = list.rows.find((row) => row.campaign_id === campaignId && row.payout?.status !== "paid")?.payout?.id;
  if (!payoutId) throw new Error("The campaign has no unpaid payout to approve");
  await okRoute(api(server), adminApi.approvePayout, { params: { payoutId }, cookie: admin });
}

export const openTab = async (page: Page, name: string) => {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected")).toBe("true");
};

/** Confirms the app's own dialog with its button. */
export const confirmWith = async (page: Page, label: string) => {
  const dialog = page.getByRole("dialog");
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole("button", { name: label }).click();
};
