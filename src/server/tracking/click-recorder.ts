import type { ClickReason, ClickVerdict } from "../../core/vocabulary.js";
import { clickVerdict } from "../../core/vocabulary.js";
import type { DatabaseHandle } from "../db/client.js";
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
  network: string | null;
  asn: number | null;
  rulesVersion: number;
  /** Why the rules treated the visit as they did, beyond its verdict; most clicks have none. */
  reasons: readonly ClickReason[];
  /** The request's own facts (request-facts.ts) as JSON text, stored as `jsonb`. */
  request: string | null;
  /**
   * The places a counted candidate takes in its network's count on its link, shared between instances
   * (`SharedNetworkLimit`): 0 for the network's first visit to the link at this instance, 2 for its second, 1 after.
   */
  places: number;
};

/** What the database made of a click: a counted click has its event id. */
export type RecordedClick =
  | { verdict: typeof clickVerdict.counted; id: number }
  | { verdict: Exclude<ClickVerdict, typeof clickVerdict.counted> };

type Pending = {
  click: ClickInput;
  /** Whether a request waits for this click's batch to commit (a counted candidate's and a challenged visit's do). */
  awaited: boolean;
  resolve: (result: RecordedClick) => void;
  reject: (error: Error) => void;
};

const ignore = () => {};

export class ClickRecorderOverloadedError extends Error {
  override name = "ClickRecorderOverloadedError";
}

/** A batch the database did not answer in time: it may still commit, so its clicks are not written again. */
export class ClickBatchTimeoutError extends Error {
  override name = "ClickBatchTimeoutError";
}

/**
 * One batch in one statement: `record_click_batch` (migrations 0008, 0029, 0031, 0041 to 0043, ADR 010) inserts the counted
 * candidates with ON CONFLICT DO NOTHING on the partial unique index, so the database decides duplicates even across
 * server instances, inserts the rest with their verdicts and reasons, and moves the counters by aggregate, counting
 * only while the campaign is live.
 */
const batchStatement =
  "select * from record_click_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)";

type ResultRow = {
  kind: typeof clickVerdict.counted | typeof clickVerdict.challenged | "live";
  id: string | null;
  ref: string;
  ip_hash: string | null;
};

/** The network limit held in the database across instances: counted clicks per link and network within the window. */
export type SharedNetworkLimit = { limit: number; windowMs: number };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Marks all but the first candidate per (campaign, address) in a batch as duplicates; sorts for a stable lock order. */
function prepareBatch(batch: Pending[]): Pending[] {
  const sorted = [...batch].sort(
    (a, b) =>
      byText(a.click.campaignId, b.click.campaignId) ||
      byText(a.click.ipHash, b.click.ipHash) ||
      byText(a.click.trackingLinkId, b.click.trackingLinkId),
  );
  const seen = new Set<string>();
  for (const pending of sorted) {
    if (pending.click.verdict !== clickVerdict.counted) continue;
    const key = `${pending.click.campaignId}|${pending.click.ipHash}`;
    if (seen.has(key)) pending.click = { ...pending.click, verdict: clickVerdict.duplicate };
    else seen.add(key);
  }
  return sorted;
}

/**
 * The batch's request facts as one JSON array (null for a click without), for `record_click_batch`'s `requests`: each
 * click's facts are JSON already, so this joins them rather than escaping each into a text array.
 */
export const requestsParam = (clicks: readonly Pick<ClickInput, "request">[]) =>
  `[${clicks.map((click) => click.request ?? "null").join(",")}]`;

async function writeBatch(
  database: DatabaseHandle,
  batch: Pending[],
  networkLimit: SharedNetworkLimit | undefined,
): Promise<Array<RecordedClick>> {
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
      column("network"),
      column("asn"),
      column("rulesVersion"),
      clicks.map((click) => (click.reasons.length === 0 ? null : click.reasons.join(","))),
      requestsParam(clicks),
      // Most batches ask for no place (one visit per network): none is sent then, and none is taken.
      clicks.some((click) => click.places > 0) ? column("places") : null,
      networkLimit?.limit ?? 0,
      Math.round((networkLimit?.windowMs ?? 0) / 1000),
    ],
    "click-batch",
  );
  const counted = new Map<string, number>();
  const overLimit = new Set<string>();
  const live = new Set<string>();
  for (const row of rows) {
    if (row.kind === clickVerdict.counted) counted.set(`${row.ref}|${row.ip_hash}`, Number(row.id));
    else if (row.kind === clickVerdict.challenged) overLimit.add(`${row.ref}|${row.ip_hash}`);
    else live.add(row.ref);
  }
  return clicks.map((click): RecordedClick => {
    if (click.verdict !== clickVerdict.counted) return { verdict: click.verdict };
    const key = `${click.trackingLinkId}|${click.ipHash}`;
    const id = counted.get(key);
    if (id !== undefined) return { verdict: clickVerdict.counted, id };
    if (overLimit.has(key)) return { verdict: clickVerdict.challenged };
    // A candidate that did not count lost to an earlier click from its address, or its campaign was no longer live.
    return { verdict: live.has(click.campaignId) ? clickVerdict.duplicate : clickVerdict.inactive };
  });
}

export type ClickRecorderOptions = {
  maxBatch?: number;
  /** How long clicks that nobody waits for may wait for more (a counted candidate takes them along at once). */
  lingerMs?: number;
  maxQueue?: number;
  flushTimeoutMs?: number;
  /** Called after a batch commits, with the campaigns whose counted clicks moved. */
  onCounted?: (campaignIds: string[]) => void;
  /** Called after a batch commits, with its size, the seconds its statement took and what each click became. */
  onCommitted?: (size: number, seconds: number, results: readonly RecordedClick[]) => void;
  /**
   * Several instances on one PostgreSQL: the network limit is held in the database, where a counted candidate past it
   * is recorded challenged instead (migration 0041). One instance holds it in memory (fraud/monitor.ts).
   */
  networkLimit?: SharedNetworkLimit;
};

/**
 * Group commit for clicks: the clicks that arrive while one batch is being written form the next batch, each
 * batch one statement in one transaction, and each click's promise settles only after its batch committed.
 * Clicks that nobody waits for (every verdict but a counted candidate and a challenged visit) wait up to `lingerMs`
 * for a batch, so a stream of repeats costs a few statements a second, not one per turn (ADR 033).
 * A failed batch is retried in halves so one bad row cannot fail its neighbours; a timed-out one is not retried.
 */
export function createClickRecorder(database: DatabaseHandle, log: Logger, options: ClickRecorderOptions = {}) {
  const maxBatch = options.maxBatch ?? 2_000;
  const lingerMs = options.lingerMs ?? 50;
  const maxQueue = options.maxQueue ?? 50_000;
  const flushTimeoutMs = options.flushTimeoutMs ?? 15_000;
  const queue: Pending[] = [];
  /** Queued clicks whose requests wait for their batch. */
  let awaited = 0;
  let flushing: Promise<void> | undefined;
  let lingering: NodeJS.Timeout | undefined;

  const withTimeout = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ClickBatchTimeoutError("click batch timed out")), flushTimeoutMs);
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

  /** Resolves a committed batch's clicks (their pages are written when this thread is next free). */
  const settle = (batch: Pending[], results: RecordedClick[]) => {
    for (const [index, pending] of batch.entries()) pending.resolve(results[index] as RecordedClick);
    const moved = new Set(
      batch.filter((_, index) => results[index]?.verdict === clickVerdict.counted).map((p) => p.click.campaignId),
    );
    if (moved.size > 0) options.onCounted?.([...moved]);
  };

  /** Writes a batch; never rejects: a failure comes back as the error. */
  const write = (batch: Pending[]): Promise<RecordedClick[] | Error> => {
    const started = performance.now();
    return withTimeout(writeBatch(database, batch, options.networkLimit)).then(
      (results) => {
        options.onCommitted?.(batch.length, (performance.now() - started) / 1000, results);
        return results;
      },
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  };

  /**
   * A failed batch is retried in halves, so one bad row cannot fail its neighbours. A batch that timed out is not:
   * it may still commit, and writing its clicks again would store them twice and answer a counted click "duplicate".
   */
  const failed = async (batch: Pending[], error: Error): Promise<void> => {
    if (error instanceof ClickBatchTimeoutError) {
      log.error({ err: error, size: batch.length }, "click batch timed out; its clicks are not written again");
      for (const pending of batch) pending.reject(error);
      return;
    }
    if (batch.length === 1) {
      log.error({ err: error, click: batch[0]?.click.trackingLinkId }, "click could not be recorded");
      batch[0]?.reject(error);
      return;
    }
    log.warn({ err: error, size: batch.length }, "click batch failed; retrying in halves");
    const middle = Math.ceil(batch.length / 2);
    for (const half of [batch.slice(0, middle), batch.slice(middle)]) {
      const outcome = await write(half);
      if (outcome instanceof Error) await failed(half, outcome);
      else settle(half, outcome);
    }
  };

  const takeBatch = () => {
    const batch = queue.splice(0, maxBatch);
    for (const pending of batch) if (pending.awaited) awaited--;
    return prepareBatch(batch);
  };
  /** The next batch when it is due: a request waits for one of its clicks, or a batch is full. */
  const nextBatch = () => (awaited > 0 || queue.length >= maxBatch ? takeBatch() : undefined);

  /**
   * The embedded database works on this thread: after a batch, its pages are written and the requests that arrived
   * meanwhile are parsed (one turn of the event loop) before the next batch is taken. PostgreSQL works in its own
   * process: the next batch is taken as soon as the previous one committed and goes out as this thread finishes
   * writing the committed batch's pages (the pool hands over its connection on the next tick). Sending it ahead of
   * those pages was measured too: a third less wait per batch, but smaller batches and no more clicks a second (ADR 010).
   */
  const overlap = database.kind === "postgres";
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** Writes batches while they are due; the first one whatever it holds (the linger is over, or a request waits). */
  const flush = async () => {
    // The clicks recorded in this same turn join the first batch.
    await (overlap ? Promise.resolve() : nextTurn());
    let batch = queue.length > 0 ? takeBatch() : undefined;
    let written = batch && write(batch);
    while (batch && written) {
      const outcome = await written;
      const done = batch;
      if (outcome instanceof Error) {
        await failed(done, outcome);
      } else if (overlap) {
        batch = nextBatch();
        written = batch && write(batch);
        settle(done, outcome);
        continue;
      } else {
        settle(done, outcome);
        await nextTurn();
      }
      batch = nextBatch();
      written = batch && write(batch);
    }
    flushing = undefined;
    // What is left waits for nobody: it lingers for more.
    if (queue.length > 0) linger();
  };

  const flushNow = () => {
    clearTimeout(lingering);
    lingering = undefined;
    flushing ??= flush();
  };
  const linger = () => {
    if (flushing || lingering) return;
    lingering = setTimeout(flushNow, lingerMs);
  };

  const record = (click: ClickInput): Promise<RecordedClick> => {
    if (queue.length >= maxQueue) return Promise.reject(new ClickRecorderOverloadedError("Too many clicks queued"));
    return new Promise<RecordedClick>((resolve, reject) => {
      queue.push({ click, awaited: true, resolve, reject });
      awaited++;
      flushNow();
    });
  };

  return {
    /** Queues a click and resolves once its batch committed, with its id and the verdict the database decided. */
    record,
    /**
     * Queues a click that needs no answer from the database (a verdict other than a counted candidate or a challenged
     * visit): it is written with the next batch, and a failure is logged, not returned.
     */
    recordLater(click: ClickInput): void {
      if (queue.length >= maxQueue) {
        log.warn({ verdict: click.verdict }, "click dropped: queue full");
        return;
      }
      // A failure is logged where the batch fails; nothing waits for this click.
      queue.push({ click, awaited: false, resolve: ignore, reject: ignore });
      if (queue.length >= maxBatch) flushNow();
      else linger();
    },
    /** Writes every queued click now and waits for it (shutdown, tests). */
    async drain(): Promise<void> {
      while (flushing || queue.length > 0) {
        if (!flushing) flushNow();
        await flushing;
      }
    },
    /** Clicks waiting for a batch, for tests. */
    get queued() {
      return queue.length;
    },
  };
}

export type ClickRecorder = ReturnType<typeof createClickRecorder>;
