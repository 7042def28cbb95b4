import { readFileSync } from "node:fs";
import { hostingAsns as providerAsns } from "./hosting-asns.js";

/**
 * Which autonomous systems are data centres or VPNs (PRODUCT.md Fraud engine: a visit from one never counts toward a
 * prize). Three sources, joined: the providers' own published numbers (hosting-asns.ts); X4BNet's kept public lists of
 * data-centre and VPN systems (network-data/, MIT, with their commit and date; `npm run network-data:refresh` fetches
 * them again); and, for any other system, rules on its organisation's name from the ASN table (networks.ts).
 */

export type NetworkClass = "datacenter" | "vpn";

type ListedAsns = { asns: Map<number, string>; source: string };

/** One of X4BNet's `ASN.txt` lists as shipped: `AS123 # name` per line, its source in the leading comments. */
function readList(file: string): ListedAsns {
  const text = readFileSync(new URL(`./network-data/${file}`, import.meta.url), "utf8");
  const asns = new Map<number, string>();
  const source: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) {
      source.push(line.slice(1).trim());
      continue;
    }
    const match = /^AS(\d+)\s*(?:#\s*(.*))?$/.exec(line.trim());
    if (match) asns.set(Number(match[1]), match[2]?.trim() ?? "");
  }
  return { asns, source: source.join(" ") };
}

const datacenters = readList("datacenter-asns.txt");
const vpns = readList("vpn-asns.txt");

/** Where the network data comes from, as the README and the admin's risk panel credit it. */
export const networkDataSources = [
  "The providers' published AS numbers (hosting-asns.ts)",
  datacenters.source,
  vpns.source,
] as const;

/**
 * An organisation's name that says it rents servers: a conservative rule, as an internet provider's name may hold
 * "cloud" or "net" too.
 */
const hostingName =
  /\b(hosting|vps|dedicated servers?|server hosting|data ?cent(er|re)s?|colocation|cloud (computing|hosting|servers?|infrastructure))\b/i;

/** The class of an autonomous system, or null for one people browse from (an internet provider, a mobile carrier). */
export function networkClass(asn: number | null, org: string | null): NetworkClass | null {
  if (asn === null) return null;
  if (vpns.asns.has(asn)) return "vpn";
  if (providerAsns.has(asn) || datacenters.asns.has(asn)) return "datacenter";
  return org !== null && hostingName.test(org) ? "datacenter" : null;
}

/** Every listed data-centre and VPN system, for queries over stored clicks (their organisations are not stored). */
export const listedHostingAsns: readonly number[] = [
  ...new Set([...providerAsns.keys(), ...datacenters.asns.keys(), ...vpns.asns.keys()]),
];
