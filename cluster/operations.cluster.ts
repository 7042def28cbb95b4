import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveCampaignWithLink } from "../src/server/testing/campaigns";
import { sseReader } from "../src/server/testing/sse";
import {
  type Cluster,
  type InstanceName,
  inParallel,
  instanceNames,
  loopbackAddress,
  servedBy,
  startCluster,
} from "./cluster";
import { startTcpGate } from "./tcp-gate";

let cluster: Cluster;
let gate: Awaited<ReturnType<typeof startTcpGate>>;
beforeAll(async () => {
  gate = await startTcpGate({ host: "127.0.0.1", port: 5432 });
  // app2 reaches the shared PostgreSQL through the gate, so the test can cut it off without stopping the database.
  cluster = await startCluster({
    instanceEnv: {
      app2: ({ databaseUrl }) => {
        const url = new URL(databaseUrl);
        url.port = String(gate.port);
        return { DATABASE_URL: url.toString() };
      },
    },
  });
});
afterAll(async () => {
  gate?.open();
  await cluster?.expectEachEmailSentOnce();
  await cluster?.stop();
  await gate?.close();
});

/** One instance's metrics, scraped from its METRICS_PORT. */
async function scrape(name: InstanceName) {
  const response = await fetch(`http://127.0.0.1:${cluster.instances[name].metricsPort}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** A sample's value (`name{labels}`), 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const readiness = async (name: InstanceName) => {
  const response = await fetch(`${cluster.instances[name].url}/api/ready`);
  return { status: response.status, body: await response.json() };
};

describe("operating the cluster", () => {
  it("an instance that cannot reach the database is not ready, gets no requests, and comes back when it can", async () => {
    expect(await readiness("app2")).toEqual({ status: 200, body: { ready: true, reason: null } });
    gate.block();
    await expect
      .poll(() => readiness("app2"), { timeout: 10_000 })
      .toEqual({ status: 503, body: { ready: false, reason: "database unreachable" } });
    // The balancer's checks take it out: every request goes to app1, and every one is answered.
    await expect
      .poll(
        async () => {
          const answers = await inParallel(6, 1, async () => {
            const response = await cluster.request("/api/campaigns");
            await response.arrayBuffer();
            return `${servedBy(response)} ${response.status}`;
          });
          return answers.every((answer) => answer === "app1 200");
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    gate.open();
    await expect
      .poll(() => readiness("app2"), { timeout: 15_000 })
      .toEqual({ status: 200, body: { ready: true, reason: null } });
    await cluster.balanced();
  });

  it("serves metrics on each instance's metrics port only, and their counters move with the traffic", async () => {
    const { campaignId, shortCode } = await liveCampaignWithLink(cluster);
    const before = await Promise.all(instanceNames.map(scrape));
    const clicks = await inParallel(20, 4, () => cluster.click(shortCode, loopbackAddress()));
    expect(clicks.every((click) => click.verdict === "counted")).toBe(true);
    for (let index = 0; index < 10; index++) await (await cluster.request("/api/campaigns")).arrayBuffer();
    const stream = await cluster.request(`/api/campaigns/${campaignId}/leaderboard/stream`);
    const events = sseReader(stream);
    expect(await events.next(5_000)).not.toBeNull();
    const streamedBy = servedBy(stream) as InstanceName;
    const after = await Promise.all(instanceNames.map(scrape));

    const moved = (series: string) =>
      instanceNames.map((_, index) => sample(after[index] ?? "", series) - sample(before[index] ?? "", series));
    const total = (series: string) => moved(series).reduce((sum, value) => sum + value, 0);
    expect(total('fanboost_clicks_total{verdict="counted"}')).toBe(20);
    expect(total('fanboost_http_requests_total{method="GET",route="/t/:code",status="200"}')).toBe(20);
    // Round robin: both instances answered clicks and API calls.
    expect(moved('fanboost_http_requests_total{method="GET",route="/t/:code",status="200"}').every((n) => n > 0)).toBe(
      true,
    );
    expect(total('fanboost_http_requests_total{method="GET",route="/api/campaigns",status="200"}')).toBe(10);
    expect(total('fanboost_http_request_duration_seconds_count{method="GET",route="/api/campaigns"}')).toBe(10);
    expect(total("fanboost_click_batch_size_sum")).toBe(20);
    expect(total("fanboost_click_batch_commit_seconds_count")).toBeGreaterThan(0);
    const streaming = after[instanceNames.indexOf(streamedBy)] ?? "";
    expect(sample(streaming, 'fanboost_live_streams{stream="leaderboard"}')).toBe(1);
    for (const text of after) {
      for (const series of [
        "fanboost_mail_outbox_depth",
        "fanboost_mail_outbox_oldest_seconds",
        'fanboost_db_pool_connections{state="total"}',
        'fanboost_job_lag_seconds{job="finalize-ended-campaigns"}',
        "process_resident_memory_bytes",
      ]) {
        expect(text, series).toMatch(new RegExp(`^${series.replace(/[{}"]/g, "\\$&")} \\d`, "m"));
      }
    }
    await events.cancel();

    // Not on the public port: without METRICS_TOKEN there is no /metrics there.
    const publicMetrics = await cluster.request("/metrics");
    expect(await publicMetrics.text()).not.toContain("fanboost_http_requests_total");
  });
});
