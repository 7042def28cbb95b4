import { describe, expect, it } from "vitest";
import { createClientIpResolver, trustProxyWarning } from "./client-ip";

describe("client address", () => {
  it("is the socket's without a trusted proxy, whatever X-Forwarded-For claims", () => {
    const resolve = createClientIpResolver({ kind: "none" });
    expect(resolve("203.0.113.5", "1.1.1.1")).toBe("203.0.113.5");
    expect(resolve("::ffff:203.0.113.5", undefined)).toBe("203.0.113.5");
    expect(resolve("2001:db8::1", "1.1.1.1")).toBe("2001:db8::1");
    expect(resolve(undefined, "1.1.1.1")).toBeUndefined();
  });

  it("behind N proxies is the address the outermost proxy saw, not what the visitor wrote before it", () => {
    const oneHop = createClientIpResolver({ kind: "hops", hops: 1 });
    expect(oneHop("10.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    // A visitor who sends their own X-Forwarded-For only adds entries to the left of what the proxy appended.
    expect(oneHop("10.0.0.1", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    expect(oneHop("10.0.0.1", "not-an-address, 198.51.100.7")).toBe("198.51.100.7");
    expect(oneHop("10.0.0.1", undefined)).toBe("10.0.0.1");
    const twoHops = createClientIpResolver({ kind: "hops", hops: 2 });
    expect(twoHops("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2")).toBe("198.51.100.7");
    // Fewer addresses than hops: the leftmost one; no socket address: the chain alone.
    expect(twoHops("10.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    expect(oneHop(undefined, "6.6.6.6, 198.51.100.7")).toBe("6.6.6.6");
    expect(twoHops(undefined, "not-an-address")).toBeUndefined();
  });

  it("behind listed proxies is the first address from the right that is not one of them", () => {
    const resolve = createClientIpResolver({ kind: "cidrs", cidrs: ["10.0.0.0/8", "2001:db8:ffff::/48"] });
    expect(resolve("10.1.2.3", "6.6.6.6, 198.51.100.7, 10.9.9.9")).toBe("198.51.100.7");
    expect(resolve("2001:db8:ffff::1", "198.51.100.8")).toBe("198.51.100.8");
    // A request that did not come through a listed proxy is believed only for its socket.
    expect(resolve("203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
    expect(resolve("::ffff:10.1.2.3", "198.51.100.7")).toBe("198.51.100.7");
    expect(resolve("10.1.2.3", "10.4.4.4")).toBe("10.4.4.4");
  });
});

describe("trusted proxy warning", () => {
  it("warns when X-Forwarded-For is believed on a port anyone may reach", () => {
    expect(trustProxyWarning({ kind: "hops", hops: 1 }, "0.0.0.0")).toMatch(/can forge X-Forwarded-For/);
    expect(trustProxyWarning({ kind: "cidrs", cidrs: ["10.0.0.0/8"] }, "::")).toMatch(/TRUST_PROXY/);
    expect(trustProxyWarning({ kind: "hops", hops: 1 }, "192.0.2.10")).not.toBeNull();
  });

  it("stays quiet without a trusted proxy or on loopback", () => {
    expect(trustProxyWarning({ kind: "none" }, "0.0.0.0")).toBeNull();
    expect(trustProxyWarning({ kind: "hops", hops: 1 }, "127.0.0.1")).toBeNull();
    expect(trustProxyWarning({ kind: "hops", hops: 1 }, "localhost")).toBeNull();
    expect(trustProxyWarning({ kind: "hops", hops: 1 }, "::1")).toBeNull();
  });
});
