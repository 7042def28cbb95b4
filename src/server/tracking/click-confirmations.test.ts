import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitProofInput } from "../../core/click-evidence";
import { queryRows } from "../db/client";
import { createIpHasher } from "../fraud/click-signals";
import { assessRisk, type LinkClickStats, linkClickStats } from "../fraud/promoter-risk";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs, confirmAsPage, honestPageEvidence, visitKeyIn, visitScriptRoot } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createClickConfirmations } from "./click-confirmations";

/**
 * The browser confirmation (PRODUCT.md Fraud engine): a counted visit's page script sends its token back once, with
 * what it found and a proof only the script can make; every other page carries a decoy of the same form, and every
 * confirmation is answered alike.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: visitScriptRoot() });
});
afterAll(() => t?.close());

/** Opens the link from `ip` and returns the verdict and the confirmation token its page carries. */
async function visit(shortCode: string, ip: string) {
  const answer = await clickAs(t, `/t/${shortCode}`, { ip, ua: browserUa });
  const token = /<main data-confirm="([^"]*)">/.exec(await answer.text())?.[1];
  return { verdict: answer.headers.get("X-Click-Verdict"), token };
}

/** A confirmation posted without running the page's script: the token read off the page, and whatever else. */
const confirm = async (token: unknown, ip: string, extra: Record<string, unknown> = {}) => {
  const answer = await t.request("/api/clicks/confirm", { method: "POST", json: { token, ...extra }, ip });
  return { status: answer.status, body: await answer.json() };
};

/** A confirmation as the page's script sends it. */
const confirmByScript = async (token: string | undefined, ip: string, evidence = honestPageEvidence) => {
  const answer = await confirmAsPage(t, token ?? "", ip, evidence);
  return { status: answer.status, body: await answer.json() };
};

const confirmedAt = async (shortCode: string) =>
  queryRows<{ verdict: string; confirmed: boolean }>(
    t.database.db,
    sql`select e.verdict, e.confirmed_at is not null as confirmed from click_events e
        join tracking_links tl on tl.id = e.tracking_link_id where tl.short_code = ${shortCode} order by e.id`,
  );

const evidenceOf = async (shortCode: string) =>
  queryRows<{ confirmed: boolean; reasons: string[] | null; page_evidence: unknown }>(
    t.database.db,
    sql`select e.confirmed_at is not null as confirmed, e.reasons, e.page_evidence from click_events e
        join tracking_links tl on tl.id = e.tracking_link_id
        where tl.short_code = ${shortCode} and e.verdict = 'counted' order by e.id`,
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
    expect(await confirmByScript(repeat.token, "203.0.113.10")).toEqual(accepted);
    expect(await confirmByScript(counted.token, "203.0.113.11")).toEqual(accepted);
    await t.app.clicksWritten();
    expect(await confirmedAt(shortCode)).toEqual([
      { verdict: "counted", confirmed: false },
      { verdict: "duplicate", confirmed: false },
    ]);
    expect(await confirmByScript(counted.token, "203.0.113.10")).toEqual(accepted);
    expect(await confirmByScript(counted.token, "203.0.113.10")).toEqual(accepted);
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
      expect((await confirmByScript(token, ip)).status).toBe(200);
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

  it("keeps what the page's script found, and marks automation it found", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const { token } = await visit(shortCode, "203.0.113.40");
    const headless = { ...honestPageEvidence, bot: "headless_chrome", webdriver: true };
    expect(await confirmByScript(token, "203.0.113.40", headless)).toEqual(accepted);
    expect(await evidenceOf(shortCode)).toEqual([
      { confirmed: true, reasons: ["automation"], page_evidence: headless },
    ]);
    const honest = await liveCampaignWithLink(t);
    const second = await visit(honest.shortCode, "203.0.113.40");
    expect(await confirmByScript(second.token, "203.0.113.40")).toEqual(accepted);
    expect(await evidenceOf(honest.shortCode)).toEqual([
      { confirmed: true, reasons: null, page_evidence: honestPageEvidence },
    ]);
  });

  it("marks a confirmation from a client that did not run the page's script, answered alike, and the first decides", async () => {
    const sent = JSON.stringify(honestPageEvidence);
    const key = visitKeyIn(await (await t.request("/visit.js")).text()) ?? "";
    const proofWith = (token: string, used: string) =>
      createHash("sha256")
        .update(visitProofInput(token, used, sent))
        .digest("hex");
    const attempts: ((token: string) => Record<string, unknown>)[] = [
      // The token read off the page and posted back, as the page's old inline script did.
      () => ({}),
      // Evidence made up, with no proof, or a proof made without the script's key.
      () => ({ evidence: sent }),
      (token) => ({ evidence: sent, proof: proofWith(token, "0".repeat(32)) }),
      // A real proof, and the evidence changed after it was made.
      (token) => ({ evidence: JSON.stringify({ ...honestPageEvidence, bot: "x" }), proof: proofWith(token, key) }),
    ];
    for (const [index, attempt] of attempts.entries()) {
      const { shortCode } = await liveCampaignWithLink(t);
      const ip = `203.0.113.${50 + index}`;
      const { token = "" } = await visit(shortCode, ip);
      expect(await confirm(token, ip, attempt(token))).toEqual(accepted);
      // The script's own confirmation afterwards changes nothing: the first one decided.
      expect(await confirmByScript(token, ip)).toEqual(accepted);
      expect(await evidenceOf(shortCode)).toEqual([{ confirmed: false, reasons: ["unproven"], page_evidence: null }]);
    }
    const { shortCode } = await liveCampaignWithLink(t);
    const { token = "" } = await visit(shortCode, "203.0.113.60");
    const malformed = { status: 400, body: { error: { message: "This visit's confirmation is not valid." } } };
    for (const extra of [{ evidence: "x".repeat(1_001) }, { proof: "x".repeat(65) }, { evidence: 1 }, { proof: [] }]) {
      expect(await confirm(token, "203.0.113.60", extra)).toMatchObject(malformed);
    }
    expect(await evidenceOf(shortCode)).toEqual([{ confirmed: false, reasons: null, page_evidence: null }]);
  });

  it("serves the page's script with the day's key, and takes a proof made with yesterday's, not an older one", async () => {
    const day = 86_400_000;
    let now = Date.UTC(2026, 10, 28, 23, 59);
    const confirmations = createClickConfirmations({
      db: t.database.db,
      authSecret: t.config.authSecret,
      visitScript: 'var key="__FANBOOST_VISIT_KEY__";',
      now: () => now,
    });
    const keyNow = () => visitKeyIn(confirmations.script() ?? "") ?? "";
    const keys = [keyNow()];
    now += day;
    keys.push(keyNow());
    now += day;
    keys.push(keyNow());
    expect(new Set(keys).size).toBe(3);

    const served = await t.request("/visit.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toMatch(/javascript/);
    expect(await served.text()).toMatch(/^var key="[0-9a-f]{32}";$/);

    const { shortCode } = await liveCampaignWithLink(t);
    const sent = JSON.stringify(honestPageEvidence);
    for (const [index, key] of [keys[0], keys[1]].entries()) {
      const ip = `203.0.113.${70 + index}`;
      const { token = "" } = await visit(shortCode, ip);
      const proof = createHash("sha256")
        .update(visitProofInput(token, key ?? "", sent))
        .digest("hex");
      await confirmations.confirm({ token, ipHash: createIpHasher(t.config.authSecret)(ip), evidence: sent, proof });
    }
    expect((await evidenceOf(shortCode)).map((row) => row.confirmed)).toEqual([false, true]);
  });
});
