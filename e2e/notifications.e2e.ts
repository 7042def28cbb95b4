import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { campaignsApi } from "../src/core/api/campaigns";
import { openDatabase } from "../src/server/db/client";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { api, fundedCampaign, openLink, signUpAdmin, signUpViaApi } from "./api";
import { createCampaign, pay, signUpInModal } from "./campaign-kit";
import { horizontalOverflow, journeys, screenshot, visible } from "./fixtures";
import type { AppServer } from "./harness";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, REVIEW_HOURS: "0" } });

/** Moves campaigns' clocks: the server stops, their end moves (`endsIn`, from now), and the server starts again. */
async function moveEnds(server: AppServer, ends: Array<{ campaignId: string; endsInMs: number }>) {
  await server.restart(async (dataDir) => {
    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
    try {
      for (const { campaignId, endsInMs } of ends) {
        await database.rawQuery("update campaigns set ends_at = $2 where id = $1", [
          campaignId,
          new Date(Date.now() + endsInMs),
        ]);
      }
    } finally {
      await database.close();
    }
  });
}

const HOUR = 3_600_000;

/** The bell's unread count as the header shows it (0 when it shows none). */
const unreadCount = async (page: Page) => {
  const badge = page.getByTestId("unread-count");
  return (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
};

/** Opens an email of the dev outbox in the admin console and renders its HTML part. */
async function previewEmail(page: Page, subject: string, name: string) {
  const email = page.locator("details", { hasText: subject });
  await email.locator("summary").click();
  await email.getByRole("button", { name: "HTML" }).click();
  const frame = email.locator("iframe");
  await expect.poll(() => frame.isVisible(), { timeout: 10_000 }).toBe(true);
  await expect
    .poll(() => frame.contentFrame().getByRole("heading").first().textContent(), { timeout: 10_000 })
    .toBeTruthy();
  await frame.screenshot({ path: join(new URL("..", import.meta.url).pathname, `.artifacts/e2e/screens/${name}.png`) });
  await email.locator("summary").click();
}

describe("notifications journey", () => {
  it("an artist finds the receipt and 'live' emails; a promoter gets the reminder and result in the inbox and the bell, and unsubscribes from reminders", {
    timeout: 240_000,
  }, async ({ server, openPage }) => {
    // The artist pays for a campaign in the browser; the bell counts the receipt and the "live" notice.
    const title = `Bell Ringer ${randomBytes(2).toString("hex")}`;
    const artistView = await openPage("notifications-artist");
    await signUpInModal(artistView.page, "artist");
    await createCampaign(artistView.page, title);
    const campaignId = artistView.page.url().match(/campaigns\/([0-9a-f-]+)\/fund/)?.[1] as string;
    await pay(artistView.page, "4242 4242 4242 4242");
    await visible(artistView.page, "Payment Successful!");
    await artistView.page.waitForURL(`${server.url}/campaigns/${campaignId}/success`, { timeout: 15_000 });
    await expect.poll(() => unreadCount(artistView.page), { timeout: 15_000 }).toBe(2);
    await artistView.page.getByRole("button", { name: "Notifications, 2 unread" }).click();
    const menu = artistView.page.getByRole("menu");
    await visible(artistView.page, `"${title}" is live`);
    await expect.poll(() => menu.getByText(`Receipt: $262.50 for "${title}"`).isVisible()).toBe(true);
    await screenshot(artistView.page, "notifications-artist-bell");
    await menu.getByRole("menuitem", { name: new RegExp(`"${title}" is live`) }).click();
    await artistView.page.waitForURL(`${server.url}/campaigns/${campaignId}`);
    await expect.poll(() => unreadCount(artistView.page)).toBe(1);

    // ...and the dev outbox holds both emails, which an admin can read as their recipient would.
    const adminView = await openPage("notifications-admin", { cookies: await signUpAdmin(server, adminEmail) });
    await adminView.page.goto("/admin");
    await adminView.page.getByRole("tab", { name: "Messages", exact: true }).click();
    await adminView.page.getByRole("tab", { name: "Emails", exact: true }).click();
    await previewEmail(adminView.page, `Receipt: $262.50 for "${title}"`, "email-receipt");
    await previewEmail(adminView.page, `"${title}" is live`, "email-campaign-live");

    // A promoter joins and gets a click; a day before the end, the reminder arrives in the inbox and the bell.
    const promoterEmail = `promoter-${randomBytes(3).toString("hex")}@example.com`;
    const promoter = await signUpViaApi(server, "promoter", promoterEmail);
    const joined = await okRoute(api(server), campaignsApi.join, { params: { id: campaignId }, cookie: promoter });
    const code = joined.link.short_code;
    expect((await openLink(server, `/t/${code}`)).verdict).toBe("counted");
    await moveEnds(server, [{ campaignId, endsInMs: 23 * HOUR }]);
    await expect.poll(() => server.findEmails(promoterEmail, /^24 hours left/).length, { timeout: 20_000 }).toBe(1);
    const reminder = server.findEmail(promoterEmail, /^24 hours left/);
    expect(reminder?.text).toContain("You're in first place with 1 verified click");

    const promoterView = await openPage("notifications-promoter", { cookies: promoter });
    await promoterView.page.goto("/promoter-dashboard");
    await expect.poll(() => unreadCount(promoterView.page), { timeout: 15_000 }).toBe(1);

    // The reminder's one-click link unsubscribes without signing in.
    const unsubscribe = reminder?.text.match(/Unsubscribe from these emails:\n(\S+)/)?.[1] as string;
    const anonymous = await openPage("notifications-unsubscribe");
    await anonymous.page.goto(unsubscribe);
    await visible(anonymous.page, "Stop emails about reminders before a campaign you promote ends?");
    await anonymous.page.getByRole("button", { name: "Unsubscribe" }).click();
    await visible(anonymous.page, "You're unsubscribed from reminders before a campaign you promote ends.");

    // The next campaign the promoter joins ends tomorrow too: no reminder email now. The first one ends: its result
    // arrives by email and in the bell, while the promoter's page is open.
    const secondId = await fundedCampaign(server, { title: `${title} II`, duration_days: 3 });
    await callRoute(api(server), campaignsApi.join, { params: { id: secondId }, cookie: promoter });
    await moveEnds(server, [
      { campaignId, endsInMs: -60_000 },
      { campaignId: secondId, endsInMs: 23 * HOUR },
    ]);
    await expect
      .poll(() => server.findEmail(promoterEmail, /^You won \$250 promoting/), { timeout: 20_000 })
      .toBeTruthy();
    await promoterView.page.reload();
    // The reminder of the second campaign reaches the bell only; the result reaches both.
    await expect.poll(() => unreadCount(promoterView.page), { timeout: 15_000 }).toBe(3);
    expect(server.findEmails(promoterEmail, /^24 hours left/)).toHaveLength(1);
    await promoterView.page.getByRole("button", { name: "Notifications, 3 unread" }).click();
    await visible(promoterView.page, `You won $250 promoting "${title}"!`);
    await visible(promoterView.page, `24 hours left on "${title} II"`);
    await screenshot(promoterView.page, "notifications-promoter-bell");
    await promoterView.page.getByRole("menuitem", { name: "Mark all as read" }).click();
    await expect.poll(() => unreadCount(promoterView.page), { timeout: 10_000 }).toBe(0);

    // On a phone the bell sits beside the menu button, and its list fits the screen.
    await promoterView.page.keyboard.press("Escape");
    await promoterView.page.setViewportSize({ width: 360, height: 740 });
    await promoterView.page.getByRole("button", { name: "Notifications" }).click();
    await visible(promoterView.page, `24 hours left on "${title} II"`);
    expect(await horizontalOverflow(promoterView.page)).toBe(0);
    await screenshot(promoterView.page, "notifications-promoter-bell-phone");
  });
});
