import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLiveCampaigns } from "../campaigns/campaign-list";
import { user } from "../db/schema";
import { createLogger } from "../logger";
import { createTestApp, type TestApp } from "../testing/test-app";
import { seedDemoData } from "./demo-data";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("seedDemoData", () => {
  it("creates labelled, funded demo campaigns with promoters, once", async () => {
    const deps = { config: t.config, db: t.database.db, log: createLogger("silent") };
    expect(await seedDemoData(deps)).toEqual({ artists: 2, promoters: 4, campaigns: 4 });
    const { items: live } = await listLiveCampaigns(t.database.db);
    expect(live).toHaveLength(4);
    expect(live.every((campaign) => campaign.title.startsWith("Demo: "))).toBe(true);
    expect(live.map((campaign) => campaign.promoter_count).sort()).toEqual([1, 2, 3, 4]);
    const demoUsers = await t.database.db.select().from(user).where(like(user.email, "%@fanboost.demo"));
    expect(demoUsers).toHaveLength(6);
    expect(demoUsers.every((demoUser) => demoUser.emailVerified)).toBe(true);
    await expect(seedDemoData(deps)).rejects.toThrow(/already there/);
  });
});
