/**
 * `npm run bench:click-maps`: the click path's bounded in-memory maps (the counted addresses, the fraud monitor's
 * window and address counters) cost about as much per new key once full, evicting, as while they fill. Each map is
 * filled to its limit and then given three times as many new keys; the microseconds per insert of the last quarter
 * before the limit and the median of twelve such quarters after it are compared. Target: at most 3 times (ADR 033
 * cut 5: dropping one key per insert from a full map once cost 20 to 100 times more). The last line is one JSON
 * object. It also times a counted click's checks in memory on full maps (ADR 033 cut 8). `--smoke`: the same at a
 * tenth of the limits; it fails when a figure is missing.
 */
import { createHash } from "node:crypto";
import type { Database } from "../src/server/db/client.js";
import { AddressCounter, WindowCounter } from "../src/server/fraud/counters.js";
import { createFraudMonitor } from "../src/server/fraud/monitor.js";
import { ClickObservation } from "../src/server/fraud/observation.js";
import { createLogger } from "../src/server/logger.js";
import { campaignAddressKey, createCountedAddresses } from "../src/server/tracking/counted-addresses.js";
import { failBench, smoke } from "./support.js";
import { BROWSER_USER_AGENT } from "./visitor.js";

const TARGET = 3;
const scale = smoke ? 10 : 1;

/** Hash-like keys, as the click path's keys are (an address hash, a link and a network). */
const keyOf = (n: number) => n.toString(36).padStart(43, "k");

/** Microseconds per insert of `count` new keys from `first`. */
function perInsert(insert: (key: string) => void, first: number, count: number): number {
  const started = performance.now();
  for (let n = first; n < first + count; n++) insert(keyOf(n));
  return ((performance.now() - started) * 1000) / count;
}

function measureMap(name: string, limit: number, insert: (key: string) => void) {
  const quarter = limit / 4;
  perInsert(insert, 0, limit - quarter);
  const filling = perInsert(insert, limit - quarter, quarter);
  const rounds = Array.from({ length: 12 }, (_, round) => perInsert(insert, limit + round * quarter, quarter));
  const full = rounds.sort((a, b) => a - b)[rounds.length / 2] as number;
  const ratio = Math.round((full / filling) * 10) / 10;
  console.log(
    `${name} (limit ${limit}): ${filling.toFixed(2)} µs per insert while filling, ${full.toFixed(2)} µs when full = ${ratio}× (target at most ${TARGET}×)`,
  );
  return { limit, fillingUs: Math.round(filling * 100) / 100, fullUs: Math.round(full * 100) / 100, ratio };
}

const now = Date.now();
const countedLimit = 200_000 / scale;
const counted = createCountedAddresses({ maxEntries: countedLimit });
const windowLimit = 100_000 / scale;
const windows = new WindowCounter(60 * 60_000, windowLimit);
const addresses = new AddressCounter(windowLimit);

const figures = {
  countedAddresses: measureMap("counted addresses", countedLimit, (key) =>
    counted.add(campaignAddressKey("campaign", key), now),
  ),
  windowCounter: measureMap("window counter", windowLimit, (key) => windows.hit(key, now)),
  addressCounter: measureMap("address counter", windowLimit, (key) => addresses.hit(key, now)),
};

/**
 * The in-memory checks of a counted click from a new address and a new network, as `trackClick` makes them (the fraud
 * monitor with shared counts, as on PostgreSQL, and the counted addresses), once every map is full: microseconds per
 * click, the median of eight rounds. No database is asked: no address is busy and no count reaches a threshold.
 */
function countedClickChecks() {
  const fraud = createFraudMonitor({} as Database, createLogger("silent"), { shared: true });
  const known = createCountedAddresses({ maxEntries: countedLimit });
  const userAgent = BROWSER_USER_AGENT;
  let next = 0;
  /** A new address in a new network (its /24) for each click. */
  const visitor = () => {
    const n = next++;
    const ip = `${11 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}.1`;
    const ipHash = createHash("sha256").update(ip).digest("base64url");
    return new ClickObservation({
      campaignId: "2b0c5a3e-9f1d-4c4e-8d7a-6e5f4c3b2a19",
      trackingLinkId: "7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
      ip,
      ipHash,
      fingerprint: ipHash.slice(0, 22),
      country: "Unknown",
      userAgent,
      bot: false,
      network: { network: `${ip.slice(0, ip.lastIndexOf("."))}.0/24`, asn: null, org: null, hosting: false },
    });
  };
  const round = (count: number) => {
    const clicks = Array.from({ length: count }, visitor);
    const started = performance.now();
    for (const click of clicks) {
      const key = campaignAddressKey(click.campaignId, click.ipHash);
      if (fraud.observe(click).rateLimited || known.has(key) || fraud.admitFromNetwork(click) === null)
        failBench("a new visitor's click was not admitted");
      known.add(key);
      fraud.networkVisitRecorded(click, true);
    }
    return ((performance.now() - started) * 1000) / count;
  };
  round(countedLimit + windowLimit);
  const rounds = Array.from({ length: 8 }, () => round(windowLimit / 2)).sort((a, b) => a - b);
  const perClick = Math.round((rounds[rounds.length / 2] as number) * 100) / 100;
  console.log(`a counted click's checks in memory, every map full: ${perClick} µs`);
  return perClick;
}

const countedClickUs = countedClickChecks();
if (Object.values(figures).some((figure) => !Number.isFinite(figure.ratio)) || !(countedClickUs > 0))
  failBench("a figure is missing");
console.log(JSON.stringify({ ...figures, countedClickUs }));
