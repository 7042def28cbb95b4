import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { voidClicks } from "../admin/fraud-review";
import { queryRows } from "../db/client";
import { clickAudit, clickEvents, suspiciousActivity } from "../db/schema";
import { DomainError } from "../errors";
import { createIpHasher } from "../fraud/click-signals";
import { fraudRules } from "../fraud/rules";
import { createLogger } from "../logger";
import { signUp } from "../testing/accounts";
import { createLiveCampaign, joinAs, liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs, expectCountersConsistent, linkClicks as linkClicksOf } from "../testing/clicks";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import {
  clicksByCountry,
  rateLimitingStats,
  recentClicks,
  suspiciousActivityIn,
  topIps,
  topUserAgents,
} from "./click-analytics";
import { createClickRecorder } from "./click-recorder";
import { clearExpiredClickIps } from "./ip-retention";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

const click = (path: string, init: Parameters<typeof clickAs>[2] = {}) => clickAs(t, path, init);
const linkClicks = (shortCode: string) => linkClicksOf(t.database.db, shortCode);
const previewer = "Twitterbot/1.0";

describe("admin click views", () => {
  // The views sum over every click, so this test has a database of its own.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
  });
  afterAll(() => fresh?.close());

  it("reports top addresses and agents, countries, recent clicks, stats and flags by time range", async () => {
    const { db } = fresh.database;
    const { campaignId, shortCode } = await liveCampaignWithLink(fresh);
    // Twelve addresses on twelve networks count once each; 198.18.0.50 comes back eight times; one link preview.
    for (let index = 0; index < 12; index++) {
      const country = index < 9 ? "FR" : "us";
      await clickAs(fresh, `/t/${shortCode}`, { ip: `198.18.${index}.50`, headers: { "CF-IPCountry": country } });
    }
    for (let index = 0; index < 8; index++) await clickAs(fresh, `/t/${shortCode}`, { ip: "198.18.0.50" });
    await clickAs(fresh, `/t/${shortCode}`, { ip: "198.18.0.98", ua: previewer });
    await fresh.app.clicksWritten();

    const ips = await topIps(db, "24h");
    expect(ips).toHaveLength(10);
    expect(ips[0]).toEqual({ ip: "198.18.0.50", count: 9 });
    expect(await topUserAgents(db, "24h")).toEqual([
      { userAgent: browserUa, count: 20 },
      { userAgent: previewer, count: 1 },
    ]);
    expect(await clicksByCountry(db, "24h")).toEqual([
      { country: "FR", count: 9 },
      { country: "US", count: 3 },
    ]);

    // The newest 20 events (events written together in one batch get their ids in the batch's order).
    const recent = await recentClicks(db);
    const newest = await db.select({ id: clickEvents.id }).from(clickEvents).orderBy(desc(clickEvents.id)).limit(20);
    expect(recent.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    expect(recent.map((row) => row.verdict)).toContain("bot");

    const stats = await rateLimitingStats(db, "24h");
    expect(stats.blockedByVerdict).toEqual([
      { verdict: "duplicate", count: 8 },
      { verdict: "bot", count: 1 },
    ]);
    expect(stats.flagsByType).toEqual([{ type: "bot_detection", count: 1 }]);

    expect(await suspiciousActivityIn(db, "1h")).toMatchObject([
      { type: "bot_detection", severity: "low", campaignId },
    ]);
    await db.update(suspiciousActivity).set({ ts: new Date(Date.now() - 2 * 86_400_000) });
    const ranges = ["1h", "24h", "7d", "30d"] as const;
    const counts = await Promise.all(ranges.map(async (range) => (await suspiciousActivityIn(db, range)).length));
    expect(counts).toEqual([0, 0, 1, 1]);
    await expectCountersConsistent(db);
  });
});

describe("voiding clicks", () => {
  it("voids a promoter's clicks on a campaign, recomputes every counter and writes the audit log", async () => {
    const artist = await signUp(t, "artist");
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    const campaignId = await createLiveCampaign(t, artist);
    const cheat = await signUp(t, "promoter");
    const cheatCode = await joinAs(t, cheat, campaignId);
    const honestCode = await joinAs(t, await signUp(t, "promoter"), campaignId);
    for (let index = 0; index < 5; index++) await click(`/t/${cheatCode}`, { ip: `198.51.100.${10 + index}` });
    await click(`/t/${honestCode}`, { ip: "198.51.100.99" });
    // The cheat's clicks on another campaign are not this campaign's business.
    const otherCampaign = await createLiveCampaign(t, await signUp(t, "artist"));
    const otherCode = await joinAs(t, cheat, otherCampaign);
    await click(`/t/${otherCode}`, { ip: "198.51.100.10" });

    const [link] = await queryRows<{ promoter_id: string }>(
      t.database.db,
      sql`select promoter_id from tracking_links where short_code = ${cheatCode}`,
    );
    const result = await voidClicks(t.app.context, {
      campaignId,
      promoterId: link?.promoter_id,
      actor: { id: admin.id, email: admin.email },
      reason: "click farm",
    });
    expect(result.clicks_voided).toBe(5);
    expect([await linkClicks(cheatCode), await linkClicks(honestCode), await linkClicks(otherCode)]).toEqual([0, 1, 1]);
    const [promoter] = await queryRows<{ total_clicks_all_time: number }>(
      t.database.db,
      sql`select total_clicks_all_time from promoters where id = ${link?.promoter_id}`,
    );
    expect(Number(promoter?.total_clicks_all_time)).toBe(1);
    const audit = await t.database.db.select().from(clickAudit).where(eq(clickAudit.campaignId, campaignId));
    expect(audit).toMatchObject([
      {
        action: "void_promoter",
        promoterId: link?.promoter_id,
        clicksVoided: 5,
        actorUserId: admin.id,
        reason: "click farm",
      },
    ]);
  });

  it("voids an address's counted click on a campaign, and only that campaign's", async () => {
    const { campaignId, shortCode, artist } = await liveCampaignWithLink(t);
    const other = await liveCampaignWithLink(t);
    for (const code of [shortCode, other.shortCode]) {
      await click(`/t/${code}`, { ip: "203.0.113.7" });
      await click(`/t/${code}`, { ip: "203.0.113.8" });
    }
    const [event] = await t.database.db
      .select({ ipHash: clickEvents.ipHash })
      .from(clickEvents)
      .where(and(eq(clickEvents.campaignId, campaignId), eq(clickEvents.ip, "203.0.113.7")));

    const result = await voidClicks(t.app.context, {
      campaignId,
      ipHash: event?.ipHash,
      actor: { id: artist.id, email: artist.email },
    });
    expect(result.clicks_voided).toBe(1);
    expect([await linkClicks(shortCode), await linkClicks(other.shortCode)]).toEqual([1, 2]);
    const voided = await t.database.db
      .select({ ip: clickEvents.ip })
      .from(clickEvents)
      .where(and(eq(clickEvents.campaignId, campaignId), eq(clickEvents.verdict, "voided")));
    expect(voided).toEqual([{ ip: "203.0.113.7" }]);
    const audit = await t.database.db.select().from(clickAudit).where(eq(clickAudit.campaignId, campaignId));
    expect(audit).toMatchObject([{ action: "void_ip", ipHash: event?.ipHash, promoterId: null, clicksVoided: 1 }]);
  });

  it("needs exactly one of a promoter and an address", async () => {
    const { campaignId, artist } = await liveCampaignWithLink(t);
    for (const target of [{}, { promoterId: "00000000-0000-0000-0000-000000000000", ipHash: "h" }]) {
      const attempt = voidClicks(t.app.context, {
        campaignId,
        actor: { id: artist.id, email: artist.email },
        ...target,
      });
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toThrow("Choose a promoter or an address to void");
    }
  });
});

describe("address retention", () => {
  it("clears raw addresses after 30 days and keeps de-duplication", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    await click(`/t/${shortCode}`, { ip: "198.51.100.80" });
    await click(`/t/${shortCode}`, { ip: "198.51.100.81" });
    await t.database.db
      .update(clickEvents)
      .set({ ts: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(clickEvents.campaignId, campaignId), eq(clickEvents.ip, "198.51.100.80")));
    expect(await clearExpiredClickIps(t.database.db)).toBe(1);
    const events = await t.database.db
      .select({ ip: clickEvents.ip, ipHash: clickEvents.ipHash })
      .from(clickEvents)
      .where(eq(clickEvents.campaignId, campaignId));
    expect(events.map((event) => event.ip).sort()).toEqual(["198.51.100.81", null]);
    expect(events.every((event) => event.ipHash.length > 20)).toBe(true);
    // The database, not this process's memory of recent clicks, still knows the address by its hash.
    const [link] = await t.database.db
      .select({ trackingLinkId: clickEvents.trackingLinkId, promoterId: clickEvents.promoterId })
      .from(clickEvents)
      .where(eq(clickEvents.campaignId, campaignId))
      .limit(1);
    const recorder = createClickRecorder(t.database, createLogger("silent"));
    const recorded = await recorder.record({
      trackingLinkId: link?.trackingLinkId as string,
      campaignId,
      promoterId: link?.promoterId as string,
      verdict: "counted",
      ip: "198.51.100.80",
      ipHash: createIpHasher(t.config.authSecret)("198.51.100.80"),
      userAgent: browserUa,
      network: "198.51.100.0/24",
      asn: null,
      rulesVersion: fraudRules.version,
      reasons: [],
      request: null,
      country: "Unknown",
      referrer: null,
      fingerprint: null,
      places: 0,
    });
    expect(recorded).toEqual({ verdict: "duplicate" });
    expect(await linkClicks(shortCode)).toBe(2);
  });
});
