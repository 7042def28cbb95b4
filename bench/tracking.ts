/**
 * `npm run bench:tracking`: loads /t/{code} for 10 s at 50 connections with a distinct client address per request
 * (X-Forwarded-For behind TRUST_PROXY=1), on PostgreSQL (BENCH_DATABASE_URL) and PGlite, against the ceiling of a
 * bare node:http server answering 302 to the same client in the same run. Then checks that counted events =
 * counters = responses that said counted. The last line is one JSON object. `--smoke`: 1 s per load at 5 connections;
 * it fails unless the counts are consistent.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client.js";
import { failBench, smoke, startBenchTarget } from "./support.js";

const DURATION_MS = smoke ? 1_000 : 10_000;
const CONNECTIONS = smoke ? 5 : 50;
const SHORT_CODE = "BenchCode1";

type LoadResult = {
  requests: number;
  rps: number;
  p99Ms: number;
  verdicts: Record<string, number>;
  errors: number;
  elapsed: number;
  clientCpuPct: number;
};

function load(url: string, ipMode: string, ipOffset = 0): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "bench/load-client.ts",
        url,
        String(DURATION_MS),
        String(CONNECTIONS),
        ipMode,
        String(ipOffset),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split("\n").at(-1) ?? "{}"))
        : reject(new Error(`load client exited ${code}`)),
    );
  });
}

async function ceiling(): Promise<LoadResult> {
  const server = createServer((_req, res) => {
    res.writeHead(302, { Location: "https://open.spotify.com/track/bench" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const result = await load(`http://127.0.0.1:${port}/t/${SHORT_CODE}`, "unique");
  server.close();
  return result;
}

async function run(kind: "postgres" | "pglite", withDuplicates: boolean) {
  const target = await startBenchTarget(kind, { TRUST_PROXY: "1" });
  try {
    const { db } = target.database;
    await db.execute(sql`insert into "user" (id, name, email, user_type) values
      ('bench-artist', 'Bench Artist', 'artist@bench.local', 'artist'), ('bench-promoter', 'Bench Promoter', 'promoter@bench.local', 'promoter')`);
    await db.execute(sql`insert into promoters (handle, auth_user_id) values ('bench-promoter', 'bench-promoter')`);
    await db.execute(sql`insert into campaigns (title, artist_name, song_link, created_by, status, prize_cents, platform_fee_cents, published_at, ends_at)
      values ('Bench Song', 'Bench Artist', 'https://open.spotify.com/track/bench', 'bench-artist', 'active', 10000, 500, now(), now() + interval '7 days')`);
    await db.execute(sql`insert into tracking_links (campaign_id, promoter_id, short_code)
      select c.id, p.id, ${SHORT_CODE} from campaigns c, promoters p`);

    const counted = await load(`${target.url}/t/${SHORT_CODE}`, "unique");
    const repeats = withDuplicates ? await load(`${target.url}/t/${SHORT_CODE}`, "repeat:1000") : undefined;

    const [row] = await queryRows<{ events: string; link: number; campaign: number; promoter: number }>(
      db,
      sql`select (select count(*) from click_events where verdict = 'counted') as events,
                 (select total_clicks from tracking_links) as link,
                 (select total_clicks from campaigns) as campaign,
                 (select total_clicks_all_time from promoters) as promoter`,
    );
    const saidCounted = (counted.verdicts.counted ?? 0) + (repeats?.verdicts.counted ?? 0);
    const consistent =
      Number(row?.events) === saidCounted &&
      Number(row?.link) === saidCounted &&
      Number(row?.campaign) === saidCounted &&
      Number(row?.promoter) === saidCounted &&
      counted.errors === 0 &&
      (repeats?.errors ?? 0) === 0;
    console.log(`${kind}: counted ${JSON.stringify(counted)}`);
    if (repeats) console.log(`${kind}: repeats ${JSON.stringify(repeats)}`);
    console.log(
      `${kind}: events=${row?.events} link=${row?.link} campaign=${row?.campaign} promoter=${row?.promoter} saidCounted=${saidCounted}`,
    );
    return {
      countedRps: Math.round((counted.verdicts.counted ?? 0) / counted.elapsed),
      p99Ms: Math.round(counted.p99Ms * 10) / 10,
      duplicateRps: repeats ? Math.round((repeats.verdicts.duplicate ?? 0) / repeats.elapsed) : undefined,
      consistent,
    };
  } finally {
    await target.stop();
  }
}

const bare = await ceiling();
const ceilingRps = Math.round(bare.rps);
console.log(`ceiling: ${ceilingRps} rps (load client at ${bare.clientCpuPct}% of a core)`);
const pg = await run("postgres", true);
const pglite = await run("pglite", false);
const share = (rps: number | undefined) => `${Math.round(((rps ?? 0) / ceilingRps) * 100)}% of the ceiling`;
console.log(
  `counted on PostgreSQL ${share(pg.countedRps)}, on PGlite ${share(pglite.countedRps)}; repeats ${share(pg.duplicateRps)}`,
);
console.log(
  JSON.stringify({
    ceilingRps,
    pg: { countedRps: pg.countedRps, p99Ms: pg.p99Ms, duplicateRps: pg.duplicateRps },
    pglite: { countedRps: pglite.countedRps, p99Ms: pglite.p99Ms },
    consistent: pg.consistent && pglite.consistent,
  }),
);
if (!pg.consistent || !pglite.consistent) failBench("counted events, counters and answers disagree");
