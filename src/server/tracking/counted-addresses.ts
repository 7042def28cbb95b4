import { evictOldest } from "./evict-oldest.js";

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
  const key = (campaignId: string, ipHash: string) => `${campaignId}|${ipHash}`;
  return {
    has(campaignId: string, ipHash: string, now = Date.now()): boolean {
      const expiry = expiries.get(key(campaignId, ipHash));
      return expiry !== undefined && expiry > now;
    },
    add(campaignId: string, ipHash: string, now = Date.now()): void {
      const entry = key(campaignId, ipHash);
      expiries.delete(entry);
      if (expiries.size >= maxEntries) evictOldest(expiries, maxEntries);
      expiries.set(entry, now + ttlMs);
    },
  };
}

export type CountedAddresses = ReturnType<typeof createCountedAddresses>;
