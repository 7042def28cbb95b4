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

const loopbackHost = (host: string) => host === "localhost" || host === "::1" || /^127\./.test(host);

/**
 * Believing X-Forwarded-For is safe only when nobody can reach the port but the proxy: listening on a public
 * interface, anyone who connects directly can forge the header and slip past every per-address limit.
 */
export function trustProxyWarning(trustProxy: TrustProxy, host: string): string | null {
  if (trustProxy.kind === "none" || loopbackHost(host)) return null;
  return (
    `TRUST_PROXY is set while listening on ${host}: a client that reaches this port directly, not through the ` +
    "proxy, can forge X-Forwarded-For and get around per-address limits. Keep the port reachable only from the " +
    "proxy (a firewall or a private network), or set HOST=127.0.0.1 when the proxy runs on this machine."
  );
}
