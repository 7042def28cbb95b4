import { isIP } from "node:net";
import type { AddressKind } from "../../core/vocabulary.js";

/**
 * Addresses as the server reasons about them: the network a client's address is in (the fraud engine's, the live
 * streams' caps) and whether an address is on the public internet (the outbound requests' rule, ADR 042).
 */

/**
 * The 32-bit value of a dotted-quad IPv4 address, or -1 for anything else (IPv6 included). Read by hand: it runs for
 * every click, where `isIP` and `BlockList` each cost a native call and an address object.
 */
export function ipv4Value(ip: string): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < ip.length; index++) {
    const code = ip.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (code >= 48 && code <= 57) {
      // No leading zeros (`010` is octal to some parsers), as `isIP` has it.
      if (digits > 0 && octet === 0) return -1;
      octet = octet * 10 + (code - 48);
      if (octet > 255) return -1;
      digits++;
    } else return -1;
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : -1;
}

/** The eight 16-bit groups of an IPv6 address (a zone dropped, a dotted IPv4 tail read as its two groups). */
export function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(":");
  const v4 = ipv4Value(text.slice(lastColon + 1));
  if (v4 >= 0) text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  const [head = "", tail] = text.split("::");
  const part = (groups: string) => (groups === "" ? [] : groups.split(":").map((group) => Number.parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The address's network: `203.0.113.0/24`, `2001:db8:1::/48`. */
export function networkOf(ip: string): string {
  if (ipv4Value(ip) >= 0) return `${ip.slice(0, ip.lastIndexOf("."))}.0/24`;
  return `${ipv6Groups(ip)
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(":")}::/48`;
}

const v4Ranges = (
  [
    ["0.0.0.0", 8, "unspecified"],
    ["10.0.0.0", 8, "private"],
    ["100.64.0.0", 10, "shared"],
    ["127.0.0.0", 8, "loopback"],
    ["169.254.0.0", 16, "link_local"],
    ["172.16.0.0", 12, "private"],
    // IETF protocol assignments (DS-Lite, NAT64 discovery and the like).
    ["192.0.0.0", 24, "reserved"],
    ["192.0.2.0", 24, "documentation"],
    // The old 6to4 relays' anycast.
    ["192.88.99.0", 24, "reserved"],
    ["192.168.0.0", 16, "private"],
    // Benchmarking networks (RFC 2544): never on the internet, often inside labs.
    ["198.18.0.0", 15, "reserved"],
    ["198.51.100.0", 24, "documentation"],
    ["203.0.113.0", 24, "documentation"],
    ["224.0.0.0", 4, "multicast"],
    // Reserved for future use, with the broadcast address 255.255.255.255.
    ["240.0.0.0", 4, "reserved"],
  ] as const
).map(([address, prefix, kind]) => {
  const start = ipv4Value(address);
  return { start, end: start + 2 ** (32 - prefix) - 1, kind };
});

function kindOfV4(value: number): AddressKind | null {
  return v4Ranges.find((range) => value >= range.start && value <= range.end)?.kind ?? null;
}

const bigOf = (groups: readonly number[]) => groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);

const v6Ranges = (
  [
    ["fe80::", 10, "link_local"],
    // Site-local, deprecated but still routed inside some networks.
    ["fec0::", 10, "private"],
    ["fc00::", 7, "unique_local"],
    ["ff00::", 8, "multicast"],
    ["2001:db8::", 32, "documentation"],
    ["3fff::", 20, "documentation"],
    // IETF protocol assignments, Teredo among them (it carries an IPv4 address in disguise).
    ["2001::", 23, "reserved"],
  ] as const
).map(([address, prefix, kind]) => ({
  base: bigOf(ipv6Groups(address)),
  shift: BigInt(128 - prefix),
  kind,
}));

/** The IPv4 address an IPv6 address carries, or -1: mapped, translated, compatible, NAT64 (64:ff9b::/96), 6to4. */
function embeddedV4(groups: readonly number[]): number {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const low = g6 * 0x10000 + g7;
  const zeros = (...values: Array<number | undefined>) => values.every((value) => value === 0);
  if (zeros(g0, g1, g2, g3, g4) && (g5 === 0xffff || g5 === 0)) return low;
  if (zeros(g0, g1, g2, g3, g5) && g4 === 0xffff) return low;
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return low;
  if (g0 === 0x2002) return (g1 ?? 0) * 0x10000 + (g2 ?? 0);
  return -1;
}

/**
 * What the address is when it is not on the public internet, or null when it is. An IPv6 address that carries an IPv4
 * one (`::ffff:127.0.0.1`, `64:ff9b::a00:1`, `2002:a00:1::`) is judged by that IPv4 address; IPv6 outside global
 * unicast (2000::/3) is `reserved`. Anything that is not an address at all is `reserved` too: never connected to.
 */
export function addressKind(ip: string): AddressKind | null {
  const family = isIP(ip);
  if (family === 4) return kindOfV4(ipv4Value(ip));
  if (family !== 6) return "reserved";
  const groups = ipv6Groups(ip);
  const value = bigOf(groups);
  if (value === 0n) return "unspecified";
  if (value === 1n) return "loopback";
  const v4 = embeddedV4(groups);
  if (v4 >= 0) return kindOfV4(v4);
  const range = v6Ranges.find((candidate) => value >> candidate.shift === candidate.base >> candidate.shift);
  if (range) return range.kind;
  return value >> 125n === 1n ? null : "reserved";
}
