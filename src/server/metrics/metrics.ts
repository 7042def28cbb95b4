import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ClickVerdict } from "../../core/vocabulary.js";
import { type HistogramSeries, SeriesHistogram } from "./series-histogram.js";

/** What the gauges read when Prometheus scrapes: each source is asked then, never on a request's path. */
export type MetricSources = {
  /** Emails not sent yet that will be tried (queued, being sent, or failed with a retry time), and the oldest's age. */
  outbox(): Promise<{ depth: number; oldestSeconds: number }>;
  /** Each scheduled job's cadence and its last start on this instance. */
  jobs(): Array<{ name: string; everyMs: number; scheduled: boolean; lastStartedAt: Date | null }>;
  /** Open live streams on this instance, by stream (its event name). */
  liveStreams(): ReadonlyMap<string, number>;
  /** The PostgreSQL pool's connections; undefined with the embedded database (no pool). */
  pool(): { total: number; idle: number; waiting: number } | undefined;
};

/** Seconds, from a millisecond to a minute: the API's and the jobs' latencies. */
const latencyBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * This instance's Prometheus metrics (ADR 027), in a registry of its own (tests build many apps in one process). The
 * recording calls are cheap and always on; the process metrics and the gauges' sources are added by `expose`, only
 * where an endpoint serves them.
 */
export function createMetrics() {
  const registry = new Registry();
  /**
   * Each method, route and status's series, found once (routes are patterns and statuses few, so the map stays small).
   * A request adds to its series' own count and time: prom-client's labelled children validate and hash their labels at
   * every call, a few per cent of a click's CPU (ADR 033). The counts go to the counter when it is scraped.
   */
  const requestSeries = new Map<
    string,
    { count: ReturnType<Counter<"method" | "route" | "status">["labels"]>; unscraped: number; time: HistogramSeries }
  >();
  const requests = new Counter({
    name: "fanboost_http_requests_total",
    help: "HTTP requests answered, by method, route (the matched pattern) and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
    collect() {
      for (const series of requestSeries.values()) {
        if (series.unscraped === 0) continue;
        series.count.inc(series.unscraped);
        series.unscraped = 0;
      }
    },
  });
  const requestSeconds = new SeriesHistogram(
    "fanboost_http_request_duration_seconds",
    "Time to answer an HTTP request (to the first byte of a stream), by method and route",
    ["method", "route"],
    latencyBuckets,
  );
  registry.registerMetric(requestSeconds.asMetric());
  /** Clicks stored since the last scrape, by verdict: a batch of repeats adds to one number, not a labelled series. */
  const unscrapedClicks = new Map<ClickVerdict, number>();
  new Counter({
    name: "fanboost_clicks_total",
    help: "Clicks stored, by the verdict they were stored with",
    labelNames: ["verdict"] as const,
    registers: [registry],
    collect() {
      for (const [verdict, count] of unscrapedClicks) this.inc({ verdict }, count);
      unscrapedClicks.clear();
    },
  });
  const batchSize = new Histogram({
    name: "fanboost_click_batch_size",
    help: "Clicks per group-committed batch",
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000],
    registers: [registry],
  });
  const batchSeconds = new Histogram({
    name: "fanboost_click_batch_commit_seconds",
    help: "Time from a click batch's statement to its commit",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 15],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "fanboost_job_runs_total",
    help: "Background job runs on this instance, by job and outcome (ok or failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "fanboost_job_duration_seconds",
    help: "Time a background job run took, by job",
    labelNames: ["job"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });

  return {
    registry,
    request(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${route} ${status}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = {
          count: requests.labels(method, route, String(status)),
          unscraped: 0,
          time: requestSeconds.labels({ method, route }),
        };
        requestSeries.set(key, series);
      }
      series.unscraped++;
      series.time.observe(seconds);
    },
    /** A committed click batch: its size, its statement's time, and each click's stored verdict. */
    clickBatch(size: number, seconds: number, stored: readonly { verdict: ClickVerdict }[]) {
      batchSize.observe(size);
      batchSeconds.observe(seconds);
      for (const { verdict } of stored) unscrapedClicks.set(verdict, (unscrapedClicks.get(verdict) ?? 0) + 1);
    },
    jobRun(job: string, ok: boolean, seconds: number) {
      jobRuns.inc({ job, outcome: ok ? "ok" : "failed" });
      jobSeconds.observe({ job }, seconds);
    },
    /** Adds the process metrics and the gauges read from `sources` at each scrape: called once, where served. */
    expose(sources: MetricSources) {
      collectDefaultMetrics({ register: registry });
      // Both outbox gauges are collected at once in a scrape: they share the query in flight.
      let outboxRead: Promise<{ depth: number; oldestSeconds: number } | undefined> | undefined;
      const outbox = () => {
        outboxRead ??= sources
          .outbox()
          .catch(() => undefined)
          .finally(() => {
            outboxRead = undefined;
          });
        return outboxRead;
      };
      new Gauge({
        name: "fanboost_mail_outbox_depth",
        help: "Emails waiting to be sent or retried (all instances: the outbox is shared)",
        registers: [registry],
        async collect() {
          const read = await outbox();
          if (read) this.set(read.depth);
        },
      });
      new Gauge({
        name: "fanboost_mail_outbox_oldest_seconds",
        help: "Age of the oldest email waiting to be sent or retried (0 when none waits)",
        registers: [registry],
        async collect() {
          const read = await outbox();
          if (read) this.set(read.oldestSeconds);
        },
      });
      new Gauge({
        name: "fanboost_job_lag_seconds",
        help: "How far behind its cadence a background job is on this instance: time since its last start beyond its interval",
        labelNames: ["job"] as const,
        registers: [registry],
        collect() {
          const now = Date.now();
          for (const job of sources.jobs()) {
            if (!job.scheduled || !job.lastStartedAt) continue;
            this.set({ job: job.name }, Math.max(0, now - job.lastStartedAt.getTime() - job.everyMs) / 1000);
          }
        },
      });
      new Gauge({
        name: "fanboost_live_streams",
        help: "Open server-sent-event streams on this instance, by stream",
        labelNames: ["stream"] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [stream, open] of sources.liveStreams()) this.set({ stream }, open);
        },
      });
      new Gauge({
        name: "fanboost_db_pool_connections",
        help: "PostgreSQL pool connections of this instance: total open, idle, and requests waiting for one",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const pool = sources.pool();
          if (!pool) return;
          this.set({ state: "total" }, pool.total);
          this.set({ state: "idle" }, pool.idle);
          this.set({ state: "waiting" }, pool.waiting);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
