import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailQueue } from "../mail/outbox";
import { liveCampaignWithLink } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";

const token = "metrics-token-that-is-long-enough-0123";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token } });
});
afterAll(() => t?.close());

const scrape = async () => {
  const response = await t.request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
};

/** The value of one sample (`name{labels}`), 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe("metrics", () => {
  it("are served only to a scraper that presents METRICS_TOKEN", async () => {
    expect((await t.request("/metrics")).status).toBe(401);
    expect((await t.request("/metrics", { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
    const text = await scrape();
    for (const name of [
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "fanboost_mail_outbox_depth",
      "fanboost_mail_outbox_oldest_seconds",
    ]) {
      expect(text).toContain(`\n${name} `);
    }
  });

  it("count requests by route, clicks by verdict, click batches and the outbox as traffic moves them", async () => {
    const before = await scrape();
    const { shortCode } = await liveCampaignWithLink(t);
    for (let index = 0; index < 3; index++) expect((await t.request("/api/campaigns")).status).toBe(200);
    expect((await clickAs(t, `/t/${shortCode}`, { ip: "198.51.100.7" })).headers.get("X-Click-Verdict")).toBe(
      "counted",
    );
    expect((await clickAs(t, `/t/${shortCode}`, { ip: "198.51.100.7" })).headers.get("X-Click-Verdict")).toBe(
      "duplicate",
    );
    await t.app.clicksWritten();
    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);

    expect(moved('fanboost_http_requests_total{method="GET",route="/api/campaigns",status="200"}')).toBe(3);
    expect(moved('fanboost_http_request_duration_seconds_count{method="GET",route="/api/campaigns"}')).toBe(3);
    expect(moved('fanboost_http_requests_total{method="POST",route="/api/campaigns/:id/join",status="201"}')).toBe(1);
    expect(moved('fanboost_http_requests_total{method="GET",route="/t/:code",status="200"}')).toBe(2);
    expect(moved('fanboost_clicks_total{verdict="counted"}')).toBe(1);
    expect(moved('fanboost_clicks_total{verdict="duplicate"}')).toBe(1);
    expect(moved("fanboost_click_batch_size_count")).toBe(2);
    expect(moved("fanboost_click_batch_commit_seconds_count")).toBe(2);
  });

  it("tell how many emails wait in the outbox, and for how long", async () => {
    await t.app.mailSender.stop();
    await createMailQueue(t.database.db, "outbox").send({ to: "waiting@example.com", subject: "Hi", text: "Body" });
    const text = await scrape();
    expect(sample(text, "fanboost_mail_outbox_depth")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "fanboost_mail_outbox_oldest_seconds")).toBeGreaterThanOrEqual(0);
    t.app.mailSender.start();
    await expect.poll(async () => sample(await scrape(), "fanboost_mail_outbox_depth"), { timeout: 5_000 }).toBe(0);
  });
});
