import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createApp } from "../src/server/app.js";
import { harnessSettings, loadConfig } from "../src/server/config.js";
import { type Database, type DatabaseHandle, openDatabase } from "../src/server/db/client.js";
import { createLogger } from "../src/server/logger.js";
import { serveApp } from "../src/server/serve-app.js";

/**
 * `--smoke`: tiny data and a few seconds, to prove the bench still runs end to end (CI runs every bench this way);
 * its figures mean nothing. Correctness checks still fail it.
 */
export const smoke = process.argv.includes("--smoke");

/** Fails a bench whose run proved something broken (a wrong count, an error answer): it exits non-zero, so CI fails. */
export function failBench(message: string): never {
  throw new Error(`bench failed: ${message}`);
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let embeddedTemplate: Promise<Blob> | undefined;

/** A migrated embedded database's dump, made once per process: benches run together (smoke.ts) migrate once. */
export function migratedEmbedded(): Promise<Blob> {
  embeddedTemplate ??= (async () => {
    const template = await openDatabase({ kind: "pglite", dataDir: "memory" });
    try {
      const dump = await template.dump?.();
      if (!dump) throw new Error("The embedded database gave no dump");
      return dump;
    } finally {
      await template.close();
    }
  })();
  return embeddedTemplate;
}

/** Writes the migrated embedded database into a server's DATA_DIR before it starts (`startAppServer`'s `prepare`). */
export async function prepareEmbedded(dataDir: string): Promise<void> {
  const database = await openDatabase({
    kind: "pglite",
    dataDir: join(dataDir, "pglite"),
    from: await migratedEmbedded(),
  });
  await database.close();
}

/** Waits for `/api/ready` to answer 200, as a load balancer does before it sends an instance traffic. */
async function untilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${url}/api/ready`);
    await answer.arrayBuffer();
    if (answer.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite"), from: await migratedEmbedded() });
  }
  // The address is known before the app is built, so it is the app's PUBLIC_URL too (Better Auth checks Origin).
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PUBLIC_URL: url,
    NODE_ENV: "production",
    AUTH_SECRET: "bench-secret-0123456789-0123456789",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    // The load client counts answers by verdict.
    EXPOSE_CLICK_VERDICTS: "true",
    ...env,
  });
  const app = createApp({ config, database, log: createLogger("silent"), webRoot: join(dataDir, "web") });
  // As a server starts (server.ts): the network data is read at once, and no load comes before readiness says so.
  app.preloadNetworks();
  await app.start();
  const server = await serveApp(app, { port, hostname: "127.0.0.1" });
  await untilReady(url);
  return {
    kind,
    database,
    url,
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
export async function measure(
  url: string,
  path: string,
  count: number,
  concurrency = 4,
  headers: Record<string, string> = {},
) {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timings.sort((a, b) => a - b);
  return { p50Ms: percentile(timings, 0.5), p95Ms: percentile(timings, 0.95), requests: timings.length };
}

/** One live campaign ('Bench Song' by 'bench-artist') joined by `promoters` promoters, links 'bl00000001'.... */
export async function seedCampaignWithPromoters(db: Database, promoters: number) {
  await db.execute(sql`insert into "user" (id, name, email, user_type)
    select 'bench-u-' || g, 'Bench ' || g, 'bench' || g || '@bench.local', 'promoter' from generate_series(1, ${promoters}) g`);
  await db.execute(
    sql`insert into "user" (id, name, email, user_type) values ('bench-artist', 'Artist', 'artist@bench.local', 'artist')`,
  );
  await db.execute(
    sql`insert into promoters (handle, auth_user_id) select 'bench-p-' || g, 'bench-u-' || g from generate_series(1, ${promoters}) g`,
  );
  await db.execute(sql`insert into campaigns (title, artist_name, song_link, created_by, status, prize_cents, platform_fee_cents, published_at, ends_at)
    values ('Bench Song', 'Bench Artist', 'https://open.spotify.com/track/bench', 'bench-artist', 'active', 100000, 5000, now(), now() + interval '7 days')`);
  await db.execute(sql`insert into tracking_links (campaign_id, promoter_id, short_code, created_at)
    select c.id, p.id, 'bl' || lpad(row_number() over (order by p.id)::text, 8, '0'), now() - make_interval(secs => row_number() over (order by p.id))
    from campaigns c cross join promoters p`);
}

/** Sets every click counter from the counted events the seed inserted directly. */
export async function recountClickCounters(db: Database, promoters: number) {
  await db.execute(sql`update tracking_links tl set total_clicks = x.n
    from (select tracking_link_id, count(*) as n from click_events where verdict = 'counted' group by tracking_link_id) x
    where tl.id = x.tracking_link_id`);
  await db.execute(
    sql`update promoters p set total_clicks_all_time = tl.total_clicks from tracking_links tl where tl.promoter_id = p.id`,
  );
  await db.execute(
    sql`update campaigns set total_clicks = (select count(*) from click_events where verdict = 'counted'), promoter_count = ${promoters}`,
  );
}

/** Signs a user up through the app (as a browser would) and returns their id and session cookie. */
export async function signUpBenchUser(url: string, fields: Record<string, string>) {
  const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ password: "bench password 123", first_name: "Bench", ...fields }),
  });
  const answer = (await signedUp.json()) as { user?: { id: string } };
  if (!answer.user) throw new Error(`sign-up failed: ${JSON.stringify(answer)}`);
  const cookie = signedUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { id: answer.user.id, cookie };
}
