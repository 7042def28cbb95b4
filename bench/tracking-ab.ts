/**
 * `npm run bench:tracking-ab -- <other checkout>`: the CPU per counted click and per repeat of this checkout's click
 * path against another's (an earlier commit's worktree, with its node_modules), both on PostgreSQL, measured in short
 * turns that alternate between the two servers (ABBA, then BAAB, ...), so a host whose speed drifts from minute to
 * minute (they differ up to tenfold, and one run of bench:tracking against another on the same code can differ by a
 * third) weighs on both alike. Each server runs in a process of its own, built from its own checkout
 * (tracking-target.ts); each block starts both on fresh databases. A turn is a counted load (each visitor from a new
 * address and network) then a repeat load (1,000 addresses that counted), with this checkout's load client. The CPU is
 * the server process's and the PostgreSQL processes' (the other server idles meanwhile). It prints each block's ratios
 * (other / this) and their median; without a checkout it measures this one against itself, which shows the method's
 * own spread. `--smoke`: one block of half-second turns, this checkout against itself; it fails unless every turn
 * counted, repeated and was measured.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { clickVerdict } from "../src/core/vocabulary.js";
import { databaseCpuMs, processCpuMs } from "./cpu.js";
import { failBench, smoke } from "./support.js";

const here = resolve(import.meta.dirname, "..");
const other = resolve(process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? here);
const BLOCKS = smoke ? 1 : Number(process.env.AB_BLOCKS ?? 10);
const TURN_MS = smoke ? 500 : 3_000;
const CONNECTIONS = smoke ? 5 : 50;
/** Visitors per database before a /24 would repeat (the load client's addresses are 10.a.b.c, networks 10.a.b). */
const NETWORKS = 65_536;

type Side = {
  name: "this" | "other";
  process: ChildProcess;
  url: string;
  /** The next visitor's number on this side's current database. */
  next: number;
  ready: () => Promise<string>;
};

async function startSide(name: Side["name"], root: string): Promise<Side> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--max-semi-space-size=32", resolve(here, "bench/tracking-target.ts"), "--root", root],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  const waiting: Array<(url: string) => void> = [];
  createInterface({ input: child.stdout ?? failBench("no output") }).on("line", (line) => {
    if (line.startsWith("READY ")) waiting.shift()?.(line.slice(6));
  });
  const ready = () => new Promise<string>((done) => waiting.push(done));
  return { name, process: child, url: await ready(), next: 0, ready };
}

async function renew(side: Side) {
  const ready = side.ready();
  side.process.stdin?.write("renew\n");
  side.url = await ready;
  side.next = 0;
}

/** This checkout's load client against `url` for a turn; the number of answers with `verdict`. */
function load(url: string, ipMode: string, offset: number, verdict: string) {
  return new Promise<{ requests: number; matching: number }>((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "bench/load-client.ts", url, String(TURN_MS), String(CONNECTIONS), ipMode, String(offset)],
      { cwd: here, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => {
      if (code !== 0) return fail(new Error(`load client exited ${code}`));
      const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
      done({ requests: result.requests, matching: result.verdicts?.[verdict] ?? 0 });
    });
  });
}

type Cost = { serverUs: number; databaseUs: number };

/** A load's CPU per answer of `verdict`, of the side's server process and of PostgreSQL. */
async function measured(side: Side, ipMode: string, verdict: string): Promise<Cost> {
  const pid = side.process.pid ?? failBench("no server process");
  const server = processCpuMs(pid);
  const database = databaseCpuMs();
  // Repeats come from the database's first visitors, who counted.
  const { requests, matching } = await load(side.url, ipMode, ipMode === "unique" ? side.next : 0, verdict);
  if (ipMode === "unique") side.next += requests;
  if (matching === 0) failBench(`${side.name}: no ${verdict} answer in a turn`);
  return {
    serverUs: ((processCpuMs(pid) - server) * 1000) / matching,
    databaseUs: ((databaseCpuMs() - database) * 1000) / matching,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const total = (cost: Cost) => cost.serverUs + cost.databaseUs;
const round = (value: number) => Math.round(value * 10) / 10;
const ratio = (value: number) => Math.round(value * 1000) / 1000;

console.log(`this: ${here}\nother: ${other}${other === here ? " (the same: the method's own spread)" : ""}`);
const mine = await startSide("this", here);
const theirs = await startSide("other", other);
try {
  // Each side's code compiles before anything is measured.
  for (const side of [mine, theirs]) await load(side.url, "unique", NETWORKS - 20_000, clickVerdict.counted);
  const ratios = { counted: [] as number[], countedServer: [] as number[], repeats: [] as number[] };
  const costs = {
    this: { counts: [] as Cost[], repeats: [] as Cost[] },
    other: { counts: [] as Cost[], repeats: [] as Cost[] },
  };
  for (let block = 0; block < BLOCKS; block++) {
    await Promise.all([renew(mine), renew(theirs)]);
    const order = block % 2 === 0 ? [mine, theirs, theirs, mine] : [theirs, mine, mine, theirs];
    const turns = {
      this: { counts: [] as Cost[], repeats: [] as Cost[] },
      other: { counts: [] as Cost[], repeats: [] as Cost[] },
    };
    for (const side of order) {
      turns[side.name].counts.push(await measured(side, "unique", clickVerdict.counted));
      turns[side.name].repeats.push(await measured(side, "repeat:1000", clickVerdict.duplicate));
    }
    if (mine.next > NETWORKS || theirs.next > NETWORKS) failBench("a block's visitors outnumbered its networks");
    const per = (name: Side["name"], kind: "counts" | "repeats", of: (cost: Cost) => number) =>
      mean(turns[name][kind].map(of));
    ratios.counted.push(per("other", "counts", total) / per("this", "counts", total));
    ratios.countedServer.push(per("other", "counts", (c) => c.serverUs) / per("this", "counts", (c) => c.serverUs));
    ratios.repeats.push(per("other", "repeats", total) / per("this", "repeats", total));
    for (const name of ["this", "other"] as const) {
      costs[name].counts.push(...turns[name].counts);
      costs[name].repeats.push(...turns[name].repeats);
    }
    console.log(
      `block ${block + 1}: other / this: counted ${ratios.counted.at(-1)?.toFixed(3)} (server ${ratios.countedServer.at(-1)?.toFixed(3)}), repeats ${ratios.repeats.at(-1)?.toFixed(3)}`,
    );
  }
  const summary = (name: Side["name"], kind: "counts" | "repeats") => {
    const list = costs[name][kind];
    return `server ${round(median(list.map((c) => c.serverUs)))} µs + database ${round(median(list.map((c) => c.databaseUs)))} µs`;
  };
  for (const name of ["this", "other"] as const) {
    console.log(
      `${name}, medians of its turns: counted ${summary(name, "counts")}; repeats ${summary(name, "repeats")}`,
    );
  }
  const result = {
    blocks: BLOCKS,
    countedRatio: { median: ratio(median(ratios.counted)), mean: ratio(mean(ratios.counted)) },
    countedServerRatio: ratio(median(ratios.countedServer)),
    repeatsRatio: { median: ratio(median(ratios.repeats)), mean: ratio(mean(ratios.repeats)) },
  };
  console.log(
    `other / this, median of ${BLOCKS} blocks: counted ${result.countedRatio.median} (server ${result.countedServerRatio}), repeats ${result.repeatsRatio.median}`,
  );
  console.log(JSON.stringify(result));
  if (![...ratios.counted, ...ratios.repeats].every((ratio) => Number.isFinite(ratio) && ratio > 0))
    failBench("a ratio is missing");
} finally {
  for (const side of [mine, theirs]) side.process.stdin?.write("stop\n");
}
