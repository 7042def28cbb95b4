/**
 * An address's network (PRODUCT.md Fraud engine): the IPv4 /24 or IPv6 /48 it is in. Clicks are counted per network,
 * and accounts seen from one network may be one person's (identity marks).
 */

/** The eight 16-bit groups of an IPv6 address written with or without `::`. */
export function expandIpv6(ip: string): number[] {
  const [head = "", tail] = ip.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":").map((group) => Number.parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

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

export const ipv4Network = (ip: string) => `${ip.slice(0, ip.lastIndexOf("."))}.0/24`;

/** The address's network: `203.0.113.0/24`, `2001:db8:1::/48`. */
export function networkOf(ip: string): string {
  if (ipv4Value(ip) >= 0) return ipv4Network(ip);
  const groups = expandIpv6(ip.toLowerCase());
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(":")}::/48`;
}
