import { sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../e2e/harness";
import { countOf } from "../src/core/money";
import { queryRows } from "../src/server/db/client";
import { liveCampaignWithLink } from "../src/server/testing/campaigns";
import { expectCountersConsistent } from "../src/server/testing/clicks";
import { openWatched } from "./browser";
import { type Click, type Cluster, type InstanceName, instanceNames, nthAddress, startCluster } from "./cluster";

let cluster: Cluster;
let browser: Browser;
beforeAll(async () => {
  // Readiness answers 503 for 4 s before the listener closes: deploy/haproxy.cfg's checks (two, a second apart) notice.
  [cluster, browser] = await Promise.all([startCluster({ env: { DRAIN_DELAY_SECONDS: "4" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
});

type Sent = Omit<Click, "page"> & { ip: string };

/**
 * Clicks, each from an address of its own, through the balancer, `workers` at a time, until `stop`; every answer kept
 * (without its page).
 */
function clickLoad(shortCode: string, workers: number) {
  const sent: Sent[] = [];
  const failures: string[] = [];
  let running = true;
  let next = 0;
  // A worker stops at its first failure: the test fails on it, and a failing request cannot spin the loop.
  const worker = async () => {
    while (running) {
      try {
        const ip = nthAddress(next++);
        const { page: _page, ...answer } = await cluster.click(shortCode, ip);
        sent.push({ ip, ...answer });
      } catch (error) {
        failures.push(String(error));
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    sent,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe("draining an instance", () => {
  it("SIGTERM under click load: readiness 503, no acknowledged click lost, the live board moves to the other instance", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(cluster);
    const { page, streams } = await openWatched(browser, cluster, "drain-board", `/campaigns/${campaignId}`);
    const stream = `/api/campaigns/${campaignId}/leaderboard/stream`;
    await expect.poll(() => streams.has(stream), { timeout: 15_000 }).toBe(true);
    const drained = streams.get(stream) as InstanceName;
    const survivor = instanceNames.find((name) => name !== drained) as InstanceName;

    const load = clickLoad(shortCode, 4);
    await expect.poll(() => load.sent.length, { timeout: 10_000 }).toBeGreaterThan(100);
    const restarted = cluster.instances[drained].restart();

    // Draining: still serving, but not ready, so the balancer stops sending it requests.
    const readiness = async () => {
      const ready = await fetch(`${cluster.instances[drained].url}/api/ready`);
      return { status: ready.status, body: await ready.json() };
    };
    await expect
      .poll(readiness, { timeout: 2_000, interval: 50 })
      .toEqual({ status: 503, body: { ready: false, reason: "draining" } });
    // Its live stream ends with a reconnect hint: the page's next stream is on the other instance.
    await expect.poll(() => streams.get(stream), { timeout: 10_000 }).toBe(survivor);

    await restarted;
    await cluster.balanced();
    const afterRestart = load.sent.length;
    await expect.poll(() => load.sent.length, { timeout: 10_000 }).toBeGreaterThan(afterRestart + 100);
    await load.stop();

    expect(load.failures).toEqual([]);
    expect(load.sent.filter((click) => click.status !== 200)).toEqual([]);
    const acknowledged = load.sent.filter((click) => click.verdict === "counted");
    expect(acknowledged.length).toBe(load.sent.length);
    expect(new Set(acknowledged.map((click) => click.servedBy))).toEqual(new Set(instanceNames));
    const stored = new Set(
      (
        await queryRows<{ ip: string }>(
          cluster.database.db,
          sql`select ip from click_events where campaign_id = ${campaignId} and verdict = 'counted'`,
        )
      ).map((row) => row.ip),
    );
    expect(acknowledged.filter((click) => !stored.has(click.ip))).toEqual([]);
    await expectCountersConsistent(cluster.database.db);

    // The board, now streamed from the other instance, shows every counted click.
    const board = page.getByRole("list", { name: "Leaderboard" });
    await expect
      .poll(() => board.getByText(countOf(stored.size, "click"), { exact: true }).isVisible(), { timeout: 5_000 })
      .toBe(true);
  });
});
