import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { adminApi } from "../src/core/api/admin";
import { okRoute } from "../src/server/testing/contract-call";
import { campaignWithPromoter, joinAsNewPromoter } from "./admin-kit";
import { accountOf, api, signUpViaApi } from "./api";
import { horizontalOverflow, journeys, screenshot, seriousViolations, visible } from "./fixtures";
import { startDisplay, tapAsFan } from "./real-browser";

/**
 * A farm spread over as many networks as visits, in headless Chromium as Playwright launches it (with rotated user
 * agents, screens, languages and social referrers), against an honest promoter whose 30 fans tap the link on
 * TikTok, X and Facebook in their own browsers from 30 home networks. Both links count every visit; the admin reads
 * the farm's link's reasons, and none for the honest link.
 */

const adminEmail = `admin-${randomBytes(3).toString("hex")}@example.com`;
// Behind a trusted proxy hop each visit says which address it comes from.
const it = journeys({ env: { ADMIN_EMAILS: adminEmail, TRUST_PROXY: "1" } });

// Two virtual displays: fans tap two at a time, each in a window of its own screen, so one's click never lands on the
// other's window.
let displays: Array<Awaited<ReturnType<typeof startDisplay>>> = [];
beforeAll(async () => {
  displays = [await startDisplay(), await startDisplay()];
});
afterAll(() => {
  for (const display of displays) display.stop();
});

/**
 * Where the fans tap the link: TikTok, X's link shortener and Facebook's link shim. (Instagram's shim is on the
 * browser's HTTPS-only list, and the proxy serves these pages over plain HTTP.)
 */
const socialSites = ["http://www.tiktok.com/", "http://t.co/", "http://lm.facebook.com/"];
const farmReferrers = ["https://www.instagram.com/", "https://www.tiktok.com/", "https://t.co/"];
const screens = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const locales = ["en-US", "en-GB", "de-DE", "pt-BR", "fr-FR"];

describe("a farm spread over many networks", () => {
  it("headless Chromium's link gets reasons an admin can read; 30 fans' real browsers give theirs none", {
    timeout: 600_000,
  }, async ({ server, browser, openPage }) => {
    const title = `Spread Farm ${randomBytes(2).toString("hex")}`;
    const { id, promoter: farm, code: farmCode } = await campaignWithPromoter(server, title);
    const { promoter: honest, code: honestCode } = await joinAsNewPromoter(server, id);
    const handleOf = async (cookies: string) => (await accountOf(server, cookies)).promoter?.handle ?? "";
    const [farmHandle, honestHandle] = [await handleOf(farm), await handleOf(honest)];

    // Thirty fans, each in their own browser on their own home network, tap the link where it was shared, two at a
    // time: two people who scroll past the post together, then a gap, as people arrive, not on a beat.
    for (let pair = 0; pair < 15; pair++) {
      const statuses = await Promise.all(
        displays.map((display, lane) => {
          const fan = pair * 2 + lane;
          return tapAsFan(server, {
            display: display.display,
            address: `198.18.${100 + fan}.7`,
            socialUrl: socialSites[fan % socialSites.length] as string,
            trackingPath: `/t/${honestCode}`,
          });
        }),
      );
      expect(statuses).toEqual([200, 200]);
    }

    // The farm: 35 visits, each a fresh headless context from its own network, with a rotated agent, screen,
    // language and social referrer; each page runs its script and confirms itself.
    for (let visit = 0; visit < 35; visit++) {
      const context = await browser.newContext({
        baseURL: server.url,
        userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + visit}.0.0.0 Safari/537.36`,
        viewport: screens[visit % screens.length],
        locale: locales[visit % locales.length],
        extraHTTPHeaders: { "X-Forwarded-For": `198.18.${150 + visit}.9` },
      });
      await context.route(
        (url) => !url.href.startsWith(server.url),
        (route) => route.abort(),
      );
      const page = await context.newPage();
      const confirmed = page.waitForResponse((answer) => answer.url().endsWith("/api/clicks/confirm"));
      const opened = await page.goto(`/t/${farmCode}`, { referer: farmReferrers[visit % farmReferrers.length] });
      expect(opened?.headers()["x-click-verdict"]).toBe("counted");
      expect((await confirmed).status()).toBe(200);
      await context.close();
    }

    const admin = await signUpViaApi(server, "promoter", adminEmail);
    const risk = await okRoute(api(server), adminApi.campaignRisk, { params: { id }, cookie: admin });
    const of = (handle: string) => risk.promoters.find((promoter) => promoter.handle === handle);
    expect([of(farmHandle)?.counted, of(honestHandle)?.counted]).toEqual([35, 30]);
    // The honest link: nothing stands out, though its fans came from 30 networks through three apps' sites.
    expect(of(honestHandle)?.reasons).toEqual([]);
    // The farm: every visit's page found an automated browser, and every request contradicted its agent.
    const farmReasons = of(farmHandle)?.reasons.map((reason) => reason.code);
    expect(farmReasons).toEqual(expect.arrayContaining(["inconsistent_requests", "automation"]));
    expect(of(farmHandle)?.risky).toBe(true);

    // The admin reads them in words on the campaign's risk panel.
    const { page } = await openPage("spread-farm-risk", { cookies: admin, bypassCSP: true });
    await page.goto(`/admin/investigate?campaign=${id}`);
    const table = page.getByRole("table", { name: "Promoter risk" });
    const farmRow = table.locator("tr", { hasText: `@${farmHandle}` });
    await expect.poll(() => farmRow.getByText("Automated browsers (+").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => farmRow.getByText("Browsers contradicting themselves (+").isVisible()).toBe(true);
    await expect
      .poll(() =>
        table
          .locator("tr", { hasText: `@${honestHandle}` })
          .getByText("Nothing stands out")
          .isVisible(),
      )
      .toBe(true);
    await visible(page, /came from browsers the page found automated/);
    await screenshot(page, "investigate-spread-farm");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
