import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLiveCampaigns } from "../campaigns/campaign-list";
import { queryRows } from "../db/client";
import { suspiciousActivity, user } from "../db/schema";
import { createLogger } from "../logger";
import { visitScriptRoot } from "../testing/clicks";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { demoRiskReport, seedDemoData, sendDemoClicks } from "./demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { COUNTRY_HEADER: "x-demo-country" }, webRoot: visitScriptRoot() });
});
afterAll(() => t?.close());

describe("seedDemoData", () => {
  let created: Awaited<ReturnType<typeof seedDemoData>>;
  it("creates labelled, funded demo campaigns with promoters, once", async () => {
    const deps = { config: t.config, db: t.database.db, log: createLogger("silent") };
    created = await seedDemoData(deps);
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
    const visits = await sendDemoClicks(t.app, created.shortCodes, {
      countryHeader: "x-demo-country",
      origin: TEST_ORIGIN,
    });
    // Each link's fans count once; their repeat visits and the link preview do not.
    expect(visits).toEqual({ total: 266 + created.shortCodes.length * 4, counted: 266 });
    const { items: after } = await listLiveCampaigns(t.database.db);
    expect(after.reduce((sum, campaign) => sum + campaign.total_clicks, 0) - before).toBe(266);
    const countries = await queryRows<{ country: string }>(
      t.database.db,
      sql`select distinct country from click_events where verdict = 'counted'`,
    );
    expect(countries.length).toBeGreaterThan(5);
    // Many fans, one farm spread over many networks: only the link previews are flagged.
    const flags = await t.database.db.select({ type: suspiciousActivity.type }).from(suspiciousActivity);
    expect(new Set(flags.map((flag) => flag.type))).toEqual(new Set(["bot_detection"]));
    // The fans' pages confirmed their visits; the farm's tool ran no page.
    const confirmed = await queryRows<{ confirmed: number }>(
      t.database.db,
      sql`select count(*)::int as confirmed from click_events where verdict = 'counted' and confirmed_at is not null`,
    );
    expect(confirmed).toEqual([{ confirmed: 266 - 40 }]);
  });

  it("shows the fraud engine's reasons for the demo farm's link, and none for the fans'", async () => {
    const report = await demoRiskReport(t.database.db);
    expect(report[0]).toMatch(/^Demo: Static Bloom, @demo_fan_4: risk \d+ of 100$/);
    const reasons = report.slice(1).map((line) => line.trim().split(" ")[0]);
    expect(reasons).toEqual(
      expect.arrayContaining(["unconfirmed_share", "inconsistent_requests", "forced_navigation", "divergence"]),
    );
    expect(report.filter((line) => line.startsWith("Demo:"))).toHaveLength(1);
    expect(report.find((line) => line.includes("divergence"))).toMatch(
      /unlike the campaign's other traffic in who started the navigation/,
    );
  });
});
