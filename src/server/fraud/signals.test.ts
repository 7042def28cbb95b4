import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { suspiciousActivity } from "../db/schema";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs, expectCountersConsistent, linkClicks, linkVerdicts } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createIpHasher, fingerprintOf } from "./click-signals";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

async function flagsOf(campaignId: string) {
  await t.app.clicksWritten();
  return t.database.db
    .select()
    .from(suspiciousActivity)
    .where(eq(suspiciousActivity.campaignId, campaignId))
    .orderBy(asc(suspiciousActivity.id));
}

const tally = (verdicts: string[]) =>
  verdicts.reduce<Record<string, number>>((counts, verdict) => {
    counts[verdict] = (counts[verdict] ?? 0) + 1;
    return counts;
  }, {});

describe("rate limit (SPEC.md section 9: 1,000 clicks a minute per address)", () => {
  it("refuses the 1,001st click of a minute from one address, flags the burst and then the limit", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const ip = "192.0.2.1";
    const verdicts: string[] = [];
    for (let index = 0; index < 1_000; index++) {
      const response = await clickAs(t, `/t/${shortCode}`, { ip });
      verdicts.push(response.headers.get("x-click-verdict") ?? String(response.status));
    }
    expect(tally(verdicts)).toEqual({ counted: 1, duplicate: 999 });

    const refused = await clickAs(t, `/t/${shortCode}`, { ip });
    expect(refused.status).toBe(200);
    expect(refused.headers.get("x-click-verdict")).toBe("rate_limited");
    const html = await refused.text();
    expect(html).toContain("Thanks for listening!");
    expect(html).toContain('http-equiv="refresh" content="3;url=https://open.spotify.com/track/abc123"');
    // The limit is the address's, not the link's.
    expect((await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.200" })).headers.get("x-click-verdict")).toBe("counted");

    expect(tally(await linkVerdicts(t.database.db, shortCode))).toEqual({
      counted: 2,
      duplicate: 999,
      rate_limited: 1,
    });
    expect(await linkClicks(t.database.db, shortCode)).toBe(2);
    const ipHash = createIpHasher(t.config.authSecret)(ip);
    // Flags are written without waiting, so their rows may land in either order.
    const flags = (await flagsOf(campaignId))
      .filter((flag) => flag.type === "rate_limit")
      .sort((a, b) => a.severity.localeCompare(b.severity));
    expect(flags).toMatchObject([
      {
        severity: "high",
        ipHash,
        details: "More than 1000 clicks in a minute from one address: its clicks are refused",
      },
      // With counts shared between instances (PostgreSQL) they arrive in batches, so the count at the crossing varies.
      {
        severity: "medium",
        ipHash,
        details: expect.stringMatching(/^More than 50 clicks in 5 minutes from one address \(\d+ so far\)$/),
      },
    ]);
  });
});

describe("suspicious activity", () => {
  it("flags a HEAD request as one, whatever its user agent, and a bot's user agent as a bot", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const head = await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.40", method: "HEAD" });
    expect(head.headers.get("x-click-verdict")).toBe("bot");
    await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.41", ua: "Slackbot-LinkExpanding 1.0" });
    await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.42", ua: null });
    // Flags are written after their answers, in any order.
    expect((await flagsOf(campaignId)).map((flag) => [flag.type, flag.details]).sort()).toEqual([
      ["bot_detection", "Bot or link preview: (no user agent)"],
      ["bot_detection", "Bot or link preview: Slackbot-LinkExpanding 1.0"],
      ["bot_detection", `HEAD request (a link check, not a visit) from a browser's user agent: ${browserUa}`],
    ]);
  });

  it("flags more than 100 clicks an hour from one device fingerprint, once", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    // One browser on one /24 network, a new address each time: the network's first 10 count, the rest are challenged
    // (network concentration), and every visit adds to the fingerprint's count, which is flagged.
    for (let index = 1; index <= 104; index++) {
      const network = index <= 103 ? "198.51.100" : "198.51.101";
      await clickAs(t, `/t/${shortCode}`, { ip: `${network}.${index}`, headers: { "Accept-Language": "en-US" } });
    }
    expect(await linkClicks(t.database.db, shortCode)).toBe(11);
    const flags = await flagsOf(campaignId);
    const fingerprint = fingerprintOf(browserUa, "en-US", "198.51.100.0/24");
    expect(flags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "fingerprint_abuse",
          severity: "high",
          fingerprint,
          details: "More than 100 clicks in an hour from one device fingerprint",
        }),
        expect.objectContaining({ type: "network_concentration" }),
      ]),
    );
    expect(flags.filter((flag) => flag.type === "fingerprint_abuse")).toHaveLength(1);
  });

  it("flags a link drawing more than 10 clicks from each of more than 3 countries", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const clicksFrom = async (country: string, network: number) => {
      for (let host = 1; host <= 11; host++)
        await clickAs(t, `/t/${shortCode}`, { ip: `10.${network}.${host}.1`, headers: { "CF-IPCountry": country } });
    };
    await clicksFrom("DE", 1);
    await clicksFrom("FR", 2);
    await clicksFrom("BR", 3);
    expect(await flagsOf(campaignId)).toEqual([]);
    await clicksFrom("JP", 4);
    expect(await flagsOf(campaignId)).toMatchObject([
      {
        type: "geo_anomaly",
        severity: "medium",
        details: "One link drew more than 10 clicks from each of 4 countries within an hour: DE, FR, BR, JP",
      },
    ]);
  });
});
