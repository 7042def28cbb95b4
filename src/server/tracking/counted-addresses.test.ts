import { describe, expect, it } from "vitest";
import { createCountedAddresses, campaignAddressKey as key } from "./counted-addresses";

describe("counted addresses", () => {
  it("knows an address only for the campaign the database counted it for, until its entry expires", () => {
    const known = createCountedAddresses({ ttlMs: 1_000 });
    expect(known.has(key("c1", "h1"), 0)).toBe(false);
    known.add(key("c1", "h1"), 0);
    expect(known.has(key("c1", "h1"), 999)).toBe(true);
    expect(known.has(key("c2", "h1"), 999)).toBe(false);
    expect(known.has(key("c1", "h2"), 999)).toBe(false);
    expect(known.has(key("c1", "h1"), 1_000)).toBe(false);
  });

  it("keeps at most its size, forgetting the oldest first", () => {
    const known = createCountedAddresses({ ttlMs: 1_000, maxEntries: 2 });
    known.add(key("c", "a"), 0);
    known.add(key("c", "b"), 0);
    known.add(key("c", "a"), 1);
    known.add(key("c", "c"), 2);
    expect(["a", "b", "c"].map((hash) => known.has(key("c", hash), 3))).toEqual([true, false, true]);
  });

  it("makes room a hundredth at a time, so a full map does not walk its deleted entries at every insert", () => {
    const known = createCountedAddresses({ ttlMs: 1_000, maxEntries: 200 });
    for (let address = 0; address <= 200; address++) known.add(key("c", `h${address}`), 0);
    expect([0, 1, 2, 200].map((address) => known.has(key("c", `h${address}`), 1))).toEqual([false, false, true, true]);
  });
});
