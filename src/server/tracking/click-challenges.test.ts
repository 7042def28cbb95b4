import { solveChallenge } from "altcha-lib/v1";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { clickEvents } from "../db/schema";
import { signUp } from "../testing/accounts";
import { liveCampaignWithLink } from "../testing/campaigns";
import { browserUa, clickAs, expectCountersConsistent, linkClicks as linkClicksOf } from "../testing/clicks";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import { visitsByVerdict } from "./click-analytics";
import { rollUpClicks } from "./click-rollups";

/** The proof-of-work of suspicious traffic (SPEC.md section 9 captcha rule), through HTTP. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

const click = (code: string, ip: string, ua = browserUa) => clickAs(t, `/t/${code}`, { ip, ua });
const linkClicks = (code: string) => linkClicksOf(t.database.db, code);

/** The challenge a challenged visit's page carries. */
async function challengeOf(response: Response) {
  expect(response.headers.get("x-click-verdict")).toBe("challenged");
  const html = await response.text();
  const data = html.match(/<script type="application\/json" id="pow">(.*?)<\/script>/)?.[1];
  expect(data, "the page carries a challenge").toBeTruthy();
  return JSON.parse(data ?? "{}") as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
    code: string;
  };
}

/** Solves it as the page's script does, and returns ALTCHA's payload. */
async function solve(challenge: Awaited<ReturnType<typeof challengeOf>>, number?: number) {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  expect(solution).not.toBeNull();
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number: number ?? solution?.number, salt, signature }),
  );
}

const verify = async (code: string, payload: string, ip: string) => {
  const response = await t.request("/api/clicks/verify", { method: "POST", json: { code, payload }, ip });
  return { status: response.status, body: await response.json() };
};

/** Makes `ip` suspicious: 21 clicks within 5 minutes on another campaign (one counts there). */
async function burst(ip: string) {
  const other = await liveCampaignWithLink(t);
  for (let visit = 0; visit < 21; visit++) await click(other.shortCode, ip);
}

describe("challenged visits", () => {
  it("asks an address over 20 clicks in 5 minutes to solve a challenge; solved, the visit counts once and never twice", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await burst("198.51.100.200");
    const page = await click(shortCode, "198.51.100.200");
    expect(page.status).toBe(200);
    const challenge = await challengeOf(page);
    expect(challenge.code).toBe(shortCode);
    await t.app.clicksWritten();
    expect(await linkClicks(shortCode)).toBe(0);

    const payload = await solve(challenge);
    // Someone else's solution, a wrong number or a forged one count nothing.
    for (const [attempt, ip] of [
      [payload, "198.51.100.201"],
      [await solve(challenge, challenge.maxnumber + 1), "198.51.100.200"],
      [btoa(JSON.stringify({ ...challenge, number: 1, signature: "0".repeat(64) })), "198.51.100.200"],
      ["not base64 at all", "198.51.100.200"],
    ] as const) {
      const refused = await verify(shortCode, attempt, ip);
      expect(refused).toMatchObject({
        status: 400,
        body: {
          error: { message: "The check did not pass, so this visit won't count. You can still listen to the song." },
        },
      });
    }
    expect(await linkClicks(shortCode)).toBe(0);

    expect(await verify(shortCode, payload, "198.51.100.200")).toEqual({
      status: 200,
      body: { confirm: expect.stringMatching(/^[\w-]{22}$/) },
    });
    expect(await linkClicks(shortCode)).toBe(1);
    // The click keeps why it was challenged, and that its check was solved.
    const [stored] = await t.database.db
      .select({ verdict: clickEvents.verdict, reasons: clickEvents.reasons })
      .from(clickEvents)
      .where(
        and(
          eq(clickEvents.verdict, "counted"),
          sql`${clickEvents.trackingLinkId} in (select id from tracking_links where short_code = ${shortCode})`,
        ),
      );
    expect(stored).toEqual({ verdict: "counted", reasons: ["address_burst", "challenge_solved"] });
    const again = await verify(shortCode, payload, "198.51.100.200");
    expect(again).toMatchObject({ status: 409, body: { error: { message: "This visit has already been checked." } } });
    expect((await click(shortCode, "198.51.100.200")).headers.get("x-click-verdict")).toBe("duplicate");
    expect(await linkClicks(shortCode)).toBe(1);
  });

  it("stores a challenged visit before its page is answered, so a solution sent back at once counts", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await burst("198.51.100.210");
    await t.app.clicksWritten();
    const challenge = await challengeOf(await click(shortCode, "198.51.100.210"));
    // No wait for the next batch: the visit is there already, for this instance or another to count.
    const [stored] = await t.database.db
      .select({ verdict: clickEvents.verdict })
      .from(clickEvents)
      .where(sql`${clickEvents.trackingLinkId} in (select id from tracking_links where short_code = ${shortCode})`);
    expect(stored).toEqual({ verdict: "challenged" });
    expect(await verify(shortCode, await solve(challenge), "198.51.100.210")).toMatchObject({ status: 200 });
    expect(await linkClicks(shortCode)).toBe(1);
  });

  it("counts one of two challenged visits from one address solved at the same time", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await burst("198.51.100.210");
    const first = await challengeOf(await click(shortCode, "198.51.100.210"));
    const second = await challengeOf(await click(shortCode, "198.51.100.210"));
    await t.app.clicksWritten();
    const payloads = [await solve(first), await solve(second)];
    const answers = await Promise.all(payloads.map((payload) => verify(shortCode, payload, "198.51.100.210")));
    // Both are answered alike (the clicker is told nothing), and one counts.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await linkClicks(shortCode)).toBe(1);
  });

  it("asks an address flagged in the last hour, and never a normal visitor", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const other = await liveCampaignWithLink(t);
    // A link-preview bot from this address raises a bot flag; the next human visit from it is challenged.
    expect(
      (await click(other.shortCode, "198.51.100.220", "Slackbot-LinkExpanding 1.0")).headers.get("x-click-verdict"),
    ).toBe("bot");
    await challengeOf(await click(shortCode, "198.51.100.220"));
    for (const ip of ["198.51.100.221", "198.51.100.222"]) {
      expect((await click(shortCode, ip)).headers.get("x-click-verdict")).toBe("counted");
    }
  });

  it("counts nothing once the campaign stopped counting", async () => {
    const { shortCode, campaignId } = await liveCampaignWithLink(t);
    await burst("198.51.100.230");
    const challenge = await challengeOf(await click(shortCode, "198.51.100.230"));
    await t.app.clicksWritten();
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    const paused = await t.request(`/api/admin/campaigns/${campaignId}/pause`, {
      method: "POST",
      cookie: admin.cookie,
      json: {},
    });
    expect(paused.status).toBe(200);
    const refused = await verify(shortCode, await solve(challenge), "198.51.100.230");
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: "This campaign isn't counting clicks right now, so this visit won't count." } },
    });
    const [event] = await t.database.db
      .select({ verdict: clickEvents.verdict })
      .from(clickEvents)
      .where(and(eq(clickEvents.campaignId, campaignId), eq(clickEvents.ip, "198.51.100.230")));
    expect(event?.verdict).toBe("challenged");
  });

  it("moves a solved visit from challenged to counted in the analytics, rolled up or not", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    await burst("198.51.100.240");
    const challenge = await challengeOf(await click(shortCode, "198.51.100.240"));
    await t.app.clicksWritten();
    // Everything so far is rolled up, the challenged visit included.
    await rollUpClicks(t.database.db, new Date(Date.now() + 60_000));
    expect((await verify(shortCode, await solve(challenge), "198.51.100.240")).status).toBe(200);
    expect(await linkClicks(shortCode)).toBe(1);
    const raw = await queryRows<{ verdict: string; count: number }>(
      t.database.db,
      sql`select verdict, count(*)::int as count from click_events where ts >= now() - interval '24 hours'
          group by verdict order by 2 desc, 1`,
    );
    expect(await visitsByVerdict(t.database.db, "24h")).toEqual(
      raw.map((row) => ({ ...row, count: Number(row.count) })),
    );
  });
});
