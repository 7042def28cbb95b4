import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { ipv4Value, networkOf } from "../net/ip-address";
import { hostingAsns } from "./hosting-asns";
import { createNetworkLookup, loadNetworkTable } from "./networks";

describe("a visitor's network", () => {
  it("is the address's /24 or /48, however the IPv6 address is written", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2::5")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:0db8:0001:ffff:0:0:0:1")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
  });

  it("reads an IPv4 address by hand exactly as Node's isIP accepts it", () => {
    expect(ipv4Value("0.0.0.0")).toBe(0);
    expect(ipv4Value("255.255.255.255")).toBe(2 ** 32 - 1);
    expect(ipv4Value("203.0.113.77")).toBe(((203 * 256 + 0) * 256 + 113) * 256 + 77);
    for (const text of [
      "1.2.3.4",
      "01.2.3.4",
      "1.2.3",
      "1.2.3.4.5",
      "1..3.4",
      "256.1.1.1",
      "1.2.3.4 ",
      "",
      "::1",
      "::ffff:1.2.3.4",
      "a.b.c.d",
      "1.2.3.",
      ".1.2.3",
      "10.0.0.00",
    ]) {
      expect({ text, ipv4: ipv4Value(text) >= 0 }).toEqual({ text, ipv4: isIP(text) === 4 });
    }
  });

  it("names its autonomous system from the shipped table, and data centres' as hosting", async () => {
    await loadNetworkTable();
    const lookup = createNetworkLookup([], () => undefined);
    expect(lookup("8.8.8.8")).toEqual({ network: "8.8.8.0/24", asn: 15169, org: "Google LLC", hosting: true });
    expect(lookup("1.1.1.1")).toMatchObject({ asn: 13335, hosting: false });
    expect(lookup("2001:4860:4860::8888")).toMatchObject({ network: "2001:4860:4860::/48", asn: 15169, hosting: true });
    // Addresses no autonomous system announces have none.
    for (const unannounced of ["10.1.2.3", "127.0.0.1", "192.168.1.1", "198.51.100.9", "::1", "fd00::1"]) {
      expect(lookup(unannounced)).toMatchObject({ asn: null, org: null, hosting: false });
    }
    expect([...hostingAsns.keys()]).toContain(16509);
  });

  it("takes a range's autonomous system from NETWORK_OVERRIDES first (tests name loopback ranges so)", () => {
    const { networks } = loadConfig({
      NETWORK_OVERRIDES: "127.0.5.0/24=64500:Example Hosting:hosting, 127.0.6.0/24=64501:Example Campus",
      NETWORK_CLICK_LIMIT: "25",
    });
    expect(networks.clickLimit).toBe(25);
    const lookup = createNetworkLookup(networks.overrides, () => undefined);
    expect(lookup("127.0.5.9")).toEqual({
      network: "127.0.5.0/24",
      asn: 64500,
      org: "Example Hosting",
      hosting: true,
    });
    expect(lookup("127.0.6.9")).toMatchObject({ asn: 64501, org: "Example Campus", hosting: false });
    expect(() => loadConfig({ NETWORK_OVERRIDES: "127.0.5.0=64500:x" })).toThrow(/NETWORK_OVERRIDES/);
    expect(() => loadConfig({ NETWORK_CLICK_LIMIT: "0" })).toThrow(/NETWORK_CLICK_LIMIT/);
  });
});
