import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clickAudit } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { liveCampaignWithLink } from "../testing/campaigns";
import { clickAs, expectCountersConsistent } from "../testing/clicks";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

const asAdmin = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const response = await t.request(path, { ...init, cookie: admin.cookie });
  return { status: response.status, body: await response.json() };
};

describe("admin click views", () => {
  it("list the newest clicks with their verdicts, and the counts behind the dashboard", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await clickAs(t, `/t/${shortCode}`, { ip: "198.51.100.40" });
    await clickAs(t, `/t/${shortCode}`, { ip: "198.51.100.40" });
    await t.app.clicksWritten();
    const recent = await asAdmin("/api/admin/clicks/recent");
    expect(recent.status).toBe(200);
    expect(
      recent.body.items
        .slice(0, 2)
        .map((item: { verdict: string }) => item.verdict)
        .sort(),
    ).toEqual(["counted", "duplicate"]);
    expect(recent.body.items[0]).toMatchObject({ masked_ip: "198.51.100.•••", ts: expect.any(String) });
    const ips = await asAdmin("/api/admin/clicks/top-ips");
    expect(ips.body.items).toContainEqual({ ip: "198.51.100.40", count: 2 });
    const stats = await asAdmin("/api/admin/clicks/rate-limiting");
    expect(stats.body.blockedByVerdict).toContainEqual({ verdict: "duplicate", count: 1 });
  });

  it("list suspicious activity for a time range, and refuse an unknown range", async () => {
    expect((await asAdmin("/api/admin/suspicious?range=30d")).status).toBe(200);
    const refused = await asAdmin("/api/admin/suspicious?range=2d");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Choose a time range: 1h, 24h, 7d or 30d");
  });
});

describe("voiding clicks through the API", () => {
  it("voids a promoter's clicks, recomputes the counters and audits the admin who did it", async () => {
    const { campaignId, promoter, shortCode } = await liveCampaignWithLink(t);
    for (const ip of ["198.51.100.51", "198.51.100.52"]) await clickAs(t, `/t/${shortCode}`, { ip });
    const me = await (await t.request("/api/me", { cookie: promoter.cookie })).json();
    const voided = await asAdmin("/api/admin/clicks/void", {
      method: "POST",
      json: { campaign_id: campaignId, promoter_id: me.promoter.id, reason: "bought traffic" },
    });
    expect(voided).toEqual({ status: 200, body: { clicks_voided: 2, result: "live", winners: [] } });
    const [audit] = await t.database.db.select().from(clickAudit).where(eq(clickAudit.campaignId, campaignId));
    expect(audit).toMatchObject({ action: "void_promoter", actorUserId: admin.id, clicksVoided: 2 });
  });

  it("refuses a malformed target with a 400", async () => {
    const cases: Array<[unknown, string]> = [
      [{ campaign_id: "nope", promoter_id: "x" }, "Invalid campaign ID"],
      [{ campaign_id: "00000000-0000-4000-8000-000000000000", promoter_id: "x" }, "Invalid promoter ID"],
      [{ campaign_id: "00000000-0000-4000-8000-000000000000" }, "Choose a promoter or an address to void"],
    ];
    for (const [json, message] of cases) {
      const refused = await asAdmin("/api/admin/clicks/void", { method: "POST", json });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
  });
});
