import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLiveCampaigns } from "../campaigns/campaign-list";
import { queryRows } from "../db/client";
import { suspiciousActivity, trackingLinks, user } from "../db/schema";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../testing/test-app";
import { seedDemoData, sendDemoClicks } from "./demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "x-demo-country" } });
});
afterAll(() => t.close());

describe("seedDemoData", () => {
  it("creates labelled, funded demo campaigns with promoters, once", async () => {
    const deps = { config: t.config, db: t.database.db, log: createLogger("silent") };
    const created = await seedDemoData(deps);
    expect(created).toMatchObject({ artists: 2, promoters: 4, campaigns: 4 });
    expect(created.shortCodes).toHaveLength(1 + 2 + 3 + 4);
    const { items: live } = await listLiveCampaigns(t.database.db);
    expect(live).toHaveLength(4);
    expect(live.every((campaign) => campaign.title.startsWith("Demo: "))).toBe(true);
    expect(live.map((campaign) => campaign.promoter_count).sort()).toEqual([1, 2, 3, 4]);
    const demoUsers = await t.database.db.select().from(user).where(like(user.email, "%@fanboost.demo"));
    expect(demoUsers).toHaveLength(6);
    expect(demoUsers.every((demoUser) => demoUser.emailVerified)).toBe(true);
    await expect(seedDemoData(deps)).rejects.toThrow(/already there/);
  });

  it("sends labelled demo visits through the real click path, from distinct addresses", async () => {
    const { items } = await listLiveCampaigns(t.database.db);
    const before = items.reduce((sum, campaign) => sum + campaign.total_clicks, 0);
    const codes = await t.database.db.select({ code: trackingLinks.shortCode }).from(trackingLinks);
    const visits = await sendDemoClicks(
      t.app,
      codes.map((row) => row.code),
      "x-demo-country",
    );
    // Each link's fans count once; their repeat visits and the link preview do not.
    expect(visits).toEqual({ total: 265 + codes.length * 4, counted: 265 });
    const { items: after } = await listLiveCampaigns(t.database.db);
    expect(after.reduce((sum, campaign) => sum + campaign.total_clicks, 0) - before).toBe(265);
    const countries = await queryRows<{ country: string }>(
      t.database.db,
      sql`select distinct country from click_events where verdict = 'counted'`,
    );
    expect(countries.length).toBeGreaterThan(5);
    // Many fans, no fraud: only the link previews are flagged.
    const flags = await t.database.db.select({ type: suspiciousActivity.type }).from(suspiciousActivity);
    expect(new Set(flags.map((flag) => flag.type))).toEqual(new Set(["bot_detection"]));
  });
});
