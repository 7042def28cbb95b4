/**
 * A load generator for the tracking benchmark, run as its own process so it has its own core.
 * Args: url duration-ms connections ip-mode (unique | repeat:N) ip-offset rate warm-up-ms. With a rate (requests a
 * second) it sends at that rate whatever the answers' speed (each latency then includes any wait for a free
 * connection); without one, each connection sends its next request when the last is answered. The requests sent in the
 * first warm-up-ms count (answers, verdicts) but their latencies do not: this process's code is not yet compiled then,
 * and it opens its connections. Prints one JSON line.
 */
import { Agent, request } from "node:http";
import { BROWSER_HEADERS } from "./visitor.js";

const [
  url = "",
  durationArg = "10000",
  connectionsArg = "50",
  ipMode = "unique",
  ipOffsetArg = "0",
  rateArg = "0",
  warmUpArg = "0",
] = process.argv.slice(2);
const rate = Number(rateArg);
const durationMs = Number(durationArg);
const connections = Number(connectionsArg);
const repeatPool = ipMode.startsWith("repeat:") ? Number(ipMode.slice(7)) : 0;
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: connections });

let sequence = Number(ipOffsetArg);
/** Distinct visitors from distinct networks: consecutive numbers move the /24 first, so no network concentrates. */
const nextIp = () => {
  const n = repeatPool > 0 ? sequence++ % repeatPool : sequence++;
  return `10.${n & 255}.${(n >> 8) & 255}.${(n >> 16) & 255}`;
};

const latencies: number[] = [];
let answered = 0;
const verdicts: Record<string, number> = {};
let errors = 0;
const deadline = performance.now() + durationMs;
const measuredFrom = performance.now() + Number(warmUpArg);

const once = () =>
  new Promise<void>((resolve) => {
    const started = performance.now();
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        agent,
        headers: { ...BROWSER_HEADERS, "X-Forwarded-For": nextIp() },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          if (started >= measuredFrom) latencies.push(performance.now() - started);
          answered++;
          const verdict = String(res.headers["x-click-verdict"] ?? `status-${res.statusCode}`);
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
          resolve();
        });
      },
    );
    req.on("error", () => {
      errors++;
      resolve();
    });
    req.end();
  });

const worker = async () => {
  while (performance.now() < deadline) await once();
};
/** Sends the requests due by now at `rate` a second, every millisecond, and waits for the last answers at the end. */
const atFixedRate = async () => {
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  while (performance.now() < deadline) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const answered = once();
      inFlight.add(answered);
      void answered.then(() => inFlight.delete(answered));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
};
const started = performance.now();
const cpuAtStart = process.cpuUsage();
if (rate > 0) await atFixedRate();
else await Promise.all(Array.from({ length: connections }, worker));
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
agent.destroy();
console.log(
  JSON.stringify({
    requests: answered,
    rps: answered / elapsed,
    p99Ms: p99,
    verdicts,
    errors,
    elapsed,
    /** This client's own CPU use over the run, in percent of one core: near 100, the client is the limit. */
    clientCpuPct: Math.round((cpu.user + cpu.system) / 10_000 / elapsed),
  }),
);
