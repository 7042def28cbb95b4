import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { SeriesHistogram } from "./series-histogram";

const buckets = [0.001, 0.01, 0.1, 1];
const observations: Array<[string, string, number]> = [
  ["GET", "/t/:code", 0.0004],
  ["GET", "/t/:code", 0.001],
  ["GET", "/t/:code", 0.05],
  ["POST", "/api/campaigns", 0.3],
  ["GET", "/t/:code", 7],
  ["POST", "/api/campaigns", 0.002],
];

describe("series histogram", () => {
  it("renders exactly what prom-client's histogram renders for the same observations", async () => {
    const theirs = new Registry();
    const reference = new Histogram({
      name: "fanboost_test_seconds",
      help: "Test, by method and route",
      labelNames: ["method", "route"] as const,
      buckets,
      registers: [theirs],
    });
    const ours = new Registry();
    const histogram = new SeriesHistogram(
      "fanboost_test_seconds",
      "Test, by method and route",
      ["method", "route"],
      buckets,
    );
    ours.registerMetric(histogram.asMetric());

    for (const [method, route, value] of observations) {
      reference.labels(method, route).observe(value);
      histogram.labels({ method, route }).observe(value);
    }

    const rendered = await ours.metrics();
    expect(rendered).toBe(await theirs.metrics());
    expect(rendered).toContain('fanboost_test_seconds_bucket{le="0.001",method="GET",route="/t/:code"} 2');
    expect(rendered).toContain('fanboost_test_seconds_count{method="GET",route="/t/:code"} 4');

    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain("_count");
  });
});
