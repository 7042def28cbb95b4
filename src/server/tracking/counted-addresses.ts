import { evictOldest } from "../evict-oldest.js";

/**
 * A campaign and an address as one key. A click builds it once for both its lookup and its entry: a key built anew is
 * a new string, which the map hashes again (ADR 033 cut 8).
 */
export const campaignAddressKey = (campaignId: string, ipHash: string) => `${campaignId}|${ipHash}`;

/**
 * The addresses the database has counted for a campaign, as this process last heard from a committed batch: a repeat
 * click from one of them is a duplicate without waiting on the database (ADR 010). Only the database's answer ever
 * enters it, so it never says "duplicate" for an address the database has not counted. An entry lives `ttlMs`, which
 * bounds how long a click from an address an admin voided meanwhile is still taken for a duplicate; at most
 * `maxEntries` are kept, the oldest going first (a hundredth at a time).
 */
export function createCountedAddresses(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 200_000;
  const expiries = new Map<string, number>();
  return {
    /** Whether the address of `key` (`campaignAddressKey`) counted for the campaign, as far as this process heard. */
    has(key: string, now = Date.now()): boolean {
      const expiry = expiries.get(key);
      return expiry !== undefined && expiry > now;
    },
    add(key: string, now = Date.now()): void {
      expiries.delete(key);
      if (expiries.size >= maxEntries) evictOldest(expiries, maxEntries);
      expiries.set(key, now + ttlMs);
    },
  };
}

export type CountedAddresses = ReturnType<typeof createCountedAddresses>;
