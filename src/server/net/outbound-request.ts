import { lookup as systemLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { type AddressKind, localAddressKinds } from "../../core/vocabulary.js";
import { addressKind } from "./ip-address.js";

/**
 * Every request the server sends on a user's behalf (webhook deliveries, their test events, the check of a new
 * endpoint) goes through here (ADR 042): the host is resolved once; any resolved address that is not on the public
 * internet refuses the request; the connection goes to the addresses that were checked (no second lookup, so a name
 * cannot answer one address to the check and another to the connection); redirects are never followed; at most
 * `maxAnswerBytes` of an answer are read before the connection is closed; and the whole exchange has one deadline.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** A host name's addresses. Tests pass their own, so no test asks real DNS. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address it knows. */
export const systemResolver: ResolveHost = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Why a destination is refused before anything is sent: one of its addresses, or a name that resolves to nothing. */
export type OutboundRefusal =
  | { reason: "address"; kind: AddressKind; address: string }
  | { reason: "unresolved"; detail: string };

export type OutboundAnswer =
  | { outcome: "refused"; refusal: OutboundRefusal; ms: number }
  /** No answer: the connection failed, or the deadline passed. */
  | { outcome: "failed"; error: string; ms: number }
  /** `head`: the first bytes of the body, at most `maxAnswerBytes`; `truncated` when more was there and not read. */
  | { outcome: "answered"; status: number; head: string; truncated: boolean; ms: number };

export type OutboundOptions = {
  resolveHost: ResolveHost;
  /** Development only (WEBHOOK_LOCAL_RECEIVERS): this machine and the private networks may receive. */
  allowLocalNetwork: boolean;
  /** The whole exchange, from the lookup to the last byte read. */
  timeoutMs: number;
  maxAnswerBytes: number;
};

export type Outbound = ReturnType<typeof createOutbound>;

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** Rejects after `ms` with `message`, unless `promise` settles first. */
function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), Math.max(0, ms));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function createOutbound(options: OutboundOptions) {
  const allowed = (kind: AddressKind | null) =>
    kind === null || (options.allowLocalNetwork && (localAddressKinds as readonly AddressKind[]).includes(kind));
  const seconds = `${options.timeoutMs / 1000} s`;

  /** The addresses `url`'s host stands for, every one of them allowed; or why not. */
  async function resolve(
    url: URL,
    deadlineMs = options.timeoutMs,
  ): Promise<{ addresses: ResolvedAddress[] } | { refusal: OutboundRefusal }> {
    const host = hostOf(url);
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    if (family !== 0) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await withDeadline(
          options.resolveHost(host),
          deadlineMs,
          `no address for ${host} within ${seconds}`,
        );
      } catch (error) {
        return { refusal: { reason: "unresolved", detail: error instanceof Error ? error.message : String(error) } };
      }
      if (addresses.length === 0) return { refusal: { reason: "unresolved", detail: `${host} has no address` } };
    }
    for (const { address } of addresses) {
      const kind = addressKind(address);
      if (!allowed(kind)) return { refusal: { reason: "address", kind: kind ?? "reserved", address } };
    }
    return { addresses };
  }

  /** Whether a request to `url` would be sent now (at an endpoint's creation, and before its test event). */
  async function check(url: string): Promise<OutboundRefusal | null> {
    const checked = await resolve(new URL(url));
    return "refusal" in checked ? checked.refusal : null;
  }

  /** POSTs `body` to `url` under the rules above; never throws. */
  async function post(url: string, init: { headers: Record<string, string>; body: string }): Promise<OutboundAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const target = new URL(url);
    const checked = await resolve(target);
    if ("refusal" in checked) return { outcome: "refused", refusal: checked.refusal, ms: elapsed() };
    const pinned = checked.addresses;
    // The connection asks this instead of DNS: it can only reach the addresses checked above.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, pinned);
      else callback(null, pinned[0]?.address ?? "", pinned[0]?.family ?? 4);
    };
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<OutboundAnswer>((settle) => {
      let settled = false;
      const finish = (answer: OutboundAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        request.destroy();
        settle(answer);
      };
      const request = send(target, {
        method: "POST",
        headers: { ...init.headers, "Content-Length": String(Buffer.byteLength(init.body)) },
        lookup,
        // A connection of its own, closed after the answer: no pooled socket to an address checked for another host.
        agent: false,
      });
      const deadline = setTimeout(
        () => finish({ outcome: "failed", error: `no answer within ${seconds}`, ms: elapsed() }),
        Math.max(0, options.timeoutMs - elapsed()),
      );
      request.on("error", (error) => finish({ outcome: "failed", error: error.message, ms: elapsed() }));
      request.on("response", (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const answered = (truncated: boolean) =>
          finish({
            outcome: "answered",
            status: response.statusCode ?? 0,
            head: Buffer.concat(chunks).subarray(0, options.maxAnswerBytes).toString("utf8"),
            truncated,
            ms: elapsed(),
          });
        response.on("data", (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          read += chunk.length;
          // Enough: the rest is never read; closing the connection stops the sender.
          if (read >= options.maxAnswerBytes) answered(read > options.maxAnswerBytes);
        });
        response.on("end", () => answered(false));
        response.on("error", () => answered(true));
      });
      request.end(init.body);
    });
  }

  return { check, post };
}
