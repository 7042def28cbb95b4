import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";

/**
 * A count every instance adds to: a device fingerprint's clicks, a tracking link's clicks from one country, or a
 * tracking link's counted clicks from one network.
 */
export type SignalKey = { kind: "fingerprint" | "geo" | "network"; subject: string; detail: string };

const totalRow = z.object({
  kind: z.enum(["fingerprint", "geo", "network"]),
  subject: z.string(),
  detail: z.string(),
  count: column.number,
});

/** Per kind of key, the total above which a key matters (a flag may follow); totals at or below it are not read. */
export type SignalThresholds = Readonly<Record<SignalKey["kind"], number>>;

/**
 * Adds counts to the shared totals, in one statement for any number of keys, and reads back the totals over their
 * kind's threshold: almost every key of a busy link is under it, and reading (and parsing) thousands of rows that
 * decide nothing stalled the click path's event loop for tens of milliseconds. A window restarts from its own first
 * click once its hour has passed.
 */
export const addSignalCounts = (db: Database, keys: SignalKey[], counts: number[], over: SignalThresholds) =>
  queryParsed(
    db,
    totalRow,
    sql`with added as (
          insert into signal_counts (kind, subject, detail, window_start, count)
          select k, s, d, now(), c
          from unnest(${sql.param(keys.map((key) => key.kind))}::text[], ${sql.param(keys.map((key) => key.subject))}::text[],
            ${sql.param(keys.map((key) => key.detail))}::text[], ${sql.param(counts)}::int[]) as t(k, s, d, c)
          on conflict (kind, subject, detail) do update set
            window_start = case when signal_counts.window_start <= now() - interval '1 hour'
              then now() else signal_counts.window_start end,
            count = case when signal_counts.window_start <= now() - interval '1 hour'
              then excluded.count else signal_counts.count + excluded.count end
          returning kind, subject, detail, count
        )
        select kind, subject, detail, count from added
        where count > case kind when 'fingerprint' then ${over.fingerprint}::int when 'geo' then ${over.geo}::int
                                else ${over.network}::int end`,
  );

const countriesRow = z.object({ subject: z.string(), countries: z.array(z.string()) });

/** Per link, the countries with more than `clicksPerCountry` clicks in their current hour, across every instance. */
export const sharedCountriesOverThreshold = (db: Database, linkIds: string[], clicksPerCountry: number) =>
  queryParsed(
    db,
    countriesRow,
    sql`select subject, array_agg(detail order by detail) as countries
        from signal_counts
        where kind = 'geo' and subject = any(${sql.param(linkIds)}::text[]) and count > ${clicksPerCountry}
          and window_start > now() - interval '1 hour'
        group by subject`,
  );

/** Shared signal counts whose window ended an hour ago go (a background job). */
export const pruneSignalCounts = (db: Database) =>
  db.execute(sql`delete from signal_counts where window_start < now() - interval '2 hours'`);

/**
 * With this instance's own count of a key, the clicks to share for the latest one: none below `from` (most networks
 * and devices give a link one or two visits, and sharing each would cost a row per visit), all held back at `from`,
 * then each. An instance holds back at most `from - 1` clicks of a key, so a shared threshold is crossed at most that
 * many clicks per instance late.
 */
export const toShare = (localCount: number, from: number) => (localCount < from ? 0 : localCount === from ? from : 1);

const signalId = (key: SignalKey) => `${key.kind}\n${key.subject}\n${key.detail}`;

/** How long an instance gathers its counts before adding them to the shared totals. */
const SHARE_EVERY_MS = 2_000;
/** An instance with this many keys waiting adds them at once (a viral link draws many fingerprints). */
const SHARE_AT_KEYS = 10_000;
/**
 * Keys added by one statement: its parameters are serialized in one go on the event loop (about 3 ms per thousand
 * keys), so a share of thousands is several statements, between which clicks are answered.
 */
const KEYS_PER_STATEMENT = 1_000;

/**
 * Gathers this instance's counts per key and adds them to the shared totals every couple of seconds, off the click
 * path: `onTotals` hears each key whose new total is over its kind's threshold (`over`), with that total, what it
 * added and the payload of its latest click. No timer runs while nothing waits.
 */
export function createSignalSharing<Payload>(
  db: Database,
  over: SignalThresholds,
  onTotals: (totals: Array<{ key: SignalKey; total: number; added: number; payload: Payload }>) => Promise<void>,
  onError: (error: unknown) => void,
) {
  let waiting = new Map<string, { key: SignalKey; count: number; payload: Payload }>();
  let timer: NodeJS.Timeout | undefined;
  let sharing: Promise<void> = Promise.resolve();

  const share = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...waiting.values()];
    waiting = new Map();
    if (batch.length === 0) return sharing;
    sharing = sharing.then(async () => {
      for (let start = 0; start < batch.length; start += KEYS_PER_STATEMENT) {
        const part = batch.slice(start, start + KEYS_PER_STATEMENT);
        try {
          const rows = await addSignalCounts(
            db,
            part.map((entry) => entry.key),
            part.map((entry) => entry.count),
            over,
          );
          if (rows.length === 0) continue;
          const entries = new Map(part.map((entry) => [signalId(entry.key), entry]));
          await onTotals(
            rows.flatMap((row) => {
              const entry = entries.get(signalId(row));
              return entry ? [{ key: entry.key, total: row.count, added: entry.count, payload: entry.payload }] : [];
            }),
          );
        } catch (error) {
          onError(error);
        }
      }
    });
    return sharing;
  };

  return {
    /**
     * Counts `clicks` (one by default) for `key`; `toShare` says how many when small counts are held back.
     */
    add(key: SignalKey, payload: Payload, clicks = 1) {
      const id = signalId(key);
      const entry = waiting.get(id);
      if (entry) {
        entry.count += clicks;
        entry.payload = payload;
      } else waiting.set(id, { key, count: clicks, payload });
      if (waiting.size >= SHARE_AT_KEYS) void share();
      else if (!timer) timer = setTimeout(share, SHARE_EVERY_MS).unref();
    },
    /** Adds what waits now and resolves when every addition so far is done. */
    flush: () => share(),
  };
}
