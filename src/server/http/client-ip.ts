import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config.js";

const normalize = (address: string) => {
  const trimmed = address.trim();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
};

function trustedList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/**
 * The client address: the socket's, unless `TRUST_PROXY` says the proxies in front may be believed, in which
 * case `X-Forwarded-For` is walked from the right past the trusted hops.
 */
export function createClientIpResolver(trustProxy: TrustProxy) {
  const trusted = trustProxy.kind === "cidrs" ? trustedList(trustProxy.cidrs) : undefined;
  const isTrusted = (address: string) => {
    if (!trusted) return false;
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
  };

  return (socket: string | undefined, forwardedFor: string | undefined): string | undefined => {
    const direct = socket ? normalize(socket) : undefined;
    if (trustProxy.kind === "none" || !forwardedFor) return direct;
    const chain = forwardedFor
      .split(",")
      .map(normalize)
      .filter((address) => isIP(address) !== 0);
    if (trustProxy.kind === "hops") {
      const hops = [...chain, direct].filter((address): address is string => Boolean(address));
      return hops[Math.max(0, hops.length - 1 - trustProxy.hops)] ?? direct;
    }
    if (!direct || !isTrusted(direct)) return direct;
    for (let index = chain.length - 1; index >= 0; index--) {
      const address = chain[index];
      if (address && !isTrusted(address)) return address;
    }
    return chain[0] ?? direct;
  };
}
