import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { campaigns } from "../db/schema";
import { liveCampaignWithLink } from "../testing/campaigns";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createLinkLookup } from "./link-lookup";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The test database, counting the lookups that reach it; `failing` makes them fail. */
function countingDb() {
  const counter = { queries: 0, failing: false };
  const db = {
    select: (...args: Parameters<Database["select"]>) => {
      counter.queries++;
      if (counter.failing) throw new Error("database unreachable");
      return t.database.db.select(...args);
    },
  } as unknown as Database;
  return { db, counter };
}

describe("link lookup", () => {
  it("sends one query for the clicks that arrive together, then answers from its cache for two seconds", async () => {
    const { shortCode, campaignId } = await liveCampaignWithLink(t);
    const { db, counter } = countingDb();
    const lookup = createLinkLookup(db);
    vi.useFakeTimers({ toFake: ["Date"] });

    const links = await Promise.all(Array.from({ length: 20 }, () => lookup(shortCode)));
    expect(counter.queries).toBe(1);
    expect(links.every((link) => link?.campaignId === campaignId)).toBe(true);
    expect(await lookup("NoSuchCode1")).toBeNull();
    expect(counter.queries).toBe(2);

    vi.advanceTimersByTime(1_499);
    await Promise.all([lookup(shortCode), lookup("NoSuchCode1")]);
    expect(counter.queries).toBe(2);
    vi.advanceTimersByTime(501);
    await Promise.all([lookup(shortCode), lookup(shortCode)]);
    expect(counter.queries).toBe(3);
  });

  it("looks a clicked link up again after a second and a half, answering from the cache meanwhile", async () => {
    const { shortCode, campaignId } = await liveCampaignWithLink(t);
    const { db, counter } = countingDb();
    const lookup = createLinkLookup(db);
    vi.useFakeTimers({ toFake: ["Date"] });
    await lookup(shortCode);
    await t.database.db.update(campaigns).set({ title: "Renamed" }).where(eq(campaigns.id, campaignId));

    vi.advanceTimersByTime(1_500);
    // Answered from the cache at once, while one query refreshes it behind the clicks.
    const [first, second] = await Promise.all([lookup(shortCode), lookup(shortCode)]);
    expect([first?.title, second?.title]).not.toContain("Renamed");
    expect(counter.queries).toBe(2);
    await vi.waitFor(async () => expect((await lookup(shortCode))?.title).toBe("Renamed"));
    expect(counter.queries).toBe(2);

    // A refresh that fails leaves the entry until its two seconds are up; then the click asks, and learns it failed.
    vi.advanceTimersByTime(1_500);
    counter.failing = true;
    expect((await lookup(shortCode))?.title).toBe("Renamed");
    expect(counter.queries).toBe(3);
    vi.advanceTimersByTime(500);
    await expect(lookup(shortCode)).rejects.toThrow("database unreachable");
  });

  it("does not keep a failed lookup: the next click asks again", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { db, counter } = countingDb();
    const lookup = createLinkLookup(db);
    counter.failing = true;
    const failed = await Promise.allSettled([lookup(shortCode), lookup(shortCode)]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(counter.queries).toBe(1);
    counter.failing = false;
    expect((await lookup(shortCode))?.linkId).toBeTruthy();
    expect(counter.queries).toBe(2);
  });
});
