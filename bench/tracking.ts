/**
 * `npm run bench:tracking`: loads /t/{code} for 10 s at 50 connections with a distinct client address per request
 * (X-Forwarded-For behind TRUST_PROXY=1), on PostgreSQL (BENCH_DATABASE_URL) and PGlite, against the ceiling of a
 * bare node:http server answering 302 to the same client in the same run. Each phase's CPU per request, of this
 * process (the server runs in it) and of the local PostgreSQL server's processes, is stated as a multiple of the bare
 * server's; and the p99 of counted clicks beside the bare server's, both at one fixed rate (half the counted rate)
 * after a second at that rate that is not measured. The floors under those costs are measured too: a bare node:http
 * server sending a repeat's tracking answer as the app sent it (status, headers and page), with no click work behind
 * it; and a row alone, written by the click recorder through `record_click_batch` one batch at a time (repeats 1,000 a
 * batch, counted clicks 30 a batch, about what the counted phase's batches hold).
 * Then checks that counted events = counters = responses that said counted. The last line is one JSON object.
 * npm runs it with the server's V8 flag (`--max-semi-space-size=32`, as `npm start` does); it says when that is missing.
 * `--smoke`: 1 s per load at 5 connections; it fails unless the counts are consistent and every figure was produced.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { type ClickVerdict, clickVerdict } from "../src/core/vocabulary.js";
import { type DatabaseHandle, queryRows } from "../src/server/db/client.js";
import { createLogger } from "../src/server/logger.js";
import { insertLiveLink } from "../src/server/testing/live-link.js";
import { type ClickInput, createClickRecorder } from "../src/server/tracking/click-recorder.js";
import { cpuPerRequest, cpuSnapshot } from "./cpu.js";
import { failBench, smoke, startBenchTarget } from "./support.js";
import { BROWSER_USER_AGENT } from "./visitor.js";

const DURATION_MS = smoke ? 1_000 : 10_000;
const FIXED_RATE_MS = smoke ? 1_000 : 5_000;
/** Sent at the fixed rate before the measured part, for both servers: the load client's start is not measured. */
const FIXED_RATE_WARM_UP_MS = smoke ? 200 : 1_000;
/** Where the fixed-rate phase's visitors start: past any address the counted phase can reach. */
const FIXED_RATE_IP_OFFSET = 8_000_000;
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

type Phase = LoadResult & ReturnType<typeof cpuPerRequest>;

/** A load, with the CPU the server and the database spent on it per request (per counted click with `perCounted`). */
async function measured(url: string, ipMode: string, perCounted = false): Promise<Phase> {
  const start = cpuSnapshot();
  const result = await load(url, ipMode);
  return { ...result, ...cpuPerRequest(start, perCounted ? (result.verdicts.counted ?? 0) : result.requests) };
}

function load(url: string, ipMode: string, ipOffset = 0, rate = 0, durationMs = DURATION_MS, warmUpMs = 0) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "bench/load-client.ts",
        url,
        String(durationMs),
        String(CONNECTIONS),
        ipMode,
        String(ipOffset),
        String(rate),
        String(warmUpMs),
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

/** A bare node:http server answering 302, the ceiling the click path is measured against. */
async function bareServer() {
  const server = createServer((_req, res) => {
    res.writeHead(302, { Location: "https://open.spotify.com/track/bench" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/t/${SHORT_CODE}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An answer of the app's, as a visitor got it. */
type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's visit from `ip`, answered by the app (a repeat's page, when that address already counted). */
function visit(url: string, ip: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { headers: { "User-Agent": BROWSER_USER_AGENT, "X-Forwarded-For": ip } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers Node's server writes itself (the date and the connection's). */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * A bare node:http server sending `answer` as it is to every request: what the tracking answer costs the server with
 * no click work behind it, the floor under a repeat's cost.
 */
async function answerServer(answer: Answer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name, value]) => !OWN_HEADERS.has(name) && value !== undefined),
  );
  const server = createServer((_req, res) => {
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/t/${SHORT_CODE}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Rows stored by the floor's batches: past every address the load client sends from. */
const ROW_FLOOR_IP_OFFSET = 16_000_000;

/**
 * The CPU a row alone costs this process and the database: `rows` clicks of `verdict` on the bench's link, written by
 * the click recorder in batches of `batchSize`, one batch at a time, after a tenth as many not measured. Counted
 * clicks are each from a new address, so each counts.
 */
async function rowFloor(database: DatabaseHandle, verdict: ClickVerdict, batchSize: number, rows: number) {
  const [link] = await queryRows<{ id: string; campaign_id: string; promoter_id: string }>(
    database.db,
    sql`select id, campaign_id, promoter_id from tracking_links where short_code = ${SHORT_CODE}`,
  );
  if (!link) failBench("the bench's link is missing");
  const recorder = createClickRecorder(database, createLogger("silent"), { maxBatch: batchSize });
  let next = ROW_FLOOR_IP_OFFSET;
  const click = (): ClickInput => {
    const n = next++;
    const ip = `10.${n & 255}.${(n >> 8) & 255}.${(n >> 16) & 255}`;
    return {
      trackingLinkId: link.id,
      campaignId: link.campaign_id,
      promoterId: link.promoter_id,
      verdict,
      ip,
      ipHash: `row-floor-${n}`.padEnd(43, "0"),
      userAgent: BROWSER_USER_AGENT,
      country: "Unknown",
      referrer: null,
      fingerprint: "row-floor-fingerprint0",
      network: `${ip.slice(0, ip.lastIndexOf("."))}.0/24`,
      asn: null,
      rulesVersion: 1,
      reasons: [],
      request: null,
      places: 0,
    };
  };
  const write = async (count: number) => {
    for (let written = 0; written < count; written += batchSize) {
      await Promise.all(Array.from({ length: batchSize }, () => recorder.record(click())));
    }
  };
  // A tenth first, not measured: the batch's code and each pooled connection's prepared statement warm up.
  await write(rows / 10);
  const start = cpuSnapshot();
  await write(rows);
  const { serverUs, databaseUs } = cpuPerRequest(start, rows);
  return { serverUs, databaseUs };
}

async function run(kind: "postgres" | "pglite", withDuplicates: boolean) {
  const target = await startBenchTarget(kind, { TRUST_PROXY: "1" });
  try {
    const { db } = target.database;
    await insertLiveLink(db, SHORT_CODE);

    const url = `${target.url}/t/${SHORT_CODE}`;
    const counted = await measured(url, "unique", true);
    // Half the counted rate, which the server sustains, so the p99 is its latency and not a queue's.
    const fixedRate = Math.max(1, Math.round((counted.verdicts.counted ?? 0) / counted.elapsed / 2));
    const atFixedRate = withDuplicates
      ? await load(
          url,
          "unique",
          FIXED_RATE_IP_OFFSET,
          fixedRate,
          FIXED_RATE_WARM_UP_MS + FIXED_RATE_MS,
          FIXED_RATE_WARM_UP_MS,
        )
      : undefined;
    const repeats = withDuplicates ? await measured(url, "repeat:1000") : undefined;
    // The load client's first visitor (10.0.0.0) counted in the first phase: its visit now gets a repeat's answer.
    const repeatAnswer = withDuplicates ? await visit(url, "10.0.0.0") : undefined;

    const [row] = await queryRows<{ events: string; link: number; campaign: number; promoter: number }>(
      db,
      sql`select (select count(*) from click_events where verdict = 'counted') as events,
                 (select total_clicks from tracking_links) as link,
                 (select total_clicks from campaigns) as campaign,
                 (select total_clicks_all_time from promoters) as promoter`,
    );
    const saidCounted = [counted, atFixedRate, repeats].reduce((sum, phase) => sum + (phase?.verdicts.counted ?? 0), 0);
    const consistent =
      Number(row?.events) === saidCounted &&
      Number(row?.link) === saidCounted &&
      Number(row?.campaign) === saidCounted &&
      Number(row?.promoter) === saidCounted &&
      [counted, atFixedRate, repeats].every((phase) => (phase?.errors ?? 0) === 0);
    // After the check above: these rows are not answers, and the counted ones move the counters.
    const rows = withDuplicates
      ? {
          repeat: await rowFloor(target.database, clickVerdict.duplicate, 1_000, smoke ? 2_000 : 20_000),
          counted: await rowFloor(target.database, clickVerdict.counted, 30, smoke ? 600 : 9_000),
        }
      : undefined;
    console.log(`${kind}: counted ${JSON.stringify(counted)}`);
    if (atFixedRate) console.log(`${kind}: counted at ${fixedRate}/s ${JSON.stringify(atFixedRate)}`);
    if (repeats) console.log(`${kind}: repeats ${JSON.stringify(repeats)}`);
    console.log(
      `${kind}: events=${row?.events} link=${row?.link} campaign=${row?.campaign} promoter=${row?.promoter} saidCounted=${saidCounted}`,
    );
    return {
      countedRps: Math.round((counted.verdicts.counted ?? 0) / counted.elapsed),
      p99Ms: round(counted.p99Ms),
      duplicateRps: repeats ? Math.round((repeats.verdicts.duplicate ?? 0) / repeats.elapsed) : undefined,
      counted,
      repeats,
      fixedRate,
      fixedRateP99Ms: atFixedRate ? round(atFixedRate.p99Ms) : undefined,
      consistent,
      repeatAnswer,
      rows,
    };
  } finally {
    await target.stop();
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

if (!process.execArgv.some((flag) => flag.startsWith("--max-semi-space-size"))) {
  console.log(
    "note: run without the server's --max-semi-space-size (npm start sets it): GC costs more than in production",
  );
}
const bare = await bareServer();
const ceilingRun = await measured(bare.url, "unique");
const ceilingRps = Math.round(ceilingRun.rps);
console.log(`ceiling: ${ceilingRps} rps (load client at ${ceilingRun.clientCpuPct}% of a core)`);
const pg = await run("postgres", true);
const pglite = await run("pglite", false);
if (pg.repeatAnswer?.headers["x-click-verdict"] !== clickVerdict.duplicate)
  failBench("the repeat's answer was not a duplicate's");
if (!pg.rows) failBench("the row's floor was not measured");
const floor = await answerServer(pg.repeatAnswer);
const floorRun = await measured(floor.url, "unique");
await floor.close();
// The bare server at the rate the counted clicks were measured at, for their p99s side by side.
const bareAtFixedRate = await load(
  bare.url,
  "unique",
  0,
  pg.fixedRate,
  FIXED_RATE_WARM_UP_MS + FIXED_RATE_MS,
  FIXED_RATE_WARM_UP_MS,
);
await bare.close();

const share = (rps: number | undefined) => `${Math.round(((rps ?? 0) / ceilingRps) * 100)}% of the ceiling`;
console.log(
  `counted on PostgreSQL ${share(pg.countedRps)}, on PGlite ${share(pglite.countedRps)}; repeats ${share(pg.duplicateRps)}`,
);
const bareUs = ceilingRun.serverUs;
const multiple = (us: number) => round(us / bareUs);
const cost = {
  bareServerUs: bareUs,
  countedPg: { serverUs: pg.counted.serverUs, databaseUs: pg.counted.databaseUs },
  countedPglite: { serverUs: pglite.counted.serverUs },
  repeatsPg: { serverUs: pg.repeats?.serverUs ?? Number.NaN, databaseUs: pg.repeats?.databaseUs ?? Number.NaN },
};
const countedMultiple = multiple(cost.countedPg.serverUs + cost.countedPg.databaseUs);
const repeatsMultiple = multiple(cost.repeatsPg.serverUs + cost.repeatsPg.databaseUs);
/** What no click's work is in: its answer alone and its row alone (a counted click's answer costs as a repeat's). */
const rowUs = ({ serverUs, databaseUs }: { serverUs: number; databaseUs: number }) => serverUs + databaseUs;
const floors = {
  answerServerUs: floorRun.serverUs,
  repeatRow: pg.rows.repeat,
  countedRow: pg.rows.counted,
  repeatsMultiple: multiple(floorRun.serverUs + rowUs(pg.rows.repeat)),
  countedMultiple: multiple(floorRun.serverUs + rowUs(pg.rows.counted)),
};
const latency = {
  rate: pg.fixedRate,
  bareP99Ms: round(bareAtFixedRate.p99Ms),
  countedP99Ms: pg.fixedRateP99Ms ?? Number.NaN,
};
console.log(`CPU per request, as multiples of a bare request's server CPU (${bareUs} µs):
  counted on PostgreSQL: server ${cost.countedPg.serverUs} µs + database ${cost.countedPg.databaseUs} µs = ${countedMultiple}× (target at most 3×)
  counted on PGlite: server with the database inside ${cost.countedPglite.serverUs} µs = ${multiple(cost.countedPglite.serverUs)}×
  repeats on PostgreSQL: server ${cost.repeatsPg.serverUs} µs + database ${cost.repeatsPg.databaseUs} µs = ${repeatsMultiple}× (target at most 1.5×)
p99 at a fixed ${latency.rate} requests/s: bare ${latency.bareP99Ms} ms, counted on PostgreSQL ${latency.countedP99Ms} ms = ${round(latency.countedP99Ms / latency.bareP99Ms)}× (target at most 2×)
The floors under them, with no click work: a repeat's answer alone (its status, headers and page from a bare server) ${floors.answerServerUs} µs;
  a row alone (the click recorder, one batch at a time): a repeat's, 1,000 a batch, server ${floors.repeatRow.serverUs} µs + database ${floors.repeatRow.databaseUs} µs;
  a counted click's, 30 a batch, server ${floors.countedRow.serverUs} µs + database ${floors.countedRow.databaseUs} µs
  so a repeat costs at least ${floors.repeatsMultiple}× and a counted click at least ${floors.countedMultiple}× before any of its own work`);
console.log(
  JSON.stringify({
    ceilingRps,
    pg: { countedRps: pg.countedRps, p99Ms: pg.p99Ms, duplicateRps: pg.duplicateRps },
    pglite: { countedRps: pglite.countedRps, p99Ms: pglite.p99Ms },
    cost: { ...cost, countedMultiple, repeatsMultiple },
    floors,
    latency,
    consistent: pg.consistent && pglite.consistent,
  }),
);
if (!pg.consistent || !pglite.consistent) failBench("counted events, counters and answers disagree");
const figures = [
  bareUs,
  floors.answerServerUs,
  rowUs(floors.repeatRow),
  rowUs(floors.countedRow),
  cost.countedPg.serverUs,
  cost.countedPglite.serverUs,
  cost.repeatsPg.serverUs,
  latency.bareP99Ms,
  latency.countedP99Ms,
];
if (!figures.every((figure) => Number.isFinite(figure) && figure > 0)) failBench("a cost or latency figure is missing");
if (pg.counted.databaseProcesses > 0 && !(cost.countedPg.databaseUs > 0))
  failBench("the PostgreSQL server's CPU was not measured");
