import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { harnessSettings } from "../config";
import { type Database, queryRows } from "../db/client";
import { campaigns, clickAudit, clickEvents } from "../db/schema";
import { serveApp } from "../http/serve-app";
import { createLogger } from "../logger";
import { signUp } from "../testing/accounts";
import { createLiveCampaign, joinAs, liveCampaignWithLink } from "../testing/campaigns";
import { startAppServer } from "../testing/server-process";
import { createTestApp, type TestApp } from "../testing/test-app";
import {
  clicksByCountry,
  rateLimitingStats,
  recentClicks,
  suspiciousActivityIn,
  topIps,
  topUserAgents,
  voidClicks,
} from "./click-analytics";
import { createFraudMonitor } from "./fraud-monitor";
import { clearExpiredClickIps } from "./ip-retention";

const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
});
afterAll(() => t.close());

/** Counters always equal the counted events behind them. */
async function expectCountersConsistent(db: Database) {
  const [row] = await queryRows<{ bad_links: string; bad_promoters: string; bad_campaigns: string }>(
    db,
    sql`select
      (select count(*) from tracking_links tl where tl.total_clicks <> (select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')) as bad_links,
      (select count(*) from promoters p where p.total_clicks_all_time <> (select count(*) from click_events e where e.promoter_id = p.id and e.verdict = 'counted')) as bad_promoters,
      (select count(*) from campaigns c where c.total_clicks <> (select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')) as bad_campaigns`,
  );
  expect([row?.bad_links, row?.bad_promoters, row?.bad_campaigns].map(Number)).toEqual([0, 0, 0]);
}

const click = (
  path: string,
  init: { ip?: string; ua?: string | null; method?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  t.request(path, {
    method: init.method ?? "GET",
    ip: init.ip,
    cookie: init.cookie,
    headers: { ...(init.ua === null ? {} : { "User-Agent": init.ua ?? browserUa }), ...init.headers },
  });

async function linkClicks(shortCode: string) {
  const [row] = await queryRows<{ total_clicks: number }>(
    t.database.db,
    sql`select total_clicks from tracking_links where short_code = ${shortCode}`,
  );
  return Number(row?.total_clicks);
}

describe("tracking page messages", () => {
  it("explains a missing code, an unknown code and an unavailable campaign", async () => {
    for (const path of ["/t", "/t/", "/track/"]) {
      const response = await click(path);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Link Not Found");
      expect(html).toContain("Invalid tracking link - missing short code");
    }
    const unknown = await click("/t/NoSuchCode");
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain("Tracking link not found");
    expect(unknownHtml).toContain("Browse Campaigns");
    expect(unknownHtml).toContain("Try Again");

    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    await t.database.db.update(campaigns).set({ status: "ended" }).where(eq(campaigns.id, campaignId));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const ended = await click(`/t/${shortCode}`, { ip: "192.0.2.10" });
    expect(ended.status).toBe(410);
    expect(await ended.text()).toContain("Campaign is not available");
    await t.app.clicksWritten();
    const [event] = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(event?.verdict).toBe("inactive");
    await expectCountersConsistent(t.database.db);
  });
});

describe("verdicts", () => {
  it("counts a first click, then shows Already Clicked for the same address without counting", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const first = await click(`/t/${shortCode}`, { ip: "198.51.100.1", headers: { "CF-IPCountry": "de" } });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Click Tracked Successfully!");
    expect(html).toContain("Midnight Drive");
    expect(html).toContain("by Nova Lights");
    expect(html).toContain('Redirecting in <span id="n">3 seconds</span>...');
    expect(html).toMatch(/Click ID: \d+/);
    expect(html).toContain('http-equiv="refresh" content="3;url=https://open.spotify.com/track/abc123"');
    expect(html).toContain('property="og:title" content="Midnight Drive by Nova Lights"');
    expect(Buffer.byteLength(html)).toBeLessThan(15_000);
    expect(first.headers.get("content-security-policy")).toMatch(
      /default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+';/,
    );
    expect(first.headers.get("x-request-id")).toBeNull();

    const again = await click(`/track/${shortCode}`, { ip: "198.51.100.1" });
    const againHtml = await again.text();
    expect(againHtml).toContain("Already Clicked");
    expect(againHtml).toContain("IP has already clicked this campaign");
    expect(againHtml).toContain("url=https://open.spotify.com/track/abc123");

    expect(againHtml).not.toContain("Click ID");
    expect(again.headers.get("x-click-verdict")).toBe("duplicate");

    expect(await linkClicks(shortCode)).toBe(1);
    await t.app.clicksWritten();
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(events.map((event) => event.verdict).sort()).toEqual(["counted", "duplicate"]);
    expect(events.find((event) => event.verdict === "counted")).toMatchObject({ ip: "198.51.100.1", country: "DE" });
    await expectCountersConsistent(t.database.db);
  });

  it("never counts HEAD requests, empty user agents, crawlers or link previewers", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const bots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "WhatsApp/2.23.20.0",
      "TelegramBot (like TwitterBot)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "curl/8.5.0",
      "python-requests/2.31.0",
    ];
    let octet = 1;
    for (const ua of bots) {
      const response = await click(`/t/${shortCode}`, { ip: `203.0.113.${octet++}`, ua });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Redirecting to the song");
    }
    expect((await click(`/t/${shortCode}`, { ip: "203.0.113.100", ua: null })).status).toBe(200);
    expect((await click(`/t/${shortCode}`, { ip: "203.0.113.101", method: "HEAD" })).status).toBe(200);
    expect(await linkClicks(shortCode)).toBe(0);
    await t.app.clicksWritten();
    const [bot] = await queryRows<{ count: string }>(
      t.database.db,
      sql`select count(*) from click_events e join tracking_links tl on tl.id = e.tracking_link_id where tl.short_code = ${shortCode} and e.verdict = 'bot'`,
    );
    expect(Number(bot?.count)).toBe(bots.length + 2);
    await expectCountersConsistent(t.database.db);
  });

  it("does not count the promoter's own clicks or the artist's", async () => {
    const { artist, promoter, shortCode } = await liveCampaignWithLink(t);
    const own = await click(`/t/${shortCode}`, { ip: "198.51.100.50", cookie: promoter.cookie });
    expect(await own.text()).toContain("Your own clicks don&#39;t count");
    await click(`/t/${shortCode}`, { ip: "198.51.100.51", cookie: artist.cookie });
    expect(await linkClicks(shortCode)).toBe(0);
    const stranger = await signUp(t, "promoter");
    await click(`/t/${shortCode}`, { ip: "198.51.100.52", cookie: stranger.cookie });
    expect(await linkClicks(shortCode)).toBe(1);
    await expectCountersConsistent(t.database.db);
  });

  it("redirects a paused campaign's link without counting", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    await t.database.db.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, campaignId));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await click(`/t/${shortCode}`, { ip: "198.51.100.60" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("This campaign isn&#39;t counting clicks right now");
    expect(await linkClicks(shortCode)).toBe(0);
  });

  it("rate-limits an address over 1,000 clicks a minute and flags bursts", () => {
    const monitor = createFraudMonitor(t.database.db, createLogger("silent"));
    const observation = {
      campaignId: "00000000-0000-0000-0000-000000000000",
      trackingLinkId: "00000000-0000-0000-0000-000000000000",
      ip: "192.0.2.1",
      ipHash: "h",
      fingerprint: "f",
      country: "Unknown",
      userAgent: browserUa,
      bot: false,
    };
    const now = Date.now();
    const results = Array.from({ length: 1001 }, (_, index) =>
      monitor.observe({ ...observation, ip: "192.0.2.1" }, now + index),
    );
    expect(results.slice(0, 1000).every((result) => !result.rateLimited)).toBe(true);
    expect(results[1000]?.rateLimited).toBe(true);
    expect(monitor.observe(observation, now + 61_000).rateLimited).toBe(false);
  });

  it("believes X-Forwarded-For only behind a trusted proxy", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await click(`/t/${shortCode}`, { ip: "198.51.100.70", headers: { "X-Forwarded-For": "1.1.1.1" } });
    await click(`/t/${shortCode}`, { ip: "198.51.100.70", headers: { "X-Forwarded-For": "2.2.2.2" } });
    expect(await linkClicks(shortCode)).toBe(1);
    const events = await t.database.db
      .select({ ip: clickEvents.ip })
      .from(clickEvents)
      .where(eq(clickEvents.ip, "1.1.1.1"));
    expect(events).toHaveLength(0);

    const proxied = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const live = await liveCampaignWithLink(proxied);
      for (const forwarded of ["1.1.1.1", "2.2.2.2", "1.1.1.1"]) {
        await proxied.request(`/t/${live.shortCode}`, {
          ip: "10.0.0.1",
          headers: { "User-Agent": browserUa, "X-Forwarded-For": forwarded },
        });
      }
      const [row] = await queryRows<{ total_clicks: number }>(
        proxied.database.db,
        sql`select total_clicks from tracking_links where short_code = ${live.shortCode}`,
      );
      expect(Number(row?.total_clicks)).toBe(2);
    } finally {
      await proxied.close();
    }
  });
});

/** The app behind a real Node server, as `npm start` serves it: tracking requests take the Node fast path. */
async function listen(app: App) {
  const server = await serveApp(app, { port: 0, hostname: "127.0.0.1" });
  return { server, port: (server.address() as AddressInfo).port };
}

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function get(port: number, path: string, localAddress: string, method = "GET") {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, method, localAddress, agent: false, headers: { "User-Agent": browserUa } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the Node fast path", () => {
  it("answers exactly as the Hono routes do", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { server, port } = await listen(t.app);
    // Click ids differ between two clicks, and pages outside /t carry a fresh CSP nonce per response.
    const normalize = (text: string | string[] | null | undefined) =>
      String(text ?? "")
        .replace(/Click ID: \d+/, "Click ID: #")
        .replace(/nonce-[\w+/=]+|nonce="[\w+/=]+"/g, "nonce");
    try {
      const cases: Array<[string, string]> = [
        ["GET", "/t"],
        ["GET", "/t/"],
        ["GET", "/track/"],
        ["GET", "/t/NoSuchCode1"],
        ["GET", "/t/ab"],
        ["GET", "/t/%E0%A4%A"],
        ["GET", `/t/${shortCode}?utm_source=x`],
        ["GET", `/track/${shortCode}`],
        ["HEAD", `/t/${shortCode}`],
        ["GET", `/t/${shortCode}/extra`],
        ["POST", `/t/${shortCode}`],
      ];
      for (const [index, [method, path]] of cases.entries()) {
        const viaNode = await get(port, path, `127.0.3.${2 + index}`, method);
        const viaHono = await t.request(path, { method, headers: { "User-Agent": browserUa } });
        const honoBody = method === "HEAD" ? "" : await viaHono.text();
        expect({ path, method, status: viaNode.status }).toEqual({ path, method, status: viaHono.status });
        expect(viaNode.headers["x-click-verdict"]).toBe(viaHono.headers.get("x-click-verdict") ?? undefined);
        expect(normalize(viaNode.headers["content-security-policy"])).toBe(
          normalize(viaHono.headers.get("content-security-policy")),
        );
        expect(normalize(viaNode.body)).toBe(normalize(honoBody));
      }
    } finally {
      server.close();
    }
    await expectCountersConsistent(t.database.db);
  });
});

describe("concurrency and durability", () => {
  it("counts 500 concurrent requests from 100 real source addresses exactly 100 times", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { server, port } = await listen(t.app);
    try {
      const requests = Array.from({ length: 500 }, (_, index) =>
        get(port, `/t/${shortCode}`, `127.0.0.${2 + (index % 100)}`),
      );
      const responses = await Promise.all(requests);
      expect(responses.every((response) => response.status === 200)).toBe(true);
    } finally {
      server.close();
    }
    expect(await linkClicks(shortCode)).toBe(100);
    await expectCountersConsistent(t.database.db);
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "counts each address once across two server processes on one PostgreSQL",
    async () => {
      const { shortCode } = await liveCampaignWithLink(t);
      const other = await startAppServer({ DATABASE_URL: t.database.url as string, AUTH_SECRET: t.config.authSecret });
      const one = await listen(t.app);
      const otherPort = Number(new URL(other.url).port);
      try {
        const requests = Array.from({ length: 400 }, (_, index) =>
          get(index % 2 === 0 ? one.port : otherPort, `/t/${shortCode}`, `127.0.1.${2 + (index % 50)}`),
        );
        expect((await Promise.all(requests)).every((response) => response.status === 200)).toBe(true);
      } finally {
        one.server.close();
        await other.stop();
      }
      expect(await linkClicks(shortCode)).toBe(50);
      await expectCountersConsistent(t.database.db);
    },
  );
});

describe("privacy and admin views", () => {
  it("clears raw addresses after 30 days and keeps de-duplication", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    await click(`/t/${shortCode}`, { ip: "198.51.100.80" });
    await t.database.db
      .update(clickEvents)
      .set({ ts: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(clickEvents.campaignId, campaignId));
    expect(await clearExpiredClickIps(t.database.db)).toBeGreaterThanOrEqual(1);
    const [event] = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(event?.ip).toBeNull();
    expect(event?.ipHash).toBeTruthy();
    await click(`/t/${shortCode}`, { ip: "198.51.100.80" });
    expect(await linkClicks(shortCode)).toBe(1);
  });

  it("reports top addresses, agents, countries, recent clicks and stats, and voids a promoter's clicks", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const cheat = await signUp(t, "promoter");
    const honest = await signUp(t, "promoter");
    const cheatCode = await joinAs(t, cheat, campaignId);
    const honestCode = await joinAs(t, honest, campaignId);
    for (let index = 0; index < 5; index++)
      await click(`/t/${cheatCode}`, { ip: `192.0.2.${50 + index}`, headers: { "CF-IPCountry": "FR" } });
    await click(`/t/${honestCode}`, { ip: "192.0.2.99", headers: { "CF-IPCountry": "US" } });

    expect((await topIps(t.database.db)).length).toBeGreaterThan(0);
    expect((await topUserAgents(t.database.db))[0]?.userAgent).toBe(browserUa);
    expect((await clicksByCountry(t.database.db)).map((row) => row.country)).toContain("FR");
    expect(await recentClicks(t.database.db)).toHaveLength(20);
    const stats = await rateLimitingStats(t.database.db);
    expect(stats.blockedByVerdict.map((row) => row.verdict)).toContain("bot");
    expect((await suspiciousActivityIn(t.database.db, "24h")).some((row) => row.type === "bot_detection")).toBe(true);

    const [cheatPromoter] = await queryRows<{ promoter_id: string }>(
      t.database.db,
      sql`select promoter_id from tracking_links where short_code = ${cheatCode}`,
    );
    const result = await voidClicks(t.database.db, {
      campaignId,
      promoterId: cheatPromoter?.promoter_id,
      actorUserId: artist.id,
      reason: "test",
    });
    expect(result.clicksVoided).toBe(5);
    expect(await linkClicks(cheatCode)).toBe(0);
    expect(await linkClicks(honestCode)).toBe(1);
    const audit = await t.database.db.select().from(clickAudit).where(eq(clickAudit.campaignId, campaignId));
    expect(audit).toMatchObject([{ action: "void_promoter", clicksVoided: 5 }]);
    await expectCountersConsistent(t.database.db);
  });
});
