import { readFileSync } from "node:fs";
import { projectPath } from "../project-files.js";
import { hostingAsns as providerAsns } from "./hosting-asns.js";

/**
 * Which autonomous systems are data centres or VPNs (PRODUCT.md Fraud engine: a visit from one never counts toward a
 * prize). Three sources, joined: the providers' own published numbers (hosting-asns.ts); X4BNet's kept public lists of
 * data-centre and VPN systems (network-data/, MIT, with their commit and date; `npm run network-data:refresh` fetches
 * them again); and, for any other system, rules on its organisation's name from the ASN table (networks.ts).
 */

export type NetworkClass = "datacenter" | "vpn";

type ListedAsns = { asns: Map<number, string>; source: string };

/**
 * One of X4BNet's `ASN.txt` lists as shipped: `AS123 # name` per line, its origin in the leading comments (the list,
 * the commit and its date), read into "X4BNet/lists_vpn data-centre list, commit 167937a of 2026-08-22".
 */
function readList(file: string, name: string): ListedAsns {
  const text = readFileSync(projectPath("src/server/fraud/network-data", file), "utf8");
  const asns = new Map<number, string>();
  let origin = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) {
      origin += line;
      continue;
    }
    const match = /^AS(\d+)\s*(?:#\s*(.*))?$/.exec(line.trim());
    if (match) asns.set(Number(match[1]), match[2]?.trim() ?? "");
  }
  const commit = /Commit ([0-9a-f]{7})[0-9a-f]* of (\d{4}-\d{2}-\d{2})/.exec(origin);
  const source = commit
    ? `X4BNet/lists_vpn ${name} list, commit ${commit[1]} of ${commit[2]}`
    : `X4BNet/lists_vpn ${name} list`;
  return { asns, source };
}

const datacenters = readList("datacenter-asns.txt", "data-centre");
const vpns = readList("vpn-asns.txt", "VPN");

/** Where the network data comes from, as the README and the admin's risk panel credit it. */
export const networkDataSources = [datacenters.source, vpns.source, "the providers' published AS numbers"] as const;

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
