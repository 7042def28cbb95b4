import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKinds } from "../../core/vocabulary";
import { refusedSamples } from "../testing/address-samples";
import { createOutbound, type OutboundOptions, type ResolveHost } from "./outbound-request";

/** A loopback server that answers each request with `answer` and records what it received. */
function listen(answer: (request: { url: string }, response: import("node:http").ServerResponse) => void) {
  const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((request, response) => {
    received.push({ url: request.url ?? "", headers: request.headers });
    request.resume();
    request.on("end", () => answer({ url: request.url ?? "" }, response));
  });
  return new Promise<{ server: Server; port: number; received: typeof received }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

/** Names resolve from this table only; every lookup is counted. */
function table(entries: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolveHost: ResolveHost = async (hostname) => {
    lookups.push(hostname);
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { lookups, resolveHost };
}

const options = (resolveHost: ResolveHost, more: Partial<OutboundOptions> = {}): OutboundOptions => ({
  resolveHost,
  allowLocalNetwork: false,
  timeoutMs: 2_000,
  maxAnswerBytes: 1_024,
  ...more,
});

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe("outbound requests", () => {
  let ok: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    ok = await listen((_request, response) => response.writeHead(200).end("fine"));
    servers.push(ok.server);
  });

  it("refuse every address that is not on the public internet, written out or behind a host name", async () => {
    const names = Object.fromEntries(
      Object.values(refusedSamples)
        .flat()
        .map((address, index) => [`host-${index}.example`, ["93.184.216.34", address]]),
    );
    const { resolveHost } = table(names);
    const outbound = createOutbound(options(resolveHost));
    for (const kind of addressKinds) {
      for (const address of refusedSamples[kind].filter((sample) => sample !== "not an address")) {
        const literal = address.includes(":") ? `[${address.replace("%", "%25")}]` : address;
        const literalRefusal = await outbound.check(`http://${literal}:${ok.port}/hooks`).catch(() => null);
        // A zone (`%eth0`) is no part of a URL: the URL parser refuses it first.
        if (!address.includes("%"))
          expect({ address, refusal: literalRefusal }).toMatchObject({ address, refusal: { kind } });
        const host = Object.keys(names).find((name) => names[name]?.[1] === address) ?? "";
        expect({ address, refusal: await outbound.check(`https://${host}/hooks`) }).toMatchObject({
          address,
          refusal: { reason: "address", kind, address },
        });
        const posted = await outbound.post(`http://${host}:${ok.port}/hooks`, { headers: {}, body: "{}" });
        expect(posted).toMatchObject({ outcome: "refused", refusal: { kind } });
      }
    }
    expect(ok.received).toEqual([]);
  });

  it("refuse an address the URL parser rewrites, and a name that resolves to nothing", async () => {
    const outbound = createOutbound(options(table({ "empty.example": [] }).resolveHost));
    for (const url of [
      "http://0x7f.1/",
      "http://2130706433/",
      "http://017700000001/",
      "http://127.1/",
      "http://[::]/",
    ]) {
      expect(await outbound.check(url), url).toMatchObject({ reason: "address" });
    }
    expect(await outbound.check("https://empty.example/")).toMatchObject({ reason: "unresolved" });
    expect(await outbound.check("https://nowhere.example/")).toMatchObject({
      reason: "unresolved",
      detail: expect.stringContaining("ENOTFOUND"),
    });
  });

  it("connect to the address that was checked, looked up once, with the host name kept for the request", async () => {
    const { lookups, resolveHost } = table({ "receiver.example": ["127.0.0.1"] });
    const outbound = createOutbound(options(resolveHost, { allowLocalNetwork: true }));
    const answer = await outbound.post(`http://receiver.example:${ok.port}/pinned`, { headers: {}, body: "{}" });
    expect(answer).toMatchObject({ outcome: "answered", status: 200, head: "fine", truncated: false });
    expect(lookups).toEqual(["receiver.example"]);
    expect(ok.received.at(-1)).toMatchObject({ url: "/pinned", headers: { host: `receiver.example:${ok.port}` } });
    // Local networks only when opted in, and never the link-local metadata service.
    const strict = createOutbound(options(resolveHost));
    expect(await strict.check(`http://receiver.example:${ok.port}/`)).toMatchObject({ kind: "loopback" });
    expect(await outbound.check("http://169.254.169.254/latest/meta-data/")).toMatchObject({ kind: "link_local" });
  });

  it("follow no redirect", async () => {
    const inside = await listen((_request, response) => response.writeHead(200).end("secret"));
    const redirecting = await listen((_request, response) =>
      response.writeHead(302, { Location: `http://127.0.0.1:${inside.port}/admin` }).end(),
    );
    servers.push(inside.server, redirecting.server);
    const outbound = createOutbound(options(table({}).resolveHost, { allowLocalNetwork: true }));
    const answer = await outbound.post(`http://127.0.0.1:${redirecting.port}/hooks`, { headers: {}, body: "{}" });
    expect(answer).toMatchObject({ outcome: "answered", status: 302 });
    expect(inside.received).toEqual([]);
  });

  it("read at most the answer's head, then close the connection however much more the receiver has", async () => {
    let written = 0;
    let closed = false;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const endless = await listen((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.on("close", () => {
        closed = true;
      });
      const pump = () => {
        while (!closed && written < 1024 ** 3) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
      };
      pump();
    });
    servers.push(endless.server);
    const outbound = createOutbound(options(table({}).resolveHost, { allowLocalNetwork: true }));
    const answer = await outbound.post(`http://127.0.0.1:${endless.port}/`, { headers: {}, body: "{}" });
    expect(answer).toMatchObject({ outcome: "answered", status: 200, truncated: true });
    expect(answer.outcome === "answered" && answer.head.length).toBe(1_024);
    await expect.poll(() => closed).toBe(true);
    // What the kernel's buffers took before the close, not the gigabyte on offer.
    expect(written).toBeLessThan(64 * 1024 ** 2);
  });

  it("give up at the deadline, whether nothing comes or the answer drips", async () => {
    const silent = await listen(() => undefined);
    const dripping = await listen((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => (response.writableEnded ? clearInterval(drip) : response.write("x")), 50);
      response.on("close", () => clearInterval(drip));
    });
    servers.push(silent.server, dripping.server);
    const outbound = createOutbound(options(table({}).resolveHost, { allowLocalNetwork: true, timeoutMs: 400 }));
    for (const port of [silent.port, dripping.port]) {
      const started = performance.now();
      const answer = await outbound.post(`http://127.0.0.1:${port}/`, { headers: {}, body: "{}" });
      expect(answer).toMatchObject({ outcome: "failed", error: "no answer within 0.4 s" });
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    const slowName: ResolveHost = () => new Promise(() => undefined);
    const stuck = createOutbound(options(slowName, { timeoutMs: 400 }));
    expect(await stuck.check("https://slow.example/")).toMatchObject({ reason: "unresolved" });
  });
});
