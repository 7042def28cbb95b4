import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { liveCampaignWithLink } from "../testing/campaigns";
import { clickAs } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { honestBrowsers, inAppBrowserRequests, linkPreviewerAgents } from "./sample-requests";

/**
 * The request's own consistency (PRODUCT.md Fraud engine), with real header sets: honest browsers and every in-app
 * browser in the table count with no reason, link previewers never count, and each contradiction a tool's request
 * makes gives its reason, stored with the click's facts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let octet = 0;
/** Opens a fresh link from a fresh address with exactly these headers; its verdict and stored reasons and facts. */
async function visitWith(headers: Record<string, string>) {
  const { shortCode } = await liveCampaignWithLink(t);
  octet++;
  const answer = await clickAs(t, `/t/${shortCode}`, {
    ip: `198.18.${Math.floor(octet / 250)}.${(octet % 250) + 1}`,
    ua: headers["User-Agent"] ?? null,
    headers,
  });
  expect(answer.status).toBe(200);
  await t.app.clicksWritten();
  const [row] = await queryRows<{ verdict: string; reasons: string[] | null; request: Record<string, unknown> }>(
    t.database.db,
    sql`select e.verdict, e.reasons, e.request from click_events e
        join tracking_links tl on tl.id = e.tracking_link_id where tl.short_code = ${shortCode}`,
  );
  return row;
}

const chrome156 = honestBrowsers[0]?.headers ?? {};
const chromeAndroid = honestBrowsers[1]?.headers ?? {};
const safari = honestBrowsers[2]?.headers ?? {};
const firefox = honestBrowsers[3]?.headers ?? {};
const without = (headers: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

describe("request consistency", () => {
  it("counts honest browsers and every in-app browser in the table with no reason, and stores what they sent", async () => {
    for (const browser of [...honestBrowsers, ...inAppBrowserRequests]) {
      const row = await visitWith(browser.headers);
      expect({ name: browser.name, verdict: row?.verdict, reasons: row?.reasons }).toEqual({
        name: browser.name,
        verdict: "counted",
        reasons: null,
      });
    }
    expect((await visitWith(chrome156))?.request).toEqual({
      b: "Chrome",
      v: 156,
      e: "Blink",
      d: "desktop",
      i: null,
      w: false,
      ch: '"Chromium";v="156", "Google Chrome";v="156", "Not.A/Brand";v="99"',
      chm: "?0",
      chp: '"Windows"',
      fs: "cross-site",
      fm: "navigate",
      fu: true,
      fd: "document",
      l: "en",
      r: "instagram.com",
    });
    expect((await visitWith(inAppBrowserRequests[1]?.headers ?? {}))?.request).toMatchObject({
      i: "Facebook",
      w: true,
      fs: "none",
      r: null,
    });
  });

  it("never counts a link previewer", async () => {
    for (const previewer of linkPreviewerAgents) {
      const row = await visitWith(previewer.headers);
      expect({ name: previewer.name, verdict: row?.verdict }).toEqual({ name: previewer.name, verdict: "bot" });
    }
  });

  it("gives each contradiction its reason", async () => {
    const contradictions: [string, Record<string, string>, string[]][] = [
      [
        "a Safari sending Chromium's client hints",
        { ...safari, "Sec-CH-UA": chrome156["Sec-CH-UA"] ?? "", "Sec-CH-UA-Mobile": "?1" },
        ["hints_contradict"],
      ],
      [
        "a Firefox sending Chromium's client hints",
        { ...firefox, "Sec-CH-UA": chrome156["Sec-CH-UA"] ?? "", "Sec-CH-UA-Mobile": "?0" },
        ["hints_contradict"],
      ],
      [
        "a Chrome whose hints name another version",
        { ...chrome156, "Sec-CH-UA": '"Chromium";v="131", "Google Chrome";v="131", "Not.A/Brand";v="99"' },
        ["hints_contradict"],
      ],
      [
        "a Chrome that sends no hints",
        without(chrome156, "Sec-CH-UA", "Sec-CH-UA-Mobile", "Sec-CH-UA-Platform"),
        ["hints_missing"],
      ],
      [
        "a phone's Chrome saying it is no phone",
        { ...chromeAndroid, "Sec-CH-UA-Mobile": "?0" },
        ["mobile_contradicts"],
      ],
      ["a desktop Chrome saying it is a phone", { ...chrome156, "Sec-CH-UA-Mobile": "?1" }, ["mobile_contradicts"]],
      ["a visitor sent on by another site without a tap", without(chrome156, "Sec-Fetch-User"), ["no_activation"]],
      [
        "a tool's request with every fault at once",
        { ...without(chromeAndroid, "Sec-CH-UA", "Sec-CH-UA-Platform", "Sec-Fetch-User"), "Sec-CH-UA-Mobile": "?0" },
        ["hints_missing", "mobile_contradicts", "no_activation"],
      ],
    ];
    for (const [name, headers, reasons] of contradictions) {
      const row = await visitWith(headers);
      // Evidence, not a verdict: each still counts, and its link's share of such clicks feeds the link's risk.
      expect({ name, verdict: row?.verdict, reasons: row?.reasons }).toEqual({ name, verdict: "counted", reasons });
    }
  });
});
