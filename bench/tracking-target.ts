/**
 * A tracking bench's server for `bench:tracking-ab`, built from the checkout given as `--root` (its own support.ts and
 * live-link.ts, so an older commit's server is measured as that commit built it): a fresh PostgreSQL database with one
 * live link behind a real HTTP server, with its network data loaded. Prints `READY <tracking url>`; reads `renew` (a
 * fresh database and server) and `stop` from stdin.
 */
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const rootIndex = process.argv.indexOf("--root");
const root = rootIndex > 0 ? (process.argv[rootIndex + 1] ?? "") : "";
if (!root) throw new Error("usage: tracking-target.ts --root <checkout>");
const from = (path: string) => pathToFileURL(`${root}/${path}`).href;
const { startBenchTarget } = await import(from("bench/support.ts"));
const { insertLiveLink } = await import(from("src/server/testing/live-link.ts"));
const SHORT_CODE = "BenchCode1";

// The network data held, as a server in production holds it: this commit reads it at start, earlier ones read it at
// the first visit from a public address (the load client's addresses are private, so their benches never did).
const networks = ["src/server/fraud/networks.ts", "src/server/tracking/networks.ts"].find((path) =>
  existsSync(`${root}/${path}`),
);
if (networks) await (await import(from(networks))).loadNetworkTable();

async function start() {
  const target = await startBenchTarget("postgres", { TRUST_PROXY: "1" });
  await insertLiveLink(target.database.db, SHORT_CODE);
  console.log(`READY ${target.url}/t/${SHORT_CODE}`);
  return target;
}

let target = await start();
for await (const line of createInterface({ input: process.stdin })) {
  await target.stop();
  if (line === "stop") break;
  target = await start();
}
process.exit(0);
