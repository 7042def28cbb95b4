import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { listContactMessages } from "../src/server/contact/contact-messages";
import { openDatabase } from "../src/server/db/client";
import { journeys, seriousViolations, visible } from "./fixtures";

const dataDir = mkdtempSync(join(tmpdir(), "fanboost-public-e2e-"));

// Its own data folder, read after the server stops (the last test checks what the contact form stored).
const it = journeys({ env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every public screen of SPEC.md's route table, its heading and texts a visitor must see. */
const publicRoutes: Array<{ path: string; heading: string | RegExp; texts: Array<string | RegExp> }> = [
  {
    path: "/",
    heading: /Turn your fans into your street team/,
    // This site has no campaign yet: the hero invites the first ones instead of showing zeros.
    texts: ["Be the first on FanBoost", "Launch Music Campaign", "Promote Music & Earn", "Live campaigns"],
  },
  { path: "/join-campaign", heading: "Join a campaign", texts: ["Active campaigns", "No Campaigns Yet"] },
  {
    path: "/how-it-works",
    heading: "A prize for the song, a link for every fan",
    texts: ["For Promoters", "For Artists", "Claim your promo link", "Illustrative example"],
  },
  {
    path: "/pricing",
    heading: "You set the prize. We add 5%.",
    texts: ["Starter", "Professional", "Elite", "Most popular", "$105 total", "$525 total", "$1,050 total"],
  },
  { path: "/success-stories", heading: "What a FanBoost campaign can look like", texts: [/Illustrative stories/] },
  { path: "/leaderboards", heading: "Leaderboards", texts: [] },
  {
    path: "/help",
    heading: "How can we help?",
    texts: ["Getting Started", "Payments & Earnings", "Campaign Rules", "Technical Support", "Contact support"],
  },
  { path: "/contact", heading: "Talk to the FanBoost team", texts: ["Send a message", "Inquiry type"] },
  {
    path: "/terms",
    heading: "Terms of Service",
    texts: ["18 or older", "13 to 17", "One win per promoter per 30 days", "Official campaign rules"],
  },
  { path: "/privacy", heading: "Privacy Policy", texts: ["cleared after 30 days", "within 30 days"] },
  { path: "/campaign/abc/promoter/def", heading: "Link Format Updated", texts: [] },
  {
    path: "/stripe/connect-error",
    heading: "Stripe Setup Error",
    texts: ["There was an issue setting up your payout account. Please try again."],
  },
];

describe("public pages", () => {
  for (const width of [1280, 360]) {
    // Twelve pages, each checked by axe: on a host busy with two other journeys, a walk takes two minutes.
    it(`shows every public route at ${width} px with its heading and key texts, without serious accessibility violations`, {
      timeout: 300_000,
    }, async ({ openPage }) => {
      // axe is injected as a script, which the pages' CSP rightly refuses.
      const { page, context } = await openPage(`public-${width}`, { bypassCSP: true });
      await page.setViewportSize({ width, height: 800 });
      for (const route of publicRoutes) {
        await page.goto(route.path);
        await expect
          .poll(() => page.getByRole("heading", { level: 1, name: route.heading }).isVisible(), {
            message: route.path,
          })
          .toBe(true);
        for (const text of route.texts) await visible(page, text);
        expect(await page.title(), route.path).toMatch(/FanBoost/);
        expect(await seriousViolations(page), `${route.path} at ${width}px`).toEqual([]);
      }
      await context.close();
    });
  }

  it("filters the help centre's questions as you type", async ({ openPage }) => {
    const { page, context } = await openPage("help-search");
    await page.goto("/help");
    await page.getByRole("searchbox", { name: "Search the help center" }).fill("streams");
    await visible(page, "Do streams count?");
    expect(await page.getByText("I forgot my password.").count()).toBe(0);
    await page.getByText("Do streams count?").click();
    await visible(page, /counts verified clicks on your link, not streams/);
    await page.getByRole("searchbox", { name: "Search the help center" }).fill("zzzz nothing");
    await visible(page, "No answers match your search.");
    await context.close();
  });

  it("starts the wizard from a pricing tier with that prize chosen", async ({ openPage }) => {
    const { page, context } = await openPage("pricing-to-wizard");
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Start with $500" }).click();
    await page.waitForURL(/\/create-campaign\?prize=500$/);
    await page.getByLabel("Song title").fill("Tier Song");
    await page.getByLabel("Artist name").fill("Tier Band");
    await page.getByLabel("Song link").fill("https://open.spotify.com/track/tier");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByRole("radio", { name: /\$500/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it("validates the contact form, then stores the message", async ({ server, openPage }) => {
    const { page, context } = await openPage("contact");
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Name is required", "Email is required", "Subject is required", "Message is required"]) {
      await visible(page, message);
    }
    // SPEC.md: the form's errors, all of them, in one warning toast.
    await visible(
      page,
      "Validation failed: Name is required, Email is required, Subject is required, Message is required",
    );
    await page.getByLabel("Name").fill("Ada Listener");
    await expect.poll(() => page.getByText("Name is required", { exact: true }).count()).toBe(0);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page, "Please enter a valid email address");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Inquiry type").selectOption("billing");
    await page.getByLabel("Subject").fill("Payout timing");
    await page.getByLabel("Message").fill("When does the Friday payout run?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page, "Message sent!");
    // The embedded setup has no mail server: the page does not claim an email was sent.
    await visible(page, /We'll reply to ada@example.com within 1-2 business days/);
    await context.close();

    await server.stop();
    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
    try {
      const [stored] = await listContactMessages(database.db);
      expect(stored).toMatchObject({
        name: "Ada Listener",
        email: "ada@example.com",
        type: "billing",
        subject: "Payout timing",
        message: "When does the Friday payout run?",
      });
    } finally {
      await database.close();
    }
  });
});
