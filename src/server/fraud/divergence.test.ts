import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs } from "../testing/campaigns";
import { clickAs, confirmAsPage, visitScriptRoot } from "../testing/clicks";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { formatReplay } from "./replay";
import { honestBrowsers, inAppBrowserRequests, inPeoplesOrder } from "./sample-requests";

/**
 * Each link against its campaign (PRODUCT.md Fraud engine): a farm spread over as many networks as fans, each visit
 * unremarkable alone, still looks like its tool beside the campaign's fans. Its link gets the divergence reason in
 * words with both distributions, in the risk, the approval view's evidence and the replay; the fans' links none.
 */

let t: TestApp;
let admin: TestUser;
let campaignId: string;
let network = 0;
const fans = [...honestBrowsers, ...inAppBrowserRequests];
/** A desktop Chrome agent without its client hints, no referrer, no person's tap: a tool renting home addresses. */
const tool = {
  "User-Agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  "Accept-Language": "en-US,en;q=0.9",
};

/** A visit from a network of its own; a fan's page confirms it as the page's script does. */
async function visit(shortCode: string, headers: Record<string, string>, confirms: boolean) {
  network++;
  const address = `198.18.${network}.7`;
  const answer = await clickAs(t, `/t/${shortCode}`, { ip: address, ua: headers["User-Agent"] ?? null, headers });
  expect(answer.headers.get("X-Click-Verdict")).toBe("counted");
  const token = /data-confirm="([^"]+)"/.exec(await answer.text())?.[1];
  if (confirms && token) expect((await confirmAsPage(t, token, address)).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ webRoot: visitScriptRoot() });
  admin = await signUp(t, "artist");
  await makeAdmin(t, admin);
  campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
  const fansVisits: Array<{ code: string; headers: Record<string, string> }> = [];
  for (const handle of ["fan_link_one", "fan_link_two"]) {
    const code = await joinAs(t, await signUp(t, "promoter", { social_handle: handle }), campaignId);
    for (let index = 0; index < 30; index++)
      fansVisits.push({ code, headers: fans[index % fans.length]?.headers ?? {} });
  }
  for (const { code, headers } of inPeoplesOrder(fansVisits)) await visit(code, headers, true);
  const farmCode = await joinAs(t, await signUp(t, "promoter", { social_handle: "spread_farm" }), campaignId);
  for (let index = 0; index < 25; index++) await visit(farmCode, tool, false);
  await t.app.clicksWritten();
});
afterAll(() => t?.close());

describe("each link against its campaign", () => {
  it("gives the farm's link the divergence reason with both distributions, and the fans' links no reason", async () => {
    const view = await okRoute(t, adminApi.campaignRisk, { params: { id: campaignId }, cookie: admin.cookie });
    const byHandle = new Map(view.promoters.map((promoter) => [promoter.handle, promoter]));
    expect(byHandle.get("fan_link_one")?.reasons).toEqual([]);
    expect(byHandle.get("fan_link_two")?.reasons).toEqual([]);
    const farm = byHandle.get("spread_farm");
    expect(farm?.reasons.map((reason) => reason.code)).toEqual(
      expect.arrayContaining(["unconfirmed_share", "inconsistent_requests", "forced_navigation", "divergence"]),
    );
    expect(farm?.reasons.find((reason) => reason.code === "divergence")?.evidence).toMatch(
      /^unlike the campaign's other traffic in who started the navigation \(100 % no person started it against 100 % a person started it\), /,
    );
  });

  it("shows the divergence in the replay, dimension by dimension", async () => {
    const report = await okRoute(t, adminApi.fraudReplay, { params: { id: campaignId }, cookie: admin.cookie });
    const farm = report.promoters.find((promoter) => promoter.handle === "spread_farm");
    expect(farm?.divergence?.pool).toBe("campaign");
    expect(farm?.divergence?.pool_clicks).toBe(60);
    expect(farm?.divergence?.dimensions.map((dimension) => dimension.dimension)).toEqual(
      expect.arrayContaining(["activation", "confirmation", "in_app", "browser"]),
    );
    const browser = farm?.divergence?.dimensions.find((dimension) => dimension.dimension === "browser");
    expect(browser?.link).toEqual([{ value: "Chrome", share: 1 }]);
    expect(browser?.pool.map((entry) => entry.value)).toEqual(expect.arrayContaining(["Safari", "Chrome"]));
    const printed = formatReplay(report);
    expect(printed).toMatch(/@spread_farm: 25 -> 25; risk \d+/);
    expect(printed).toMatch(/ {4}divergence \(\+\d+\): unlike the campaign's other traffic in who started/);
    expect(printed).toMatch(
      / {6}browser, apart by \d+ %: this link 100 % Chrome; the campaign's other links \d+ % Safari/,
    );
    expect(report.promoters.find((promoter) => promoter.handle === "fan_link_one")?.divergence?.dimensions).toEqual([]);
  });
});
