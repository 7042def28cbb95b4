import { solveChallenge } from "altcha-lib/v1";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { queryRows } from "../db/client";
import { suspiciousActivity } from "../db/schema";
import { signUp } from "../testing/accounts";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserHints, browserUa, clickAs, linkClicks } from "../testing/clicks";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fraudRules } from "./rules";

/**
 * The fraud engine's network rules (PRODUCT.md): a network gives one link at most NETWORK_CLICK_LIMIT counted clicks an
 * hour before its visits to the campaign are challenged (without JavaScript they never count), and a data centre's
 * visits never count (under the rules a campaign launched with before version 4, they were challenged). Documentation ranges stand in for networks; NETWORK_OVERRIDES names one a hosting provider.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NETWORK_OVERRIDES: "192.0.2.0/24=64511:Example Cloud:hosting" } });
});
afterAll(() => t?.close());

/** Thirty real browsers' user agents, rotated as a click farm does. */
const agents = Array.from(
  { length: 30 },
  (_, index) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + index}.0.0.0 Safari/537.36`,
);

const verdictsOf = async (shortCode: string) =>
  queryRows<{
    verdict: string;
    network: string | null;
    asn: number | null;
    rules_version: number | null;
    reasons: string[] | null;
  }>(
    t.database.db,
    sql`select e.verdict, e.network, e.asn, e.rules_version, e.reasons from click_events e
        join tracking_links tl on tl.id = e.tracking_link_id where tl.short_code = ${shortCode} order by e.id`,
  );

describe("network rules", () => {
  it("let a no-JavaScript farm on one network count at most the limit, and flag the network and the promoter once", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        clickAs(t, `/t/${shortCode}`, { ip: `198.51.100.${index + 1}`, ua: agents[index % agents.length] }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await linkClicks(t.database.db, shortCode)).toBe(10);
    await t.app.clicksWritten();
    const stored = await verdictsOf(shortCode);
    expect(stored.filter((row) => row.verdict === "counted")).toHaveLength(10);
    expect(stored.filter((row) => row.verdict === "challenged")).toHaveLength(140);
    expect(stored.every((row) => row.network === "198.51.100.0/24" && row.rules_version === fraudRules.version)).toBe(
      true,
    );
    // Each challenged visit says why: its network passed the limit on the link. And each says what its request
    // contradicts: a Chrome that sends no client hints.
    expect(
      stored
        .filter((row) => row.verdict === "challenged")
        .every((row) => row.reasons?.join() === "network_limit,hints_missing"),
    ).toBe(true);
    expect(
      stored.filter((row) => row.verdict === "counted").every((row) => row.reasons?.join() === "hints_missing"),
    ).toBe(true);
    const [link] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from tracking_links where short_code = ${shortCode}`,
    );
    const flags = await t.database.db
      .select()
      .from(suspiciousActivity)
      .where(eq(suspiciousActivity.campaignId, campaignId));
    expect(flags).toEqual([
      expect.objectContaining({
        type: "network_concentration",
        severity: "medium",
        network: "198.51.100.0/24",
        trackingLinkId: link?.id,
        details: expect.stringContaining("counted clicks within an hour from one network, 198.51.100.0/24"),
      }),
    ]);
    // Another network still counts on the same campaign.
    const other = await clickAs(t, `/t/${shortCode}`, { ip: "198.51.101.1" });
    expect(other.headers.get("X-Click-Verdict")).toBe("counted");

    // The admin's investigate view shows each click's network, why it was challenged and what its request contradicts.
    const admin = await signUp(t, "artist");
    await makeAdmin(t, admin);
    const investigation = await okRoute(t, adminApi.investigate, {
      query: { campaign: campaignId },
      cookie: admin.cookie,
    });
    const challenged = investigation.clicks.filter((click) => click.verdict === "challenged");
    expect(challenged.length).toBeGreaterThan(0);
    expect(
      challenged.every(
        (click) => click.reasons.join() === "network_limit,hints_missing" && click.network === "198.51.100.0/24",
      ),
    ).toBe(true);
    expect(
      investigation.clicks.find((click) => click.verdict === "counted" && click.network === "198.51.100.0/24"),
    ).toMatchObject({
      reasons: ["hints_missing"],
      confirmed: false,
    });
  });

  it("count forty browsers from forty networks forty times, with no challenge and no flag", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    for (let index = 0; index < 40; index++) {
      const answer = await clickAs(t, `/t/${shortCode}`, { ip: `198.18.${index}.${index + 1}`, ua: browserUa });
      expect(answer.headers.get("X-Click-Verdict")).toBe("counted");
    }
    expect(await linkClicks(t.database.db, shortCode)).toBe(40);
    expect(
      await t.database.db.select().from(suspiciousActivity).where(eq(suspiciousActivity.campaignId, campaignId)),
    ).toEqual([]);
  });

  it("give one place to an address's repeated visits: only counted clicks fill the network's limit", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    // Fifteen visits at once from one address (a reload storm, or the same fan on two instances) count once.
    const storm = await Promise.all(
      Array.from({ length: 15 }, () => clickAs(t, `/t/${shortCode}`, { ip: "198.51.102.1", ua: browserUa })),
    );
    expect(storm.map((answer) => answer.headers.get("X-Click-Verdict")).sort()).toEqual([
      "counted",
      ...Array.from({ length: 14 }, () => "duplicate"),
    ]);
    // The network's nine other fans then count too, up to the limit, and nobody is challenged or flagged.
    for (let index = 2; index <= 10; index++) {
      const answer = await clickAs(t, `/t/${shortCode}`, { ip: `198.51.102.${index}`, ua: browserUa });
      expect(answer.headers.get("X-Click-Verdict")).toBe("counted");
    }
    expect(await linkClicks(t.database.db, shortCode)).toBe(10);
    expect(
      await t.database.db.select().from(suspiciousActivity).where(eq(suspiciousActivity.campaignId, campaignId)),
    ).toEqual([]);
  });

  it("never count a visit from a data centre's network, even one that would solve a check, and record its autonomous system", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    // Over the burst that alone asks an address for a check: a data centre's visit is not offered one to solve.
    for (let index = 0; index < 25; index++) {
      const answer = await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.44" });
      expect(answer.headers.get("X-Click-Verdict")).toBe("hosting");
      const page = await answer.text();
      expect(page).toContain("Thanks for listening!");
      expect(page).not.toContain('id="pow"');
    }
    // A solution it sends anyway (here, one made for another visit) counts nothing.
    const solved = await t.request("/api/clicks/verify", {
      method: "POST",
      ip: "192.0.2.44",
      json: { code: shortCode, payload: btoa(JSON.stringify({ algorithm: "SHA-256", number: 1 })) },
    });
    expect(solved.status).toBe(400);
    await t.app.clicksWritten();
    const stored = await verdictsOf(shortCode);
    expect(stored).toHaveLength(25);
    expect(stored[0]).toEqual({
      verdict: "hosting",
      network: "192.0.2.0/24",
      asn: 64511,
      rules_version: fraudRules.version,
      reasons: ["hosting_network"],
    });
    expect(stored.every((row) => row.verdict === "hosting")).toBe(true);
    expect(await linkClicks(t.database.db, shortCode)).toBe(0);
  });

  it("judge a campaign whose rules state an earlier version as they promised: a data centre's visit is challenged and counts once solved", async () => {
    const { shortCode, campaignId } = await liveCampaignWithLink(t);
    const stated = await queryRows<{ version: number }>(
      t.database.db,
      sql`update campaign_rules set settings = jsonb_set(settings, '{clickRulesVersion}', '3')
          where campaign_id = ${campaignId} returning (settings->>'clickRulesVersion')::int as version`,
    );
    expect(stated).toEqual([{ version: fraudRules.hostingNeverCountsSince - 1 }]);
    const answer = await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.45", ua: browserUa, headers: browserHints });
    expect(answer.headers.get("X-Click-Verdict")).toBe("challenged");
    const challenge = JSON.parse(
      /<script type="application\/json" id="pow">(.*?)<\/script>/.exec(await answer.text())?.[1] ?? "{}",
    ) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    const payload = btoa(JSON.stringify({ ...challenge, number: solution?.number }));
    const solved = await t.request("/api/clicks/verify", {
      method: "POST",
      ip: "192.0.2.45",
      json: { code: shortCode, payload },
    });
    expect(solved.status).toBe(200);
    await t.app.clicksWritten();
    expect(await verdictsOf(shortCode)).toEqual([
      expect.objectContaining({ verdict: "counted", reasons: ["hosting_network", "challenge_solved"] }),
    ]);
    expect(await linkClicks(t.database.db, shortCode)).toBe(1);
  });
});
