import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { harnessSettings } from "../config";
import { type DatabaseHandle, queryRows } from "../db/client";
import { createLogger } from "../logger";
import { liveCampaignWithLink } from "../testing/campaigns";
import { expectCountersConsistent } from "../testing/clicks";
import { createTestApp, type TestApp } from "../testing/test-app";
import { ClickBatchTimeoutError, type ClickInput, createClickRecorder, requestsParam } from "./click-recorder";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => expectCountersConsistent(t.database.db));

async function linkIds(shortCode: string) {
  const [row] = await queryRows<{ id: string; campaign_id: string; promoter_id: string }>(
    t.database.db,
    sql`select id, campaign_id, promoter_id from tracking_links where short_code = ${shortCode}`,
  );
  if (!row) throw new Error("no link");
  return { trackingLinkId: row.id, campaignId: row.campaign_id, promoterId: row.promoter_id };
}

const click = (
  ids: Awaited<ReturnType<typeof linkIds>>,
  ipHash: string,
  verdict: ClickInput["verdict"] = "counted",
): ClickInput => ({
  ...ids,
  verdict,
  ip: "192.0.2.1",
  ipHash,
  userAgent: "test",
  country: "Unknown",
  referrer: null,
  network: "192.0.2.0/24",
  asn: null,
  rulesVersion: 2,
  reasons: [],
  request: null,
  fingerprint: null,
  places: 0,
});

async function verdicts(trackingLinkId: string) {
  const rows = await queryRows<{ verdict: string }>(
    t.database.db,
    sql`select verdict from click_events where tracking_link_id = ${trackingLinkId} order by verdict`,
  );
  return rows.map((row) => row.verdict);
}

describe("click recorder", () => {
  it("batches concurrent clicks, de-duplicates inside a batch and reports which campaigns moved", async () => {
    const { shortCode, campaignId } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const moved: string[][] = [];
    const recorder = createClickRecorder(t.database, createLogger("silent"), {
      onCounted: (campaigns) => moved.push(campaigns),
    });
    const results = await Promise.all([
      recorder.record(click(ids, "a")),
      recorder.record(click(ids, "a")),
      recorder.record(click(ids, "b")),
      recorder.record(click(ids, "c", "bot")),
    ]);
    expect(results.map((result) => result.verdict)).toEqual(["counted", "duplicate", "counted", "bot"]);
    const [first, , third] = results;
    expect(first?.verdict === "counted" && third?.verdict === "counted" && first.id !== third.id).toBe(true);
    const rows = await queryRows<{ verdict: string }>(
      t.database.db,
      sql`select verdict from click_events where tracking_link_id = ${ids.trackingLinkId} order by verdict`,
    );
    expect(rows.map((row) => row.verdict)).toEqual(["bot", "counted", "counted", "duplicate"]);
    expect(moved).toEqual([[campaignId]]);
    const again = await recorder.record(click(ids, "a"));
    expect(again.verdict).toBe("duplicate");
  });

  it("writes a click queued for later with the next batch", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const recorder = createClickRecorder(t.database, createLogger("silent"));
    recorder.recordLater(click(ids, "later", "bot"));
    expect(recorder.queued).toBe(1);
    await recorder.drain();
    const rows = await queryRows<{ verdict: string }>(
      t.database.db,
      sql`select verdict from click_events where tracking_link_id = ${ids.trackingLinkId}`,
    );
    expect(rows.map((row) => row.verdict)).toEqual(["bot"]);
  });

  it("stores every text exactly as it came, whatever quotes, backslashes, commas or braces it holds", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const recorder = createClickRecorder(t.database, createLogger("silent"));
    const texts = [
      'Mozilla/5.0 "quoted", {braced}',
      "back\\slash\\",
      "NULL",
      "",
      " spaced ",
      "ünïcödé ♫ 音楽",
      "a,b}c{d",
    ];
    for (const [index, text] of texts.entries()) {
      recorder.recordLater({
        ...click(ids, `texts-${index}`, "bot"),
        userAgent: text,
        referrer: `https://example.com/?q=${text}`,
        asn: index === 0 ? null : 64_500 + index,
        reasons: index === 1 ? ["address_burst", "hosting_network"] : [],
      });
    }
    recorder.recordLater({ ...click(ids, "texts-null", "bot"), userAgent: null, referrer: null });
    await recorder.drain();
    const rows = await queryRows<{
      ip_hash: string;
      user_agent: string | null;
      referrer: string | null;
      asn: number | null;
      reasons: string[] | null;
    }>(
      t.database.db,
      sql`select ip_hash, user_agent, referrer, asn, reasons from click_events
          where tracking_link_id = ${ids.trackingLinkId} order by ip_hash`,
    );
    const stored = new Map(rows.map((row) => [row.ip_hash, row]));
    for (const [index, text] of texts.entries()) {
      expect(stored.get(`texts-${index}`)).toMatchObject({
        user_agent: text,
        referrer: `https://example.com/?q=${text}`,
        asn: index === 0 ? null : 64_500 + index,
      });
    }
    expect(stored.get("texts-1")?.reasons).toEqual(["address_burst", "hosting_network"]);
    expect(stored.get("texts-0")?.reasons).toBeNull();
    expect(stored.get("texts-null")).toMatchObject({ user_agent: null, referrer: null });
  });

  it("lets clicks nobody waits for linger for a batch, which a counted candidate takes along at once", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const batches: number[] = [];
    const recorder = createClickRecorder(t.database, createLogger("silent"), {
      lingerMs: 300,
      onCommitted: (size) => batches.push(size),
    });
    for (const hash of ["r1", "r2", "r3"]) recorder.recordLater(click(ids, hash, "duplicate"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([recorder.queued, batches]).toEqual([3, []]);
    // A counted candidate's answer waits for nothing: its batch carries the lingering clicks.
    expect((await recorder.record(click(ids, "c1"))).verdict).toBe("counted");
    expect(batches).toEqual([4]);
    for (const hash of ["r4", "r5"]) recorder.recordLater(click(ids, hash, "bot"));
    // The linger's own timer writes them, however long a busy machine takes to commit.
    await vi.waitFor(() => expect([recorder.queued, batches]).toEqual([0, [4, 2]]), { timeout: 10_000 });
    expect(await verdicts(ids.trackingLinkId)).toEqual([
      "bot",
      "bot",
      "counted",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
  });

  it("fails only the bad row of a batch, never its neighbours", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const recorder = createClickRecorder(t.database, createLogger("silent"));
    const bad = { ...click(ids, "bad"), trackingLinkId: randomUUID() };
    const settled = await Promise.allSettled([
      recorder.record(click(ids, "n1")),
      recorder.record(bad),
      recorder.record(click(ids, "n2")),
      recorder.record(click(ids, "n3")),
    ]);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const [row] = await queryRows<{ total_clicks: number }>(
      t.database.db,
      sql`select total_clicks from tracking_links where id = ${ids.trackingLinkId}`,
    );
    expect(Number(row?.total_clicks)).toBe(3);
  });

  it("takes a deleted link's clicks, and its counted ones out of the campaign's and promoter's counters", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const recorder = createClickRecorder(t.database, createLogger("silent"));
    await Promise.all([recorder.record(click(ids, "d1")), recorder.record(click(ids, "d2", "bot"))]);
    const count = async () => {
      const [row] = await queryRows<{ n: string }>(
        t.database.db,
        sql`select count(*) as n from click_events where tracking_link_id = ${ids.trackingLinkId}`,
      );
      return Number(row?.n);
    };
    expect(await count()).toBe(2);
    await t.database.db.execute(sql`delete from tracking_links where id = ${ids.trackingLinkId}`);
    expect(await count()).toBe(0);
    const [counters] = await queryRows<{ campaign: number; promoter: number }>(
      t.database.db,
      sql`select (select total_clicks from campaigns where id = ${ids.campaignId}) as campaign,
                 (select total_clicks_all_time from promoters where id = ${ids.promoterId}) as promoter`,
    );
    expect([Number(counters?.campaign), Number(counters?.promoter)]).toEqual([0, 0]);
    await expect(recorder.record(click(ids, "d3"))).rejects.toThrow();
  });

  it("does not write a timed-out batch's clicks again", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    let calls = 0;
    const stuck: DatabaseHandle = { ...t.database, rawQuery: () => new Promise(() => calls++) };
    const recorder = createClickRecorder(stuck, createLogger("silent"), { flushTimeoutMs: 50 });
    const settled = await Promise.allSettled([recorder.record(click(ids, "s1")), recorder.record(click(ids, "s2"))]);
    expect(settled.map((result) => result.status === "rejected" && result.reason)).toEqual([
      expect.any(ClickBatchTimeoutError),
      expect.any(ClickBatchTimeoutError),
    ]);
    expect(calls).toBe(1);
  });

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "stores a click once when its batch outlived the timeout and then committed",
    async () => {
      const { shortCode } = await liveCampaignWithLink(t);
      const ids = await linkIds(shortCode);
      // Another session holds the campaign row, as finalizing a campaign does, so the batch waits past its timeout.
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from campaigns where id = $1 for update", [ids.campaignId]);
        const recorder = createClickRecorder(t.database, createLogger("silent"), { flushTimeoutMs: 300 });
        const late = await Promise.allSettled([
          recorder.record(click(ids, "late1")),
          recorder.record(click(ids, "late2")),
        ]);
        expect(late.map((result) => result.status === "rejected" && result.reason)).toEqual([
          expect.any(ClickBatchTimeoutError),
          expect.any(ClickBatchTimeoutError),
        ]);
        await holder.query("commit");
        const stored = async () => (await verdicts(ids.trackingLinkId)).join();
        await expect.poll(stored, { timeout: 5_000 }).toBe("counted,counted");
        expect(await recorder.record(click(ids, "late1"))).toEqual({ verdict: "duplicate" });
        expect(await verdicts(ids.trackingLinkId)).toEqual(["counted", "counted", "duplicate"]);
      } finally {
        await holder.end();
      }
    },
  );

  it.skipIf(!harnessSettings().testDatabaseUrl)(
    "checks a network's place-takers against the counted clicks by their campaign and address, however the table grew",
    async () => {
      const { shortCode } = await liveCampaignWithLink(t);
      const ids = await linkIds(shortCode);
      // One session, as a pooled connection lives: its plans are made while click_events holds a few rows.
      const session = new pg.Client({ connectionString: t.database.url });
      await session.connect();
      let next = 0;
      const batch = (size: number) => {
        const clicks = Array.from({ length: size }, () => ({ ...click(ids, `place-${next++}`), places: 1 }));
        const of = <K extends keyof ClickInput>(key: K) => clicks.map((each) => each[key]);
        return [
          of("trackingLinkId"),
          of("campaignId"),
          of("promoterId"),
          of("verdict"),
          of("ip"),
          of("ipHash"),
          of("userAgent"),
          of("country"),
          of("referrer"),
          of("fingerprint"),
          of("network"),
          of("asn"),
          of("rulesVersion"),
          clicks.map(() => null),
          requestsParam(clicks),
          of("places"),
          1_000_000,
          3600,
        ];
      };
      const call =
        "select * from record_click_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)";
      try {
        for (let round = 0; round < 6; round++) await session.query(call, batch(1));
        // Then the table grows by 20,000 counted clicks (a new database's first minutes of a viral link).
        await session.query(
          `with added as (
             insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country)
             select $1, $2, $3, 'counted', '192.0.2.1', 'grown-' || n, 'test', 'Unknown' from generate_series(1, 20000) n
             returning 1)
           update tracking_links set total_clicks = total_clicks + (select count(*) from added) where id = $1`,
          [ids.trackingLinkId, ids.campaignId, ids.promoterId],
        );
        await session.query(
          `update campaigns set total_clicks = (select count(*) from click_events where campaign_id = $1 and verdict = 'counted') where id = $1`,
          [ids.campaignId],
        );
        await session.query(
          `update promoters set total_clicks_all_time = (select count(*) from click_events where promoter_id = $1 and verdict = 'counted') where id = $1`,
          [ids.promoterId],
        );
        const explained = await session.query<{ "QUERY PLAN": Array<{ Plan: Record<string, number> }> }>(
          `explain (analyze, buffers, format json) ${call}`,
          batch(10),
        );
        const plan = explained.rows[0]?.["QUERY PLAN"][0]?.Plan ?? {};
        // Ten probes of the counted index read a few pages each; a scan of the whole index for each reads thousands.
        expect((plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0)).toBeLessThan(1_000);
      } finally {
        await session.end();
      }
    },
  );

  it("refuses new clicks when the queue is full instead of growing without bound", async () => {
    const { shortCode } = await liveCampaignWithLink(t);
    const ids = await linkIds(shortCode);
    const recorder = createClickRecorder(t.database, createLogger("silent"), { maxQueue: 2 });
    const settled = await Promise.allSettled([0, 1, 2].map((index) => recorder.record(click(ids, `q${index}`))));
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
  });
});
