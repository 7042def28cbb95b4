import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createApp } from "../src/server/app.js";
import { harnessSettings, loadConfig } from "../src/server/config.js";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client.js";
import { serveApp } from "../src/server/http/serve-app.js";
import { createLogger } from "../src/server/logger.js";

/**
 * `--smoke`: tiny data and a few seconds, to prove the bench still runs end to end (CI runs every bench this way);
 * its figures mean nothing. Correctness checks still fail it.
 */
export const smoke = process.argv.includes("--smoke");

/** Fails a bench whose run proved something broken (a wrong count, an error answer): it exits non-zero, so CI fails. */
export function failBench(message: string): never {
  throw new Error(`bench failed: ${message}`);
}

export type BenchTarget = { kind: "postgres" | "pglite"; database: DatabaseHandle; url: string; stop(): Promise<void> };

/** A fresh database (a new PostgreSQL database, or PGlite in a temp folder) behind a real HTTP server. */
export async function startBenchTarget(
  kind: "postgres" | "pglite",
  env: Record<string, string> = {},
): Promise<BenchTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), "fanboost-bench-"));
  let dropDatabase = async () => {};
  let database: DatabaseHandle;
  if (kind === "postgres") {
    const adminUrl = harnessSettings().benchDatabaseUrl;
    const name = `fanboost_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  }
  const config = loadConfig({
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-0123456789-0123456789",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...env,
  });
  const app = createApp({ config, database, log: createLogger("silent"), webRoot: join(dataDir, "web") });
  await app.start();
  const server = await serveApp(app, { port: 0, hostname: "127.0.0.1" });
  const { port } = server.address() as AddressInfo;
  return {
    kind,
    database,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await app.drain();
      server.closeAllConnections();
      await closed;
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 100) / 100;
}

/** Times `count` GETs of `path` with `concurrency` in flight; fails on any non-200. */
export async function measure(url: string, path: string, count: number, concurrency = 4) {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const started = performance.now();
      const response = await fetch(`${url}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timings.sort((a, b) => a - b);
  return { p50Ms: percentile(timings, 0.5), p95Ms: percentile(timings, 0.95), requests: timings.length };
}
