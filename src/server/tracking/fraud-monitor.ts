import type { Database } from "../db/client.js";
import { suspiciousActivity } from "../db/schema.js";
import type { Logger } from "../logger.js";

/** SPEC.md section 9 thresholds. */
export const fraudThresholds = {
  rateLimit: { max: 1000, windowMs: 60_000 },
  ipBurst: { max: 50, windowMs: 5 * 60_000 },
  fingerprint: { max: 100, windowMs: 60 * 60_000 },
  geo: { countries: 3, clicksPerCountry: 10, windowMs: 60 * 60_000 },
  botReportWindowMs: 60 * 60_000,
  /** A visit that would count must first solve a proof-of-work from an address over this many clicks in 5 minutes… */
  challengeBurst: 20,
  /** …or from an address flagged (burst, rate limit, bot) within this long. */
  challengeAfterFlagMs: 60 * 60_000,
} as const;

/** Drops the oldest-inserted hundredth of a full map (a Map iterates in insertion order). */
function evictOldest(map: Map<string, unknown>, maxKeys: number) {
  let toEvict = Math.max(1, Math.floor(maxKeys / 100));
  for (const key of map.keys()) {
    map.delete(key);
    if (--toEvict === 0) return;
  }
}

/**
 * Fixed-window counters in memory, at most `maxKeys` keys: a new key beyond that evicts the oldest-started windows
 * first (a Map iterates in insertion order, and a restarted window is re-inserted), so each hit costs O(1) however
 * many distinct addresses a viral link draws.
 */
export class WindowCounter {
  private readonly counts = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}
  hit(key: string, now: number): number {
    const entry = this.counts.get(key);
    if (entry && now - entry.start < this.windowMs) {
      entry.count++;
      return entry.count;
    }
    if (entry) this.counts.delete(key);
    else if (this.counts.size >= this.maxKeys) evictOldest(this.counts, this.maxKeys);
    this.counts.set(key, { start: now, count: 1 });
    return 1;
  }
  /** Whether `key` was hit within the window, without counting a hit. */
  seen(key: string, now: number): boolean {
    const entry = this.counts.get(key);
    return entry !== undefined && now - entry.start < this.windowMs;
  }
  get size() {
    return this.counts.size;
  }
}

/**
 * An address's clicks in the last minute (the rate limit) and in the last five minutes (the burst flag), in one entry
 * per address: one lookup per click for both. Bounded and evicted like `WindowCounter`, by the five-minute window.
 */
export class AddressCounter {
  private readonly counts = new Map<
    string,
    { minuteStart: number; minute: number; burstStart: number; burst: number }
  >();
  constructor(private readonly maxKeys = 100_000) {}
  hit(address: string, now: number): { minute: number; burst: number } {
    let entry = this.counts.get(address);
    if (!entry) {
      if (this.counts.size >= this.maxKeys) evictOldest(this.counts, this.maxKeys);
      entry = { minuteStart: now, minute: 0, burstStart: now, burst: 0 };
      this.counts.set(address, entry);
    } else if (now - entry.burstStart >= fraudThresholds.ipBurst.windowMs) {
      // A restarted five-minute window goes to the back of the eviction order.
      entry.burstStart = now;
      entry.burst = 0;
      this.counts.delete(address);
      this.counts.set(address, entry);
    }
    if (now - entry.minuteStart >= fraudThresholds.rateLimit.windowMs) {
      entry.minuteStart = now;
      entry.minute = 0;
    }
    entry.minute++;
    entry.burst++;
    return entry;
  }
  get size() {
    return this.counts.size;
  }
}

/**
 * Per link, the countries that crossed the geo threshold within the last `windowMs`, each with when it crossed: a
 * crossing older than the window no longer counts, and at most `maxKeys` links are kept (oldest dropped first).
 */
export class CountryCrossings {
  private readonly links = new Map<string, Map<string, number>>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}
  /** Records that `country` crossed on `linkId` at `now`; returns the link's countries still within the window. */
  record(linkId: string, country: string, now: number): string[] {
    let countries = this.links.get(linkId);
    if (!countries) {
      if (this.links.size >= this.maxKeys) evictOldest(this.links, this.maxKeys);
      countries = new Map();
      this.links.set(linkId, countries);
    }
    for (const [known, crossedAt] of countries) if (now - crossedAt >= this.windowMs) countries.delete(known);
    countries.delete(country);
    countries.set(country, now);
    return [...countries.keys()];
  }
  get size() {
    return this.links.size;
  }
}

export type ClickObservation = {
  campaignId: string;
  trackingLinkId: string;
  ip: string;
  ipHash: string;
  fingerprint: string;
  country: string;
  userAgent: string;
  bot: boolean;
};

/** The click a flag is about. */
const flagged = (click: ClickObservation) => ({
  campaignId: click.campaignId,
  trackingLinkId: click.trackingLinkId,
  ipHash: click.ipHash,
});

/**
 * Watches every click on this instance: answers whether the address is over the rate limit, and records
 * suspicious activity (rate_limit, bot_detection, geo_anomaly, fingerprint_abuse) once per key and window.
 */
export function createFraudMonitor(db: Database, log: Logger) {
  const perIp = new AddressCounter();
  const perFingerprint = new WindowCounter(fraudThresholds.fingerprint.windowMs);
  const perLinkCountry = new WindowCounter(fraudThresholds.geo.windowMs);
  const countriesOverThreshold = new CountryCrossings(fraudThresholds.geo.windowMs);
  /**
   * Flags already recorded this hour, by type: their keys are strings the click already carries. An address's burst
   * flag (medium) and its going over the rate limit (high) are recorded apart, so a burst that escalates shows as high.
   */
  const reported = {
    burst: new WindowCounter(60 * 60_000),
    rateLimit: new WindowCounter(60 * 60_000),
    bot: new WindowCounter(60 * 60_000),
    fingerprint: new WindowCounter(60 * 60_000),
    geo: new WindowCounter(60 * 60_000),
  };

  /** Addresses flagged within the last hour (burst, rate limit, bot): their visits are challenged. */
  const flaggedAddresses = new WindowCounter(fraudThresholds.challengeAfterFlagMs);

  /** Flag rows being written: nothing waits for them but shutdown (and tests). */
  const writing = new Set<Promise<unknown>>();

  /** Records a flag once per key and hour; the row is built only then (a flagged address keeps clicking). */
  const report = (
    already: WindowCounter,
    dedupeKey: string,
    row: () => Omit<typeof suspiciousActivity.$inferInsert, "id" | "ts">,
    now: number,
    /** The address the flag is about, when it is one. */
    address?: string,
  ) => {
    if (address) flaggedAddresses.hit(address, now);
    if (already.hit(dedupeKey, now) > 1) return;
    const write = db
      .insert(suspiciousActivity)
      .values(row())
      .catch((error: unknown) => log.error({ err: error }, "suspicious activity not recorded"))
      .finally(() => writing.delete(write));
    writing.add(write);
  };

  return {
    /** Waits for the flags recorded so far to be written. */
    async written(): Promise<void> {
      await Promise.all(writing);
    },
    /**
     * Counts the click: `rateLimited` when the address went over 1,000 clicks a minute; `challenge` when a visit from
     * it must solve a proof-of-work before it can count (over 20 clicks in 5 minutes, or flagged within the hour).
     */
    observe(click: ClickObservation, now = Date.now()): { rateLimited: boolean; challenge: boolean } {
      const { minute, burst } = perIp.hit(click.ip, now);
      const overLimit = minute > fraudThresholds.rateLimit.max;
      if (overLimit) {
        report(
          reported.rateLimit,
          click.ipHash,
          () => ({
            ...flagged(click),
            type: "rate_limit",
            severity: "high",
            details: `More than ${fraudThresholds.rateLimit.max} clicks in a minute from one address: its clicks are refused`,
          }),
          now,
          click.ipHash,
        );
      }
      if (burst > fraudThresholds.ipBurst.max) {
        report(
          reported.burst,
          click.ipHash,
          () => ({
            ...flagged(click),
            type: "rate_limit",
            severity: "medium",
            details: `More than ${fraudThresholds.ipBurst.max} clicks in 5 minutes from one address (${burst} so far)`,
          }),
          now,
          click.ipHash,
        );
      }
      if (click.bot) {
        report(
          reported.bot,
          `${click.ipHash}:${click.userAgent}`,
          () => ({
            ...flagged(click),
            type: "bot_detection",
            severity: "low",
            details: `Bot or link preview: ${click.userAgent.slice(0, 200) || "(no user agent)"}`,
          }),
          now,
          click.ipHash,
        );
      }
      const fingerprintClicks = perFingerprint.hit(click.fingerprint, now);
      if (fingerprintClicks > fraudThresholds.fingerprint.max) {
        report(
          reported.fingerprint,
          click.fingerprint,
          () => ({
            ...flagged(click),
            fingerprint: click.fingerprint,
            type: "fingerprint_abuse",
            severity: "high",
            details: `More than ${fraudThresholds.fingerprint.max} clicks in an hour from one device fingerprint`,
          }),
          now,
        );
      }
      if (click.country !== "Unknown") {
        const countryClicks = perLinkCountry.hit(`${click.trackingLinkId}:${click.country}`, now);
        if (countryClicks === fraudThresholds.geo.clicksPerCountry + 1) {
          const countries = countriesOverThreshold.record(click.trackingLinkId, click.country, now);
          if (countries.length > fraudThresholds.geo.countries) {
            report(
              reported.geo,
              click.trackingLinkId,
              () => ({
                ...flagged(click),
                type: "geo_anomaly",
                severity: "medium",
                details: `One link drew more than ${fraudThresholds.geo.clicksPerCountry} clicks from each of ${countries.length} countries within an hour: ${countries.join(", ")}`,
              }),
              now,
            );
          }
        }
      }
      return {
        rateLimited: overLimit,
        challenge: burst > fraudThresholds.challengeBurst || flaggedAddresses.seen(click.ipHash, now),
      };
    },
  };
}

export type FraudMonitor = ReturnType<typeof createFraudMonitor>;
