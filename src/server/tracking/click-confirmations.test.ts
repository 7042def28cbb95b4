import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { assessRisk, type LinkClickStats, linkClickStats } from "./promoter-risk";

/**
 * The browser confirmation (PRODUCT.md Fraud engine): a counted visit's page sends its token back once; every other
 * page carries a decoy of the same form, and every confirmation is answered alike.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Opens the link from `ip` and returns the verdict and the confirmation token its page carries. */
async function visit(shortCode: string, ip: string) {
  const answer = await clickAs(t, `/t/${shortCode}`, { ip, ua: browserUa });
  const token = /<main data-confirm="([^"]*)">/.exec(await answer.text())?.[1];
  return { verdict: answer.headers.get("X-Click-Verdict"), token };
}

const confirm = async (token: unknown, ip: string) => {
  const answer = await t.request("/api/clicks/confirm", { method: "POST", json: { token }, ip });
  return { status: answer.status, body: await answer.json() };
};

const confirmedAt = async (shortCode: string) =>
  queryRows<{ verdict: string; confirmed: boolean }>(
    t.database.db,
    sql`select e.verdict, e.confirmed_at is not null as confirmed from click_events e
        join tracking_links tl on tl.id = e.tracking_link_id where tl.short_code = ${shortCode} order by e.id`,
  );

const accepted = { status: 200, body: { confirmed: true } };

describe("browser confirmation", () => {
  it("records once that a browser ran a counted visit's page, from the visit's own address", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const counted = await visit(shortCode, "203.0.113.10");
    expect(counted.verdict).toBe("counted");
    expect(counted.token).toMatch(/^[\w-]{22}$/);
    // A repeat's page carries a token of the same form, which confirms nothing.
    const repeat = await visit(shortCode, "203.0.113.10");
    expect(repeat.verdict).toBe("duplicate");
    expect(repeat.token).toMatch(/^[\w-]{22}$/);
    expect(repeat.token).not.toBe(counted.token);

    // Every confirmation is answered alike, so none tells whether the visit counted; only the right one is recorded.
    expect(await confirm(repeat.token, "203.0.113.10")).toEqual(accepted);
    expect(await confirm(counted.token, "203.0.113.11")).toEqual(accepted);
    await t.app.clicksWritten();
    expect(await confirmedAt(shortCode)).toEqual([
      { verdict: "counted", confirmed: false },
      { verdict: "duplicate", confirmed: false },
    ]);
    expect(await confirm(counted.token, "203.0.113.10")).toEqual(accepted);
    expect(await confirm(counted.token, "203.0.113.10")).toEqual(accepted);
    expect(await confirmedAt(shortCode)).toEqual([
      { verdict: "counted", confirmed: true },
      { verdict: "duplicate", confirmed: false },
    ]);
  });

  it("records nothing for a forged or altered token, and refuses a malformed one with a clear message", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { token = "" } = await visit(shortCode, "203.0.113.20");
    const flipped = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    for (const forged of ["A".repeat(22), flipped]) {
      expect(await confirm(forged, "203.0.113.20")).toEqual(accepted);
    }
    const invalid = { status: 400, body: { error: { message: "This visit's confirmation is not valid." } } };
    for (const malformed of [token.slice(1), `${token}.x`, "", "x".repeat(65), 42]) {
      expect(await confirm(malformed, "203.0.113.20")).toMatchObject(invalid);
    }
    const noBody = await t.request("/api/clicks/confirm", { method: "POST", ip: "203.0.113.20" });
    expect(noBody.status).toBeGreaterThanOrEqual(400);
    expect(noBody.status).toBeLessThan(500);
    expect(await confirmedAt(shortCode)).toEqual([{ verdict: "counted", confirmed: false }]);
  });

  it("makes a link whose counted clicks no browser confirmed riskier, and one whose clicks were confirmed not", async () => {
    const scripted = await liveCampaignWithLink(t);
    const plain = await liveCampaignWithLink(t);
    for (let index = 0; index < 20; index++) {
      const ip = `203.0.${index + 1}.30`;
      const { token } = await visit(scripted.shortCode, ip);
      expect((await confirm(token, ip)).status).toBe(200);
      await visit(plain.shortCode, ip);
    }
    const [confirmed] = await linkClickStats(t.database.db, scripted.campaignId);
    const [unconfirmed] = await linkClickStats(t.database.db, plain.campaignId);
    const reasonsOf = (stats: LinkClickStats | undefined) =>
      stats ? assessRisk(stats).reasons.map((reason) => reason.code) : [];
    expect(reasonsOf(confirmed)).not.toContain("unconfirmed_share");
    expect(reasonsOf(unconfirmed)).toContain("unconfirmed_share");
    expect({ confirmable: confirmed?.confirmable, unconfirmed: confirmed?.unconfirmed }).toEqual({
      confirmable: 20,
      unconfirmed: 0,
    });
    expect({ confirmable: unconfirmed?.confirmable, unconfirmed: unconfirmed?.unconfirmed }).toEqual({
      confirmable: 20,
      unconfirmed: 20,
    });
  });
});
