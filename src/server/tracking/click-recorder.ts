import type { DatabaseHandle } from "../db/client.js";
import type { ClickVerdict } from "../db/schema.js";
import type { Logger } from "../logger.js";

/** A click to store. `counted` means "counts unless this address already counted for the campaign". */
export type ClickInput = {
  trackingLinkId: string;
  campaignId: string;
  promoterId: string;
  verdict: ClickVerdict;
  ip: string | null;
  ipHash: string;
  userAgent: string | null;
  country: string | null;
  referrer: string | null;
  fingerprint: string | null;
};

export type RecordedClick = { id: number; verdict: ClickVerdict };

type Pending = { click: ClickInput; resolve: (result: RecordedClick) => void; reject: (error: Error) => void };

export class ClickRecorderOverloadedError extends Error {
  override name = "ClickRecorderOverloadedError";
}

/**
 * One statement per batch: counted candidates are inserted with ON CONFLICT DO NOTHING on the partial unique
 * index (campaign, ip hash), so the database decides duplicates even across server instances; the losers and
 * every other verdict are inserted as they are; counters move by aggregate over the rows actually counted.
 * The batch first locks the rows of the campaigns it counts for, in id order, and counts only while they are live:
 * finalizing a campaign locks the same row, so no click counts after a campaign's result is fixed.
 */
const batchStatement = `
with input as (
  select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
    as t(tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint)
),
live as (
  select id from campaigns
  where id in (select campaign_id from input where verdict = 'counted')
    and status = 'active' and is_public and ends_at > now()
  order by id
  for no key update
),
counted as (
  insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint)
  select tracking_link_id, campaign_id, promoter_id, 'counted', ip, ip_hash, user_agent, country, referrer, fingerprint
  from input where verdict = 'counted' and campaign_id in (select id from live)
  on conflict (campaign_id, ip_hash) where verdict = 'counted' do nothing
  returning id, tracking_link_id, campaign_id, promoter_id, ip_hash
),
others as (
  insert into click_events (tracking_link_id, campaign_id, promoter_id, verdict, ip, ip_hash, user_agent, country, referrer, fingerprint)
  select i.tracking_link_id, i.campaign_id, i.promoter_id,
         case when i.verdict <> 'counted' then i.verdict
              when i.campaign_id in (select id from live) then 'duplicate'
              else 'inactive' end,
         i.ip, i.ip_hash, i.user_agent, i.country, i.referrer, i.fingerprint
  from input i
  where i.verdict <> 'counted'
     or not exists (select 1 from counted c where c.campaign_id = i.campaign_id and c.ip_hash = i.ip_hash)
  returning id, verdict, tracking_link_id, ip_hash, user_agent
),
bump_links as (
  update tracking_links tl set total_clicks = tl.total_clicks + x.n
  from (select tracking_link_id, count(*)::int as n from counted group by tracking_link_id) x
  where tl.id = x.tracking_link_id returning tl.id
),
bump_promoters as (
  update promoters p set total_clicks_all_time = p.total_clicks_all_time + x.n
  from (select promoter_id, count(*)::int as n from counted group by promoter_id) x
  where p.id = x.promoter_id returning p.id
),
bump_campaigns as (
  update campaigns c set total_clicks = c.total_clicks + x.n
  from (select campaign_id, count(*)::int as n from counted group by campaign_id) x
  where c.id = x.campaign_id returning c.id
)
select 'counted' as verdict, id, tracking_link_id, ip_hash, null as user_agent from counted
union all
select verdict, id, tracking_link_id, ip_hash, user_agent from others`;

type ResultRow = {
  verdict: ClickVerdict;
  id: string | number;
  tracking_link_id: string;
  ip_hash: string;
  user_agent: string | null;
};

const otherKey = (verdict: string, linkId: string, ipHash: string, userAgent: string | null) =>
  `${verdict}|${linkId}|${ipHash}|${userAgent ?? ""}`;

/** Marks all but the first candidate per (campaign, address) in a batch as duplicates; sorts for a stable lock order. */
function prepareBatch(batch: Pending[]): Pending[] {
  const sorted = [...batch].sort(
    (a, b) =>
      a.click.campaignId.localeCompare(b.click.campaignId) ||
      a.click.trackingLinkId.localeCompare(b.click.trackingLinkId) ||
      a.click.ipHash.localeCompare(b.click.ipHash),
  );
  const seen = new Set<string>();
  for (const pending of sorted) {
    if (pending.click.verdict !== "counted") continue;
    const key = `${pending.click.campaignId}|${pending.click.ipHash}`;
    if (seen.has(key)) pending.click = { ...pending.click, verdict: "duplicate" };
    else seen.add(key);
  }
  return sorted;
}

async function writeBatch(database: DatabaseHandle, batch: Pending[]): Promise<Array<RecordedClick>> {
  const clicks = batch.map((pending) => pending.click);
  const column = <K extends keyof ClickInput>(key: K) => clicks.map((click) => click[key]);
  const rows = await database.rawQuery<ResultRow>(
    batchStatement,
    [
      column("trackingLinkId"),
      column("campaignId"),
      column("promoterId"),
      column("verdict"),
      column("ip"),
      column("ipHash"),
      column("userAgent"),
      column("country"),
      column("referrer"),
      column("fingerprint"),
    ],
    "click-batch",
  );
  const counted = new Map<string, number>();
  const others = new Map<string, number[]>();
  for (const row of rows) {
    if (row.verdict === "counted") counted.set(`${row.tracking_link_id}|${row.ip_hash}`, Number(row.id));
    else {
      const key = otherKey(row.verdict, row.tracking_link_id, row.ip_hash, row.user_agent);
      others.set(key, [...(others.get(key) ?? []), Number(row.id)]);
    }
  }
  return clicks.map((click) => {
    if (click.verdict === "counted") {
      const id = counted.get(`${click.trackingLinkId}|${click.ipHash}`);
      if (id !== undefined) return { id, verdict: "counted" as const };
    }
    // A counted candidate that did not count lost to an earlier click from its address, or its campaign ended.
    const candidates: ClickVerdict[] = click.verdict === "counted" ? ["duplicate", "inactive"] : [click.verdict];
    for (const verdict of candidates) {
      const id = others.get(otherKey(verdict, click.trackingLinkId, click.ipHash, click.userAgent))?.shift();
      if (id !== undefined) return { id, verdict };
    }
    throw new Error("click missing from its batch's result");
  });
}

export type ClickRecorderOptions = {
  maxBatch?: number;
  maxQueue?: number;
  flushTimeoutMs?: number;
  /** Called after a batch commits, with the campaigns whose counted clicks moved. */
  onCounted?: (campaignIds: string[]) => void;
};

/**
 * Group commit for clicks: the clicks that arrive while one batch is being written form the next batch, each
 * batch one statement in one transaction, and each click's promise settles only after its batch committed.
 * A failed batch is retried in halves so one bad row cannot fail its neighbours.
 */
export function createClickRecorder(database: DatabaseHandle, log: Logger, options: ClickRecorderOptions = {}) {
  const maxBatch = options.maxBatch ?? 2_000;
  const maxQueue = options.maxQueue ?? 50_000;
  const flushTimeoutMs = options.flushTimeoutMs ?? 15_000;
  const queue: Pending[] = [];
  let flushing: Promise<void> | undefined;

  const withTimeout = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("click batch timed out")), flushTimeoutMs);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

  const writeWithRetry = async (batch: Pending[]): Promise<void> => {
    try {
      const results = await withTimeout(writeBatch(database, batch));
      for (const [index, pending] of batch.entries()) pending.resolve(results[index] as RecordedClick);
      const moved = new Set(
        batch.filter((_, index) => results[index]?.verdict === "counted").map((p) => p.click.campaignId),
      );
      if (moved.size > 0) options.onCounted?.([...moved]);
    } catch (error) {
      if (batch.length === 1) {
        log.error({ err: error, click: batch[0]?.click.trackingLinkId }, "click could not be recorded");
        batch[0]?.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      log.warn({ err: error, size: batch.length }, "click batch failed; retrying in halves");
      const middle = Math.ceil(batch.length / 2);
      await writeWithRetry(batch.slice(0, middle));
      await writeWithRetry(batch.slice(middle));
    }
  };

  /**
   * Before taking a batch. The embedded database works on this thread, so the requests that arrived during a write
   * are parsed first and join the batch. PostgreSQL works in its own process: the next batch leaves at once with what
   * has queued, so the database writes while this thread answers and parses requests, instead of taking turns.
   */
  const beforeBatch =
    database.kind === "pglite" ? () => new Promise<void>((resolve) => setImmediate(resolve)) : () => Promise.resolve();

  const flush = async () => {
    await beforeBatch();
    while (queue.length > 0) {
      const batch = prepareBatch(queue.splice(0, maxBatch));
      await writeWithRetry(batch);
      await beforeBatch();
    }
    flushing = undefined;
  };

  return {
    record(click: ClickInput): Promise<RecordedClick> {
      if (queue.length >= maxQueue) return Promise.reject(new ClickRecorderOverloadedError("Too many clicks queued"));
      return new Promise<RecordedClick>((resolve, reject) => {
        queue.push({ click, resolve, reject });
        flushing ??= flush();
      });
    },
    /** Waits for every queued click to be written (shutdown). */
    async drain(): Promise<void> {
      while (flushing) await flushing;
    },
    /** Clicks waiting for a batch, for tests. */
    get queued() {
      return queue.length;
    },
  };
}

export type ClickRecorder = ReturnType<typeof createClickRecorder>;
