import { randomInt } from "node:crypto";
import { solveChallenge } from "altcha-lib/v1";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/server/db/client";
import { suspiciousActivity } from "../src/server/db/schema";
import { liveCampaignWithLink } from "../src/server/testing/campaigns";
import { confirmAsPage, expectCountersConsistent, linkClicks } from "../src/server/testing/clicks";
import { type Cluster, inParallel, instanceNames, loopbackAddress, servedBy, startCluster } from "./cluster";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
});

/** The flags of a campaign, as `type:severity`, sorted. */
async function flagsOf(campaignId: string) {
  const rows = await cluster.database.db
    .select({ type: suspiciousActivity.type, severity: suspiciousActivity.severity })
    .from(suspiciousActivity)
    .where(eq(suspiciousActivity.campaignId, campaignId));
  return rows.map((row) => `${row.type}:${row.severity}`).sort();
}

describe("fraud rules across instances", () => {
  it("a burst split between the instances raises its flag once, from the shared counts", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(cluster);
    const ip = loopbackAddress();
    // 60 clicks, 30 on each instance: over the 50-in-5-minutes burst threshold only together.
    const clicks = await inParallel(60, 4, () => cluster.click(shortCode, ip));
    const perInstance = instanceNames.map((name) => clicks.filter((click) => click.servedBy === name).length);
    expect(perInstance.every((count) => count < 50)).toBe(true);
    expect(clicks.filter((click) => click.verdict === "counted")).toHaveLength(1);
    // Within 5 seconds of the burst's end, though it is over and neither instance saw 50.
    await expect.poll(() => flagsOf(campaignId), { timeout: 5_000, interval: 250 }).toEqual(["rate_limit:medium"]);
  });

  it("a farm on one network split between the instances counts the limit between them, is challenged past it and flagged once", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(cluster);
    const network = randomInt(1, 200);
    // 40 fans' addresses in one /24, each visiting once, spread over both instances by the balancer.
    const clicks = await inParallel(40, 4, (index) => cluster.click(shortCode, `127.${network}.77.${index + 1}`));
    expect(new Set(clicks.map((click) => click.servedBy)).size).toBe(2);
    const counted = clicks.filter((click) => click.verdict === "counted").length;
    // The limit (10) is held in the database: both instances together admit it, not each.
    expect(counted).toBe(10);
    expect(clicks.filter((click) => click.verdict === "challenged")).toHaveLength(30);
    await expect
      .poll(() => flagsOf(campaignId), { timeout: 5_000, interval: 250 })
      .toEqual(["network_concentration:medium"]);
    // Once shared, every later visit from that network is challenged, whichever instance takes it.
    for (const [index, name] of instanceNames.entries()) {
      await cluster.steerTo(name);
      const later = await cluster.click(shortCode, `127.${network}.77.${100 + index}`);
      expect({ by: later.servedBy, verdict: later.verdict }).toEqual({ by: name, verdict: "challenged" });
    }
    expect(await linkClicks(cluster.database.db, shortCode)).toBe(counted);
  });

  it("an address gets 1,000 clicks a minute from both instances together; past that both refuse it", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(cluster);
    const ip = loopbackAddress();
    const clicks = await inParallel(1_000, 10, () => cluster.click(shortCode, ip));
    expect(clicks.filter((click) => click.verdict === "rate_limited")).toEqual([]);
    expect(new Set(clicks.map((click) => click.servedBy)).size).toBe(2);
    for (const name of instanceNames) {
      await cluster.steerTo(name);
      const refused = await cluster.click(shortCode, ip);
      expect({ by: refused.servedBy, verdict: refused.verdict }).toEqual({ by: name, verdict: "rate_limited" });
    }
    // Each flag once, whichever instance saw the crossing: the burst, the rate limit and the one device fingerprint.
    await expect
      .poll(() => flagsOf(campaignId), { timeout: 10_000 })
      .toEqual(["fingerprint_abuse:high", "rate_limit:high", "rate_limit:medium"]);
    expect(await linkClicks(cluster.database.db, shortCode)).toBe(1);
  });

  it("a proof-of-work issued by one instance is verified by the other, and the visit counts once", async () => {
    const suspicious = await liveCampaignWithLink(cluster);
    const ip = loopbackAddress();
    // Over 20 clicks in 5 minutes on each instance: the address is suspicious wherever it goes next.
    await inParallel(44, 4, () => cluster.click(suspicious.shortCode, ip));

    const { shortCode } = await liveCampaignWithLink(cluster);
    const visit = await cluster.click(shortCode, ip);
    expect(visit.verdict).toBe("challenged");
    const data = /<script type="application\/json" id="pow">(.*?)<\/script>/s.exec(visit.page)?.[1] as string;
    const challenge = JSON.parse(data) as {
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    const payload = btoa(JSON.stringify({ ...challenge, number: solution?.number }));

    const other = instanceNames.find((name) => name !== visit.servedBy) as (typeof instanceNames)[number];
    await cluster.steerTo(other);
    const verified = await cluster.request("/api/clicks/verify", {
      method: "POST",
      ip,
      json: { code: shortCode, payload },
    });
    expect(servedBy(verified)).toBe(other);
    const answer = (await verified.json()) as { confirm: string };
    expect(answer).toEqual({ confirm: expect.stringMatching(/^[\w-]{22}$/) });
    expect(await linkClicks(cluster.database.db, shortCode)).toBe(1);
    // Its browser confirmation, as the page's script makes it with the day's key, is taken by the first, once.
    await cluster.steerTo(visit.servedBy as (typeof instanceNames)[number]);
    const confirmed = await confirmAsPage(cluster, answer.confirm, ip);
    expect(confirmed.status).toBe(200);
    const confirmedClicks = async () =>
      (
        await queryRows<{ n: number }>(
          cluster.database.db,
          sql`select count(*)::int as n from click_events e join tracking_links tl on tl.id = e.tracking_link_id
              where tl.short_code = ${shortCode} and e.confirmed_at is not null`,
        )
      )[0];
    expect(await confirmedClicks()).toEqual({ n: 1 });
    // Again: answered alike, and nothing more is recorded.
    const again = await confirmAsPage(cluster, answer.confirm, ip);
    expect(again.status).toBe(200);
    expect(await confirmedClicks()).toEqual({ n: 1 });

    // The same solution again, on either instance, counts nothing more.
    const solvedAgain = await cluster.request("/api/clicks/verify", {
      method: "POST",
      ip,
      json: { code: shortCode, payload },
    });
    expect(solvedAgain.status).toBe(409);
    expect(await linkClicks(cluster.database.db, shortCode)).toBe(1);
    await expectCountersConsistent(cluster.database.db);
  });
});
