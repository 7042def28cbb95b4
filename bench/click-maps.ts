/**
 * `npm run bench:click-maps`: the click path's bounded in-memory maps (the counted addresses, the fraud monitor's
 * window and address counters) cost about as much per new key once full, evicting, as while they fill. Each map is
 * filled to its limit and then given three times as many new keys; the microseconds per insert of the last quarter
 * before the limit and the median of twelve such quarters after it are compared. Target: at most 3 times (ADR 033
 * cut 5: dropping one key per insert from a full map once cost 20 to 100 times more). The last line is one JSON
 * object. `--smoke`: the same at a tenth of the limits; it fails when a figure is missing.
 */
import { createCountedAddresses } from "../src/server/tracking/counted-addresses.js";
import { AddressCounter, WindowCounter } from "../src/server/tracking/fraud-monitor.js";
import { failBench, smoke } from "./support.js";

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
  countedAddresses: measureMap("counted addresses", countedLimit, (key) => counted.add("campaign", key, now)),
  windowCounter: measureMap("window counter", windowLimit, (key) => windows.hit(key, now)),
  addressCounter: measureMap("address counter", windowLimit, (key) => addresses.hit(key, now)),
};
if (Object.values(figures).some((figure) => !Number.isFinite(figure.ratio))) failBench("a figure is missing");
console.log(JSON.stringify(figures));
