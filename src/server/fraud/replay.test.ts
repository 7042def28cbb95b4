import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { callRoute, okRoute, refusedRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { formatReplay, type ReplayClick, replayVerdicts } from "./replay";

describe("the replay's verdicts", () => {
  const at = (minute: number, network: string | null, asn: number | null = null): ReplayClick => ({
    linkId: "link",
    handle: "farm",
    verdict: "counted",
    ts: new Date(Date.UTC(2026, 10, 1, 12, minute)),
    network,
    asn,
    rulesVersion: 1,
    reasons: [],
  });

  it("challenges a network's clicks past the limit within the window, and never counts data centres' clicks", () => {
    const clicks = [
      ...Array.from({ length: 4 }, (_, minute) => at(minute, "10.0.0.0/24")),
      at(5, "10.0.1.0/24", 16509),
      at(90, "10.0.0.0/24"),
    ];
    expect(replayVerdicts(clicks, 3).map((replayed) => [replayed.verdict, replayed.rule])).toEqual([
      ["counted", null],
      ["counted", null],
      ["counted", null],
      ["challenged", "over 3 counted clicks from one network"],
      ["hosting", "data centre or VPN network"],
      // An hour and a half later the window has moved on.
      ["counted", null],
    ]);
  });

  it("keeps a click that solved its check counted, unless it came from a data centre, which no check makes count", () => {
    const solved = (minute: number, asn: number | null = null) => ({
      ...at(minute, "10.0.0.0/24", asn),
      reasons: ["network_limit", "challenge_solved"],
    });
    const clicks = [at(0, "10.0.0.0/24"), solved(1), solved(2, 16509), at(3, "10.0.0.0/24")];
    expect(replayVerdicts(clicks, 1).map((replayed) => replayed.verdict)).toEqual([
      "counted",
      "counted",
      "hosting",
      "challenged",
    ]);
  });

  it("leaves clicks that did not count, and clicks without a network, as they were", () => {
    const clicks = [{ ...at(0, "10.0.0.0/24"), verdict: "duplicate" }, at(1, null), at(2, null)];
    expect(replayVerdicts(clicks, 1).map((replayed) => replayed.verdict)).toEqual(["duplicate", "counted", "counted"]);
  });
});

/**
 * A campaign counted under a looser network limit (standing in for earlier rules): the replay under the default
 * limit shows the farm's clicks it would challenge, its risk, and that the winner would change.
 */
describe("a replay over stored clicks", () => {
  let t: TestApp;
  let admin: TestUser;
  let campaignId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { NETWORK_CLICK_LIMIT: "1000" } });
    admin = await signUp(t, "artist");
    await makeAdmin(t, admin);
    const artist = await signUp(t, "artist");
    campaignId = await createLiveCampaign(t, artist);
    const farm = await signUp(t, "promoter", { social_handle: "replay_farm" });
    const honest = await signUp(t, "promoter", { social_handle: "replay_honest" });
    const farmCode = await joinAs(t, farm, campaignId);
    for (let index = 0; index < 25; index++) {
      await clickAs(t, `/t/${farmCode}`, {
        ip: `198.18.7.${index + 1}`,
        ua: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${110 + index}.0 Safari/537.36`,
      });
    }
    const honestCode = await joinAs(t, honest, campaignId);
    for (let index = 0; index < 12; index++) await clickAs(t, `/t/${honestCode}`, { ip: `198.18.${20 + index}.4` });
    await t.app.clicksWritten();
  });
  afterAll(() => t?.close());

  it("reports the verdict changes, each promoter's risk and the winner under the current rules", async () => {
    const report = await okRoute(t, adminApi.fraudReplay, {
      params: { id: campaignId },
      query: { network_limit: 10 },
      cookie: admin.cookie,
    });
    expect(report.changes).toEqual([
      {
        handle: "replay_farm",
        from: "counted",
        to: "challenged",
        rule: "over 10 counted clicks from one network",
        clicks: 15,
      },
    ]);
    expect(
      report.promoters.map((promoter) => [promoter.handle, promoter.counted_before, promoter.counted_after]),
    ).toEqual([
      ["replay_farm", 25, 10],
      ["replay_honest", 12, 12],
    ]);
    expect(report.promoters[0]?.risky).toBe(true);
    expect(report.promoters[0]?.reasons.map((reason) => reason.code)).toEqual(
      expect.arrayContaining(["network_concentration", "agents_per_network"]),
    );
    expect([report.leaders_before, report.leaders_after, report.leaders_change]).toEqual([
      ["replay_farm"],
      ["replay_honest"],
      true,
    ]);
    const printed = formatReplay(report);
    expect(printed).toContain(
      "@replay_farm: 15 clicks counted -> challenged (over 10 counted clicks from one network)",
    );
    expect(printed).toContain("Leaders under the current rules: @replay_honest (the winner would change).");
  });

  it("shows the console each promoter's risk with its reasons, riskiest first", async () => {
    const view = await okRoute(t, adminApi.campaignRisk, { params: { id: campaignId }, cookie: admin.cookie });
    expect(view.promoters.map((promoter) => [promoter.handle, promoter.risky])).toEqual([
      ["replay_farm", true],
      ["replay_honest", false],
    ]);
    expect(view.promoters[0]?.reasons[0]?.evidence).toBe("100 % of 25 counted clicks from 198.18.7.0/24");
  });

  it("is for admins only, and refuses a campaign that does not exist", async () => {
    const promoter = await signUp(t, "promoter");
    expect(
      (await callRoute(t, adminApi.campaignRisk, { params: { id: campaignId }, cookie: promoter.cookie })).status,
    ).toBe(403);
    const missing = await callRoute(t, adminApi.fraudReplay, {
      params: { id: "00000000-0000-4000-8000-000000000000" },
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    const malformed = await callRoute(t, adminApi.campaignRisk, { params: { id: "nope" }, cookie: admin.cookie });
    expect(malformed.status).toBe(400);
    const badLimit = await refusedRoute(t, adminApi.fraudReplay, {
      params: { id: campaignId },
      query: { network_limit: 0 },
      cookie: admin.cookie,
    });
    expect(badLimit).toMatchObject({
      status: 400,
      error: { message: "The network limit must be a whole number from 1 to 10000" },
    });
  });
});
