import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { CountryCrossings } from "./counters";
import { createFraudMonitor } from "./monitor";
import { ClickObservation } from "./observation";
import { fraudRules } from "./rules";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A database that only records what the monitor inserts: these tests run on a fake clock, not on SQL. */
function recordingDb() {
  const inserted: Array<{ type: string; details: string }> = [];
  const db = {
    insert: () => ({
      values: (row: { type: string; details: string }) => {
        inserted.push(row);
        return Promise.resolve();
      },
    }),
  } as unknown as Database;
  return { db, inserted };
}

const click = (country: string, ip: string) =>
  new ClickObservation({
    campaignId: "campaign",
    trackingLinkId: "link-1",
    ip,
    ipHash: `hash-${ip}`,
    fingerprint: `fp-${ip}`,
    country,
    network: { network: `${ip}/32`, asn: null, org: null, hosting: false },
    userAgent: "Mozilla/5.0",
    bot: false,
  });

/** Enough clicks from `country` at `now` to take it over the per-country threshold. */
function crossThreshold(monitor: ReturnType<typeof createFraudMonitor>, country: string, now: number) {
  for (let index = 0; index <= fraudRules.geo.clicksPerCountry; index++) {
    monitor.observe(click(country, `${country}-${now}-${index}`), now);
  }
}

describe("geo anomaly on a fake clock", () => {
  it("does not count countries that crossed the threshold on different days as within an hour", async () => {
    const { db, inserted } = recordingDb();
    const monitor = createFraudMonitor(db, createLogger("silent"));
    const start = Date.UTC(2026, 10, 1);
    for (const [day, country] of ["FR", "DE", "BR", "JP"].entries())
      crossThreshold(monitor, country, start + day * DAY);
    await monitor.written();
    expect(inserted.filter((row) => row.type === "geo_anomaly")).toEqual([]);
  });

  it("flags four countries crossing the threshold within one hour", async () => {
    const { db, inserted } = recordingDb();
    const monitor = createFraudMonitor(db, createLogger("silent"));
    const start = Date.UTC(2026, 10, 1);
    for (const [index, country] of ["FR", "DE", "BR", "JP"].entries()) {
      crossThreshold(monitor, country, start + index * 10 * 60_000);
    }
    await monitor.written();
    const geo = inserted.filter((row) => row.type === "geo_anomaly");
    expect(geo).toHaveLength(1);
    expect(geo[0]?.details).toContain("FR, DE, BR, JP");
  });
});

describe("country crossings", () => {
  it("keep only the last hour's countries per link", () => {
    const crossings = new CountryCrossings(HOUR);
    expect(crossings.record("link", "FR", 0)).toEqual(["FR"]);
    expect(crossings.record("link", "DE", 30 * 60_000)).toEqual(["FR", "DE"]);
    expect(crossings.record("link", "BR", HOUR + 1)).toEqual(["DE", "BR"]);
    expect(crossings.record("other", "FR", HOUR + 1)).toEqual(["FR"]);
  });

  it("hold at most their bound of links, dropping the oldest", () => {
    const crossings = new CountryCrossings(HOUR, 1_000);
    for (let index = 0; index < 5_000; index++) crossings.record(`link-${index}`, "FR", index);
    expect(crossings.size).toBeLessThanOrEqual(1_000);
    expect(crossings.record("link-4999", "DE", 5_000)).toEqual(["FR", "DE"]);
  });
});

describe("a busy address's flags with shared counts", () => {
  it("are claimed in the database once an hour per instance, and claimed again after a claim that failed", async () => {
    const dialect = new PgDialect();
    const claims: unknown[] = [];
    const inserted: Array<{ type: string }> = [];
    let failNextClaim = true;
    // The shared totals say the address is past the burst threshold at every share.
    const db = {
      execute: async (query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        if (text.includes("insert into address_clicks")) {
          const rows = (params[0] as string[]).map((hash) => ({
            ip_hash: hash,
            minute: 1,
            burst: fraudRules.ipBurst.max + 1,
            flagged: false,
          }));
          return { rows };
        }
        if (!text.includes("set burst_flagged_at")) return { rows: [] };
        // The claim and the flag's row are one statement: the address's hash, then the row's type.
        claims.push(params[0]);
        if (failNextClaim) {
          failNextClaim = false;
          throw new Error("connection lost");
        }
        expect(text).toContain("insert into suspicious_activity");
        inserted.push({ type: params[1] as string });
        return { rows: [] };
      },
    } as unknown as Database;
    const monitor = createFraudMonitor(db, createLogger("silent"), { shared: true });
    const busy = click("Unknown", "192.0.2.7");
    const start = Date.UTC(2026, 10, 1);
    for (let second = 0; second < 5; second++) {
      await monitor.observeShared(busy, { rateLimited: false, challenge: [] }, true, start + second * 1_000);
      await monitor.written();
    }
    expect(claims).toEqual(["hash-192.0.2.7", "hash-192.0.2.7"]);
    expect(inserted.map((row) => row.type)).toEqual(["rate_limit"]);
  });
});
