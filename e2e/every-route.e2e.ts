import { randomBytes } from "node:crypto";
import type { ConsoleMessage } from "playwright-core";
import { describe, expect } from "vitest";
import { campaignsApi } from "../src/core/api/campaigns";
import { payoutsApi } from "../src/core/api/payouts";
import type { ClientRoute } from "../src/core/routes";
import { clientRoutePatterns } from "../src/core/routes";
import { callRoute, okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, joinAsNewPromoter } from "./admin-kit";
import { accountOf, api, fundedCampaign, signUpViaApi } from "./api";
import { journeys } from "./fixtures";

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
const it = journeys({ env: { ADMIN_EMAILS: adminEmail } });

type Role = "visitor" | "promoter" | "artist" | "admin";
type Fixtures = { live: string; draft: string; promoterId: string };
type Visit = { as: Role; path: (fx: Fixtures) => string };

const at = (as: Role, path: string): Visit => ({ as, path: () => path });

/**
 * Every client route of src/core/routes.ts with its parameters filled, opened as the role its screen is for (the
 * screen's guard in screens.ts, or whoever the page serves): a route without a row here does not typecheck.
 */
const visits = {
  "/": at("visitor", "/"),
  "/artist-dashboard": at("artist", "/artist-dashboard"),
  "/promoter-dashboard": at("promoter", "/promoter-dashboard"),
  "/create-campaign": at("artist", "/create-campaign"),
  "/join-campaign": at("visitor", "/join-campaign"),
  "/how-it-works": at("visitor", "/how-it-works"),
  "/pricing": at("visitor", "/pricing"),
  "/success-stories": at("visitor", "/success-stories"),
  "/leaderboards": at("visitor", "/leaderboards"),
  "/earnings": at("promoter", "/earnings"),
  "/settings": at("promoter", "/settings"),
  "/help": at("visitor", "/help"),
  "/contact": at("visitor", "/contact"),
  "/terms": at("visitor", "/terms"),
  "/privacy": at("visitor", "/privacy"),
  "/admin": at("admin", "/admin"),
  "/admin/setup": at("admin", "/admin/setup"),
  "/admin/debug": at("admin", "/admin/debug"),
  "/admin/payouts": at("admin", "/admin/payouts"),
  "/admin/investigate": { as: "admin", path: (fx) => `/admin/investigate?campaign=${fx.live}` },
  "/admin/edge-diagnostics": at("admin", "/admin/edge-diagnostics"),
  "/admin/approvals/:campaignId": { as: "admin", path: (fx) => `/admin/approvals/${fx.live}` },
  "/auth/signout": at("visitor", "/auth/signout"),
  "/auth/reset-password": at("visitor", "/auth/reset-password?token=no-such-token"),
  "/auth/email-verified": at("visitor", "/auth/email-verified"),
  "/campaigns/:id": { as: "visitor", path: (fx) => `/campaigns/${fx.live}` },
  "/campaigns/:id/fund": { as: "artist", path: (fx) => `/campaigns/${fx.draft}/fund` },
  "/campaigns/:id/success": { as: "artist", path: (fx) => `/campaigns/${fx.live}/success` },
  "/campaigns/:id/rules": { as: "visitor", path: (fx) => `/campaigns/${fx.live}/rules` },
  "/stripe/connected": { as: "artist", path: (fx) => `/stripe/connected?campaign=${fx.live}` },
  "/stripe/connect-error": at("promoter", "/stripe/connect-error"),
  "/campaign/:campaignId/promoter/:promoterId": {
    as: "visitor",
    path: (fx) => `/campaign/${fx.live}/promoter/${fx.promoterId}`,
  },
} satisfies Record<ClientRoute, Visit>;

/** More first loads people make: the artist's own draft page, a promoter on a campaign they joined. */
const moreVisits: Visit[] = [
  { as: "artist", path: (fx) => `/campaigns/${fx.draft}` },
  { as: "promoter", path: (fx) => `/campaigns/${fx.live}` },
  { as: "admin", path: (fx) => `/campaigns/${fx.draft}` },
];

const described = (message: ConsoleMessage) => `${message.type()}: ${message.text()} (${message.location().url})`;

describe("every route", () => {
  // 35 pages, each in a fresh context: on a host busy with two other journeys, the walk takes four minutes.
  it("opens at 390 px as the role it is for, answers 200 and logs no console error or warning", {
    timeout: 600_000,
  }, async ({ server, openPage }) => {
    const artist = await signUpViaApi(server, "artist");
    const live = await fundedCampaign(server, { title: `Every Route ${randomBytes(2).toString("hex")}` }, artist);
    const created = await okRoute(api(server), campaignsApi.create, {
      cookie: artist,
      body: {
        title: "A Draft",
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/draft",
        prize_cents: 5000,
      },
    });
    const draft = created.campaign.id;
    const { promoter } = await joinAsNewPromoter(server, live);
    const promoterId = (await accountOf(server, promoter)).promoter?.id;
    if (!promoterId) throw new Error("The promoter who joined has no promoter profile");
    const admin = await signUpViaApi(server, "promoter", adminEmail);
    const cookies: Record<Role, string | undefined> = { visitor: undefined, promoter, artist, admin };
    const fixtures: Fixtures = { live, draft, promoterId };

    expect(Object.keys(visits).sort()).toEqual([...clientRoutePatterns].sort());
    const problems: string[] = [];
    for (const visit of [...Object.values(visits), ...moreVisits]) {
      const path = visit.path(fixtures);
      const { page } = await openPage(`every-route-${visit.as}`, { cookies: cookies[visit.as] });
      await page.setViewportSize({ width: 390, height: 844 });
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") logged.push(described(message));
      });
      page.on("pageerror", (error) => logged.push(`pageerror: ${error.message}`));
      const response = await page.goto(path);
      // The screen has drawn its heading (its data loaded or its state decided), then had time to say anything more.
      await expect
        .poll(() => page.locator("main h1").first().isVisible(), { timeout: 15_000, message: path })
        .toBe(true);
      await page.waitForTimeout(1_000);
      if (response?.status() !== 200) problems.push(`${path} as ${visit.as}: HTTP ${response?.status()}`);
      problems.push(...logged.map((line) => `${path} as ${visit.as}: ${line}`));
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });

  it("opens each server-rendered page with no console error: tracking, payout onboarding, API reference, embed", async ({
    server,
    openPage,
  }) => {
    const { id, promoter, code } = await campaignWithPromoter(server, `Server Pages ${randomBytes(2).toString("hex")}`);
    await callRoute(api(server), payoutsApi.createAccount, { cookie: promoter });
    const onboarding = await okRoute(api(server), payoutsApi.accountLink, { cookie: promoter });
    const problems: string[] = [];
    for (const path of [`/t/${code}`, new URL(onboarding.url).pathname, "/api/v1/docs", `/embed/campaigns/${id}`]) {
      const { page, context } = await openPage("server-page", { cookies: promoter });
      // The song's page is another site: the tracking page's redirect never leaves this machine.
      await context.route(
        (url) => !url.href.startsWith(server.url),
        (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Song stand-in</p>" }),
      );
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`${path}: ${described(message)}`);
      });
      page.on("response", (response) => {
        if (response.status() >= 400) problems.push(`${path}: ${response.url()} answered ${response.status()}`);
      });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      await context.close();
    }
    expect(problems).toEqual([]);
    // A desktop browser asks every page's origin for /favicon.ico (headless Chromium does not): it is there.
    const { page } = await openPage("favicon");
    const icon = await page.request.get("/favicon.ico");
    expect([icon.status(), icon.headers()["content-type"]]).toEqual([200, "image/x-icon"]);
  });
});
