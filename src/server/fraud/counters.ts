import { evictOldest } from "../evict-oldest.js";
import { fraudRules } from "./rules.js";

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
  /** Takes back one hit of `key` (one that turned out not to happen), if its window is still open. */
  release(key: string, now: number) {
    const entry = this.counts.get(key);
    if (entry && now - entry.start < this.windowMs && entry.count > 0) entry.count--;
  }
  /** Drops `key`'s window: its next hit starts a new one. */
  forget(key: string) {
    this.counts.delete(key);
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
    { minuteStart: number; minute: number; burstStart: number; burst: number; unsynced: number }
  >();
  constructor(private readonly maxKeys = 100_000) {}
  hit(address: string, now: number): { minute: number; burst: number } {
    let entry = this.counts.get(address);
    if (!entry) {
      if (this.counts.size >= this.maxKeys) evictOldest(this.counts, this.maxKeys);
      entry = { minuteStart: now, minute: 0, burstStart: now, burst: 0, unsynced: 0 };
      this.counts.set(address, entry);
    } else if (now - entry.burstStart >= fraudRules.ipBurst.windowMs) {
      // A restarted five-minute window goes to the back of the eviction order.
      entry.burstStart = now;
      entry.burst = 0;
      this.counts.delete(address);
      this.counts.set(address, entry);
    }
    if (now - entry.minuteStart >= fraudRules.rateLimit.windowMs) {
      entry.minuteStart = now;
      entry.minute = 0;
    }
    entry.minute++;
    entry.burst++;
    entry.unsynced++;
    return entry;
  }
  /** The address's clicks not yet added to the shared counts. */
  unsynced(address: string): number {
    return this.counts.get(address)?.unsynced ?? 0;
  }
  /** The address's clicks not yet added to the shared counts, now handed over. */
  takeUnsynced(address: string): number {
    const entry = this.counts.get(address);
    const unsynced = entry?.unsynced ?? 0;
    if (entry) entry.unsynced = 0;
    return unsynced;
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
