import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { harnessSettings } from "../config";
import { queryRows } from "../db/client";
import { campaigns, clickEvents, suspiciousActivity } from "../db/schema";
import { createIpHasher } from "../fraud/click-signals";
import { serveApp } from "../serve-app";
import { signUp } from "../testing/accounts";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs, expectCountersConsistent, linkClicks as linkClicksOf } from "../testing/clicks";
import { makeAdmin } from "../testing/payouts";
import { startAppServer } from "../testing/server-process";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
});
afterAll(() => t?.close());
// Whatever a test did, every counter equals the counted events behind it.
afterEach(() => expectCountersConsistent(t.database.db));

const click = (path: string, init: Parameters<typeof clickAs>[2] = {}) => clickAs(t, path, init);
const linkClicks = (shortCode: string) => linkClicksOf(t.database.db, shortCode);

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
    expect(unknownHtml).not.toContain("Try Again");

    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const admin = await signUp(t, "artist");
    await makeAdmin(t, admin);
    const cancelledByAdmin = await t.request(`/api/admin/campaigns/${campaignId}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(cancelledByAdmin.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const cancelled = await click(`/t/${shortCode}`, { ip: "192.0.2.10" });
    expect(cancelled.status).toBe(410);
    expect(await cancelled.text()).toContain("Campaign is not available");
    await t.app.clicksWritten();
    const [event] = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(event?.verdict).toBe("inactive");
  });

  it("still takes a fan to the song from an ended campaign's link, saying visits no longer count", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    // The timer passed, before the end job ran; then ended; then completed.
    for (const change of [
      { endsAt: new Date(Date.now() - 1_000) },
      { status: "ended" as const },
      { status: "completed" as const },
    ]) {
      await t.database.db.update(campaigns).set(change).where(eq(campaigns.id, campaignId));
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const ended = await click(`/t/${shortCode}`, { ip: "192.0.2.11" });
      expect(ended.status).toBe(200);
      expect(ended.headers.get("X-Click-Verdict")).toBe("inactive");
      const html = await ended.text();
      expect(html).toContain("This campaign has ended, so visits no longer count. Enjoy the song!");
      expect(html).toContain('http-equiv="refresh" content="3;url=https://open.spotify.com/track/abc123"');
    }
    expect(await linkClicks(shortCode)).toBe(0);
  });
});

describe("verdicts", () => {
  it("counts only a top-level navigation: an embedded, fetched or prefetched link never counts", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const loadedByAPage: Array<Record<string, string>> = [
      { "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors" },
      { "Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate" },
      { "Sec-Fetch-Dest": "script", "Sec-Fetch-Mode": "no-cors" },
      { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" },
      { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "no-cors" },
      { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Purpose": "prefetch" },
      { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Purpose": "prefetch;prerender" },
      { Purpose: "prefetch" },
      { "X-Moz": "prefetch" },
    ];
    for (const [index, headers] of loadedByAPage.entries()) {
      const response = await click(`/t/${shortCode}`, { ip: `198.51.100.${60 + index}`, headers });
      expect(response.headers.get("X-Click-Verdict"), JSON.stringify(headers)).toBe("not_navigation");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toContain("Thanks for listening!");
    }
    expect(await linkClicks(shortCode)).toBe(0);
    // The same addresses still count when a person opens the link (a scripted redirect sends no Sec-Fetch-User).
    const opened = await click(`/t/${shortCode}`, {
      ip: "198.51.100.60",
      headers: { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
    });
    expect(opened.headers.get("X-Click-Verdict")).toBe("counted");
    const oldBrowser = await click(`/t/${shortCode}`, { ip: "198.51.100.61" });
    expect(oldBrowser.headers.get("X-Click-Verdict")).toBe("counted");
    await t.app.clicksWritten();
    const stored = await queryRows<{ verdict: string; n: number }>(
      t.database.db,
      sql`select e.verdict, count(*)::int as n from click_events e join tracking_links tl on tl.id = e.tracking_link_id
          where tl.short_code = ${shortCode} group by e.verdict order by e.verdict`,
    );
    expect(stored).toEqual([
      { verdict: "counted", n: 2 },
      { verdict: "not_navigation", n: loadedByAPage.length },
    ]);
  });

  it("counts a first click once, and tells the visitor nothing: a repeat gets the same page but for its token", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const first = await click(`/t/${shortCode}`, { ip: "198.51.100.1", headers: { "CF-IPCountry": "de" } });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Thanks for listening!");
    expect(html).toContain("Midnight Drive");
    expect(html).toContain("by Nova Lights");
    expect(html).toContain('Redirecting in <span id="n">3 seconds</span>...');
    expect(html).not.toMatch(/click id|counted|already clicked/i);
    // The page's script (the visit's confirmation) is the server's own, allowed by 'self'.
    expect(html).toContain('<script src="/visit.js" async></script>');
    expect(html).toContain(`<img class="cover" src="data:image/svg+xml,`);
    expect(html).toContain(`property="og:image" content="${TEST_ORIGIN}/media/covers/${campaignId}.png"`);
    expect(html).toContain('http-equiv="refresh" content="3;url=https://open.spotify.com/track/abc123"');
    expect(html).toContain('property="og:title" content="Midnight Drive by Nova Lights"');
    expect(html).toContain('property="og:site_name" content="FanBoost"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain('name="twitter:title" content="Midnight Drive by Nova Lights"');
    expect(html).toContain('name="twitter:description" content="Nova Lights on FanBoost"');
    expect(Buffer.byteLength(html)).toBeLessThan(15_000);
    expect(first.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self';/,
    );
    expect(first.headers.get("x-request-id")).toBeNull();

    const again = await click(`/t/${shortCode}`, { ip: "198.51.100.1" });
    const againHtml = await again.text();
    const refused = await click(`/t/${shortCode}`, { ip: "198.51.100.2", ua: "Slackbot-LinkExpanding 1.0" });
    const refusedHtml = await refused.text();
    // Each page's token is its own, 22 characters of one form; everything else is byte for byte the same.
    const token = (page: string) => /data-confirm="([A-Za-z0-9_-]{22})"/.exec(page)?.[1] ?? "";
    const blank = (page: string) => page.replace(token(page), "");
    expect(new Set([token(html), token(againHtml), token(refusedHtml)]).size).toBe(3);
    expect(blank(againHtml)).toBe(blank(html));
    expect(blank(refusedHtml)).toBe(blank(html));
    const headersOf = (answer: Response) =>
      [...answer.headers.entries()].filter(([name]) => name !== "x-click-verdict" && name !== "date");
    expect(headersOf(again)).toEqual(headersOf(first));

    expect(again.headers.get("x-click-verdict")).toBe("duplicate");

    expect(await linkClicks(shortCode)).toBe(1);
    await t.app.clicksWritten();
    const events = await t.database.db.select().from(clickEvents).where(eq(clickEvents.campaignId, campaignId));
    expect(events.map((event) => event.verdict).sort()).toEqual(["bot", "counted", "duplicate"]);
    expect(events.find((event) => event.verdict === "counted")).toMatchObject({ ip: "198.51.100.1", country: "DE" });
  });

  it("names no verdict in any header unless a harness asks for it (EXPOSE_CLICK_VERDICTS)", async () => {
    const quiet = await createTestApp({ env: { EXPOSE_CLICK_VERDICTS: "false" }, database: t.database });
    try {
      const { shortCode } = await liveCampaignWithLink(quiet);
      const counted = await clickAs(quiet, `/t/${shortCode}`, { ip: "198.51.100.70" });
      const repeat = await clickAs(quiet, `/t/${shortCode}`, { ip: "198.51.100.70" });
      for (const answer of [counted, repeat]) {
        expect([...answer.headers.keys()].filter((name) => /verdict|count/i.test(name))).toEqual([]);
        await answer.arrayBuffer();
      }
      expect(await linkClicksOf(quiet.database.db, shortCode)).toBe(1);
    } finally {
      await quiet.close();
    }
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
      expect(await response.text()).toContain("Thanks for listening!");
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
  });

  it("does not count the promoter's own clicks or the artist's", async () => {
    const { artist, promoter, shortCode } = await liveCampaignWithLink(t);
    const own = await click(`/t/${shortCode}`, { ip: "198.51.100.50", cookie: promoter.cookie });
    expect(await own.text()).toContain("Thanks for listening!");
    await click(`/t/${shortCode}`, { ip: "198.51.100.51", cookie: artist.cookie });
    expect(await linkClicks(shortCode)).toBe(0);
    const stranger = await signUp(t, "promoter");
    await click(`/t/${shortCode}`, { ip: "198.51.100.52", cookie: stranger.cookie });
    expect(await linkClicks(shortCode)).toBe(1);
  });

  it("redirects a paused campaign's link without counting", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    await t.database.db.update(campaigns).set({ status: "paused" }).where(eq(campaigns.id, campaignId));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await click(`/t/${shortCode}`, { ip: "198.51.100.60" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("This campaign isn&#39;t counting visits right now");
    expect(await linkClicks(shortCode)).toBe(0);
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

function get(port: number, path: string, localAddress: string, method = "GET", headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        localAddress,
        agent: false,
        headers: { "User-Agent": browserUa, ...headers },
      },
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
    // Pages outside /t carry a fresh CSP nonce per response; a counted visit's page, its own confirmation token.
    const normalize = (text: string | string[] | null | undefined) =>
      String(text ?? "")
        .replace(/nonce-[\w+/=]+|nonce="[\w+/=]+"/g, "nonce")
        .replace(/data-confirm="[\w.-]+"/, 'data-confirm="token"');
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
  });
});

describe("concurrency and durability", () => {
  it("counts 500 concurrent requests from 100 real source addresses exactly 100 times", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { server, port } = await listen(t.app);
    try {
      const requests = Array.from({ length: 500 }, (_, index) =>
        get(port, `/t/${shortCode}`, `127.0.${2 + (index % 100)}.1`),
      );
      const responses = await Promise.all(requests);
      expect(responses.every((response) => response.status === 200)).toBe(true);
    } finally {
      server.close();
    }
    expect(await linkClicks(shortCode)).toBe(100);
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
          get(index % 2 === 0 ? one.port : otherPort, `/t/${shortCode}`, `127.1.${2 + (index % 50)}.1`),
        );
        expect((await Promise.all(requests)).every((response) => response.status === 200)).toBe(true);
      } finally {
        one.server.close();
        await other.stop();
      }
      expect(await linkClicks(shortCode)).toBe(50);
    },
  );

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "shares one address's rate limit and burst flag between two server processes on one PostgreSQL",
    async () => {
      const { shortCode } = await liveCampaignWithLink(t);
      const other = await startAppServer({ DATABASE_URL: t.database.url as string, AUTH_SECRET: t.config.authSecret });
      const one = await listen(t.app);
      const ports = [one.port, Number(new URL(other.url).port)];
      const address = "127.0.3.3";
      const verdicts: string[] = [];
      try {
        // 1,000 clicks from one address, split between the two processes, ten at a time.
        for (let sent = 0; sent < 1_000; sent += 10) {
          const batch = await Promise.all(
            Array.from({ length: 10 }, (_, index) =>
              get(ports[(sent + index) % 2] as number, `/t/${shortCode}`, address),
            ),
          );
          verdicts.push(...batch.map((response) => String(response.headers["x-click-verdict"])));
        }
        expect(verdicts.filter((verdict) => verdict === "rate_limited")).toEqual([]);
        // The 1,001st, on either process, is over the shared limit.
        for (const port of ports) {
          expect((await get(port, `/t/${shortCode}`, address)).headers["x-click-verdict"]).toBe("rate_limited");
        }
      } finally {
        one.server.close();
        await other.stop();
      }
      await t.app.clicksWritten();
      const hash = createIpHasher(t.config.authSecret)(address);
      const flags = await t.database.db
        .select({ type: suspiciousActivity.type, severity: suspiciousActivity.severity })
        .from(suspiciousActivity)
        .where(eq(suspiciousActivity.ipHash, hash));
      // Each flag once, whichever process saw the crossing: the burst, the rate limit, and the one device fingerprint.
      expect(flags.map((flag) => `${flag.type}:${flag.severity}`).sort()).toEqual([
        "fingerprint_abuse:high",
        "rate_limit:high",
        "rate_limit:medium",
      ]);
    },
  );

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "flags a burst split between two server processes once it stops, from the last clicks each one shares",
    async () => {
      const { campaignId, shortCode } = await liveCampaignWithLink(t);
      const other = await startAppServer({ DATABASE_URL: t.database.url as string, AUTH_SECRET: t.config.authSecret });
      const one = await listen(t.app);
      const ports = [one.port, Number(new URL(other.url).port)];
      try {
        // 30 clicks on each process within a second: over the 50-in-5-minutes burst only together, and the last
        // clicks of each are shared after the burst, when nothing from the address comes any more.
        for (let sent = 0; sent < 60; sent += 4) {
          await Promise.all(
            [0, 1, 2, 3].map((index) => get(ports[(sent + index) % 2] as number, `/t/${shortCode}`, "127.0.4.4")),
          );
        }
        const burstFlags = () =>
          t.database.db
            .select({ severity: suspiciousActivity.severity })
            .from(suspiciousActivity)
            .where(and(eq(suspiciousActivity.campaignId, campaignId), eq(suspiciousActivity.type, "rate_limit")));
        await expect.poll(burstFlags, { timeout: 5_000 }).toEqual([{ severity: "medium" }]);
      } finally {
        one.server.close();
        await other.stop();
      }
    },
  );

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "shares device-fingerprint and per-country counts between two server processes on one PostgreSQL",
    async () => {
      const { shortCode } = await liveCampaignWithLink(t);
      // One browser on one network (one device fingerprint) visits twelve links, ten visits each: no link draws more
      // than the network's limit of counted clicks.
      const fingerprintLinks = await Promise.all(Array.from({ length: 12 }, () => liveCampaignWithLink(t)));
      const other = await startAppServer({
        DATABASE_URL: t.database.url as string,
        AUTH_SECRET: t.config.authSecret,
        COUNTRY_HEADER: "CF-IPCountry",
      });
      const one = await listen(t.app);
      const ports = [one.port, Number(new URL(other.url).port)];
      const countries = ["BR", "DE", "FR", "JP"];
      try {
        // 120 visits from one fingerprint, 60 on each process: neither process alone sees more than 100.
        for (let index = 0; index < 120; index++) {
          const link = fingerprintLinks[index % 12]?.shortCode as string;
          const response = await get(ports[index % 2] as number, `/t/${link}`, `127.0.5.${2 + index}`);
          expect(response.headers["x-click-verdict"]).toBe("counted");
        }
        // 48 visitors from 48 networks and four countries, 12 each, 6 on each process: neither process alone sees
        // more than 10 from a country.
        for (let index = 0; index < 48; index++) {
          const country = { "CF-IPCountry": countries[index % 4] as string };
          const response = await get(ports[index % 2] as number, `/t/${shortCode}`, `127.6.${index}.2`, "GET", country);
          expect(response.headers["x-click-verdict"]).toBe("counted");
        }
      } finally {
        one.server.close();
        await other.stop();
      }
      await t.app.clicksWritten();
      const [link] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from tracking_links where short_code = ${shortCode}`,
      );
      const flags = await t.database.db
        .select({ type: suspiciousActivity.type, details: suspiciousActivity.details })
        .from(suspiciousActivity)
        .where(eq(suspiciousActivity.trackingLinkId, link?.id as string));
      expect(flags.map((flag) => flag.type)).toEqual(["geo_anomaly"]);
      const fingerprintFlags = await t.database.db
        .select({ type: suspiciousActivity.type })
        .from(suspiciousActivity)
        .where(
          and(
            eq(suspiciousActivity.type, "fingerprint_abuse"),
            inArray(
              suspiciousActivity.campaignId,
              fingerprintLinks.map((link) => link.campaignId),
            ),
          ),
        );
      // Once, though each process saw only 60 of its visits (other tests' flags aside).
      expect(fingerprintFlags).toHaveLength(1);
      expect(flags.find((flag) => flag.type === "geo_anomaly")?.details).toContain(
        "4 countries within an hour: BR, DE, FR, JP",
      );
    },
  );
});
