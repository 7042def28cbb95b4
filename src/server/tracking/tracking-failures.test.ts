import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { liveCampaignWithLink } from "../testing/campaigns";
import { clickAs, expectCountersConsistent, linkClicks, linkVerdicts } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

/** Runs `during` while the database refuses what `breakIt` breaks, then mends it. */
async function whileBroken(breakIt: string, mendIt: string, during: () => Promise<void>) {
  await t.database.db.execute(sql.raw(breakIt));
  try {
    await during();
  } finally {
    await t.database.db.execute(sql.raw(mendIt));
  }
}

describe("tracking when the database fails", () => {
  it("says 'Failed to record click' when the click cannot be stored, and counts it once the database is back", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await whileBroken(
      "alter table click_events add constraint refuse_clicks check (false) not valid",
      "alter table click_events drop constraint refuse_clicks",
      async () => {
        const response = await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.30" });
        expect(response.status).toBe(503);
        const html = await response.text();
        expect(html).toContain("Link Not Found");
        expect(html).toContain("Failed to record click");
        expect(html).toContain("Browse Campaigns");
      },
    );
    expect(await linkClicks(t.database.db, shortCode)).toBe(0);
    const retry = await clickAs(t, `/t/${shortCode}`, { ip: "192.0.2.30" });
    expect(retry.headers.get("x-click-verdict")).toBe("counted");
    expect(await linkVerdicts(t.database.db, shortCode)).toEqual(["counted"]);
  });

  it("says 'An unexpected error occurred during tracking' when the link cannot be looked up", async () => {
    await whileBroken(
      "alter table tracking_links rename to tracking_links_away",
      "alter table tracking_links_away rename to tracking_links",
      async () => {
        const response = await clickAs(t, "/t/NotCachedCode1", { ip: "192.0.2.31" });
        expect(response.status).toBe(500);
        const html = await response.text();
        expect(html).toContain("Link Not Found");
        expect(html).toContain("An unexpected error occurred during tracking");
        expect(html).not.toMatch(/tracking_links|relation|stack/i);
      },
    );
    expect((await clickAs(t, "/t/NotCachedCode1", { ip: "192.0.2.31" })).status).toBe(404);
  });
});
