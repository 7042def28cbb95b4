import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { BlockList, isIP } from "node:net";
import type { NetworkOverride } from "../config.js";
import { ipv4Value, ipv6Groups, networkOf } from "../net/ip-address.js";
import { networkClass } from "./network-classes.js";

/**
 * A visitor's network (PRODUCT.md Fraud engine): the IPv4 /24 or IPv6 /48 its address is in, and the autonomous system
 * that announces it (number and organisation) from RouteViews, the regional registries and DB-IP's IP-to-ASN Lite data
 * (CC BY 4.0), shipped in the npm package `@ip-location-db/asn`. `hosting`: a data centre's or a VPN's network
 * (network-classes.ts), whose visits never count toward a prize.
 */
export type NetworkInfo = { network: string; asn: number | null; org: string | null; hosting: boolean };

/** IPv4 addresses no autonomous system announces on the internet: private, loopback, link-local, documentation, testing. */
const unannouncedV4 = (
  [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.2.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 3],
  ] as const
).map(([address, prefix]) => {
  const size = 2 ** (32 - prefix);
  const start = ipv4Value(address);
  return { start, end: start + size - 1 };
});
const isUnannouncedV4 = (value: number) => unannouncedV4.some((range) => value >= range.start && value <= range.end);

/** The same for IPv6. */
const unannouncedV6 = new BlockList();
for (const [address, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["2001:db8::", 32],
] as const) {
  unannouncedV6.addSubnet(address, prefix, "ipv6");
}

type AsnTable = {
  v4: { start: Uint32Array; end: Uint32Array; asn: Uint32Array };
  v6: { start: bigint[]; end: bigint[]; asn: Uint32Array };
  orgs: Map<number, string>;
};

/** One CSV row of the package's numeric files: `start,end,asn,org` (the organisation may be quoted). */
function parseRow(line: string): [string, string, number, string] | null {
  const first = line.indexOf(",");
  const second = line.indexOf(",", first + 1);
  const third = line.indexOf(",", second + 1);
  if (first < 0 || second < 0 || third < 0) return null;
  let org = line.slice(third + 1);
  if (org.startsWith('"') && org.endsWith('"')) org = org.slice(1, -1).replaceAll('""', '"');
  return [line.slice(0, first), line.slice(first + 1, second), Number(line.slice(second + 1, third)), org];
}

/**
 * A copy of a part of a string that keeps nothing else alive. V8 makes a slice of a long string a view of it, so the
 * organisations' names kept as slices kept both files' whole text alive for as long as the server ran: 32 MB of heap
 * beside the table's own 16.
 */
const detached = (part: string) => Buffer.from(part, "utf8").toString("utf8");

async function readRanges(file: string, orgs: Map<number, string>) {
  const text = await readFile(createRequire(import.meta.url).resolve(`@ip-location-db/asn/${file}`), "utf8");
  const rows: Array<[string, string, number]> = [];
  let from = 0;
  while (from < text.length) {
    const to = text.indexOf("\n", from);
    const line = text.slice(from, to === -1 ? text.length : to).trim();
    from = to === -1 ? text.length : to + 1;
    const row = line ? parseRow(line) : null;
    if (!row) continue;
    rows.push([row[0], row[1], row[2]]);
    if (!orgs.has(row[2])) orgs.set(row[2], detached(row[3]));
    // The table is read once, off the click path: give the event loop a turn now and then.
    if (rows.length % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

async function loadAsnTable(): Promise<AsnTable> {
  const orgs = new Map<number, string>();
  const v4Rows = await readRanges("asn-ipv4-num.csv", orgs);
  const v6Rows = await readRanges("asn-ipv6-num.csv", orgs);
  return {
    v4: {
      start: Uint32Array.from(v4Rows, (row) => Number(row[0])),
      end: Uint32Array.from(v4Rows, (row) => Number(row[1])),
      asn: Uint32Array.from(v4Rows, (row) => row[2]),
    },
    v6: {
      start: v6Rows.map((row) => BigInt(row[0])),
      end: v6Rows.map((row) => BigInt(row[1])),
      asn: Uint32Array.from(v6Rows, (row) => row[2]),
    },
    orgs,
  };
}

/** The index of the last range starting at or before `value` (ranges are sorted and do not overlap), or -1. */
function lastStartingBefore<T extends number | bigint>(starts: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as T) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function ipv6Number(ip: string): bigint {
  return ipv6Groups(ip).reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

function asnOfV4(table: AsnTable, value: number): number | null {
  const index = lastStartingBefore(table.v4.start, value);
  return index >= 0 && value <= (table.v4.end[index] as number) ? (table.v4.asn[index] as number) : null;
}

function asnOfV6(table: AsnTable, ip: string): number | null {
  const value = ipv6Number(ip);
  const index = lastStartingBefore(table.v6.start, value);
  return index >= 0 && value <= (table.v6.end[index] as bigint) ? (table.v6.asn[index] as number) : null;
}

/** The table, read once per process (a second or so, in the background). */
let table: AsnTable | undefined;
let loading: Promise<AsnTable> | undefined;
let failed = false;

/** Starts reading the table, once per process; `table` is set when it is read. */
function readTable(): Promise<AsnTable> {
  if (!loading) {
    loading = loadAsnTable();
    loading.then(
      (loaded) => {
        table = loaded;
      },
      () => {
        failed = true;
      },
    );
  }
  return loading;
}

/** Where the network data stands: not asked for yet (tests load it on the first public address), loading, or ready. */
export type NetworkDataState = "idle" | "loading" | "ready" | "failed";

/**
 * The network of an address: its /24 or /48 always; its autonomous system from `overrides` first, then from the
 * shipped table, and whether that system is a data centre or a VPN (network-classes.ts). The click path waits for the
 * table before it decides a public address's visit (`pendingFor`), so no visit is judged without its network: a server
 * starts reading it at once (`preload`), and is not ready before it has (diagnostics' readiness). `onError` hears a
 * table that could not be read; clicks are then decided without it.
 */
export function createNetworkLookup(overrides: readonly NetworkOverride[], onError: (error: unknown) => void) {
  const named = overrides.map((override) => {
    const [address = "", prefix = "32"] = override.cidr.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    const list = new BlockList();
    list.addSubnet(address, Number(prefix), family);
    return { ...override, list, family };
  });
  const start = () => readTable().catch(onError);
  /** The address's network when no table is needed for it (not public, or named here), else undefined. */
  const withoutTable = (ip: string, v4: number, family: number): NetworkInfo | undefined => {
    const network = networkOf(ip);
    if (family === 0) return { network, asn: null, org: null, hosting: false };
    const override =
      named.length === 0 ? undefined : named.find((entry) => entry.list.check(ip, family === 6 ? "ipv6" : "ipv4"));
    if (override) return { network, asn: override.asn, org: override.org, hosting: override.hosting };
    if (v4 >= 0 ? isUnannouncedV4(v4) : unannouncedV6.check(ip, "ipv6")) {
      return { network, asn: null, org: null, hosting: false };
    }
    return undefined;
  };
  const familyOf = (ip: string, v4: number) => (v4 >= 0 ? 4 : isIP(ip));
  const lookup = (ip: string): NetworkInfo => {
    const v4 = ipv4Value(ip);
    const known = withoutTable(ip, v4, familyOf(ip, v4));
    if (known) return known;
    const network = networkOf(ip);
    if (!table) {
      if (!loading) void start();
      return { network, asn: null, org: null, hosting: false };
    }
    const asn = v4 >= 0 ? asnOfV4(table, v4) : asnOfV6(table, ip);
    const org = asn === null ? null : (table.orgs.get(asn) ?? null);
    return { network, asn, org, hosting: networkClass(asn, org) !== null };
  };
  return Object.assign(lookup, {
    /** Reads the table now, in the background: a server does at start. */
    preload: () => void start(),
    /** A promise to wait for before looking up `ip`, when its answer needs the table and the table is still loading. */
    pendingFor(ip: string): Promise<unknown> | null {
      if (table || failed) return null;
      const v4 = ipv4Value(ip);
      if (withoutTable(ip, v4, familyOf(ip, v4))) return null;
      return start();
    },
    state: (): NetworkDataState => (table ? "ready" : failed ? "failed" : loading ? "loading" : "idle"),
  });
}

/** Reads the shipped table now (tests of the table itself). */
export async function loadNetworkTable(): Promise<void> {
  table = await readTable();
}

export type NetworkLookup = ReturnType<typeof createNetworkLookup>;
