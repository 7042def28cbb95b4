import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type ClickReason, clickReason, flagType } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { suspiciousActivity } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { isBotUserAgent } from "./click-signals.js";
import { evictOldest } from "./evict-oldest.js";
import { fraudRules } from "./fraud-rules.js";
import type { NetworkInfo } from "./networks.js";
import { createSignalSharing, pruneSignalCounts, sharedCountriesOverThreshold, toShare } from "./shared-signals.js";

/**
 * A device's clicks are shared from its 10th on this instance (its flag is at 100), a network's counted clicks on a link
 * from the 2nd (its limit is 10): a viral link's one-visit devices and networks add no shared rows (toShare).
 */
const SHARE_FINGERPRINT_FROM = 10;
const SHARE_NETWORK_FROM = 2;

/** What the address's counts decide for a visit: over the rate limit, and why it must be challenged (if it must). */
export type AddressDecision = { rateLimited: boolean; challenge: readonly ClickReason[] };

/** No reasons: almost every visit's. */
export const noReasons: readonly ClickReason[] = Object.freeze([]);
const busyAddress: readonly ClickReason[] = Object.freeze([clickReason.address_burst]);

/** Why a visit must solve a proof-of-work first: none for almost every visit, so nothing is allocated then. */
function challengeReasons(burst: boolean, flagged: boolean): readonly ClickReason[] {
  if (!burst && !flagged) return noReasons;
  const reasons: ClickReason[] = [];
  if (burst) reasons.push(clickReason.address_burst);
  if (flagged) reasons.push(clickReason.address_flagged);
  return reasons;
}

/**
 * Fixed-window counters in memory, at most `maxKeys` keys: a new key beyond that evicts the oldest-started windows
 * first (a Map iterates in insertion order, and a restarted window is re-inserted), so each hit costs O(1) however
 * many distinct addresses a viral link draws.
 */
export class WindowCounter {
  private readonly counts = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}
  hit(key: string, now: number): number {
    const entry = this.counts.get(key);
    if (entry && now - entry.start < this.windowMs) {
      entry.count++;
      return entry.count;
    }
    if (entry) this.counts.delete(key);
    else if (this.counts.size >= this.maxKeys) evictOldest(this.counts, this.maxKeys);
    this.counts.set(key, { start: now, count: 1 });
    return 1;
  }
  /** Takes back one hit of `key` (one that turned out not to happen), if its window is still open. */
  release(key: string, now: number) {
    const entry = this.counts.get(key);
    if (entry && now - entry.start < this.windowMs && entry.count > 0) entry.count--;
  }
  /** Drops `key`'s window: its next hit starts a new one. */
  forget(key: string) {
    this.counts.delete(key);
  }
  /** Whether `key` was hit within the window, without counting a hit. */
  seen(key: string, now: number): boolean {
    const entry = this.counts.get(key);
    return entry !== undefined && now - entry.start < this.windowMs;
  }
  get size() {
    return this.counts.size;
  }
}

/**
 * An address's clicks in the last minute (the rate limit) and in the last five minutes (the burst flag), in one entry
 * per address: one lookup per click for both. Bounded and evicted like `WindowCounter`, by the five-minute window.
 */
export class AddressCounter {
  private readonly counts = new Map<
    string,
    { minuteStart: number; minute: number; burstStart: number; burst: number; unsynced: number }
  >();
  constructor(private readonly maxKeys = 100_000) {}
  hit(address: string, now: number): { minute: number; burst: number } {
    let entry = this.counts.get(address);
    if (!entry) {
      if (this.counts.size >= this.maxKeys) evictOldest(this.counts, this.maxKeys);
      entry = { minuteStart: now, minute: 0, burstStart: now, burst: 0, unsynced: 0 };
      this.counts.set(address, entry);
    } else if (now - entry.burstStart >= fraudRules.ipBurst.windowMs) {
      // A restarted five-minute window goes to the back of the eviction order.
      entry.burstStart = now;
      entry.burst = 0;
      this.counts.delete(address);
      this.counts.set(address, entry);
    }
    if (now - entry.minuteStart >= fraudRules.rateLimit.windowMs) {
      entry.minuteStart = now;
      entry.minute = 0;
    }
    entry.minute++;
    entry.burst++;
    entry.unsynced++;
    return entry;
  }
  /** The address's clicks not yet added to the shared counts. */
  unsynced(address: string): number {
    return this.counts.get(address)?.unsynced ?? 0;
  }
  /** The address's clicks not yet added to the shared counts, now handed over. */
  takeUnsynced(address: string): number {
    const entry = this.counts.get(address);
    const unsynced = entry?.unsynced ?? 0;
    if (entry) entry.unsynced = 0;
    return unsynced;
  }
  get size() {
    return this.counts.size;
  }
}

/**
 * Per link, the countries that crossed the geo threshold within the last `windowMs`, each with when it crossed: a
 * crossing older than the window no longer counts, and at most `maxKeys` links are kept (oldest dropped first).
 */
export class CountryCrossings {
  private readonly links = new Map<string, Map<string, number>>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}
  /** Records that `country` crossed on `linkId` at `now`; returns the link's countries still within the window. */
  record(linkId: string, country: string, now: number): string[] {
    let countries = this.links.get(linkId);
    if (!countries) {
      if (this.links.size >= this.maxKeys) evictOldest(this.links, this.maxKeys);
      countries = new Map();
      this.links.set(linkId, countries);
    }
    for (const [known, crossedAt] of countries) if (now - crossedAt >= this.windowMs) countries.delete(known);
    countries.delete(country);
    countries.set(country, now);
    return [...countries.keys()];
  }
  get size() {
    return this.links.size;
  }
}

type ClickObservationFields = {
  campaignId: string;
  trackingLinkId: string;
  ip: string;
  ipHash: string;
  fingerprint: string;
  country: string;
  userAgent: string;
  bot: boolean;
  network: NetworkInfo;
};

/**
 * A click as the monitor sees it, with the keys its counts are kept under. Each key is built once per click, when first
 * needed: a key built anew is a new string, which every map it is looked up in hashes again (ADR 033 cut 8).
 */
export class ClickObservation {
  readonly campaignId: string;
  readonly trackingLinkId: string;
  readonly ip: string;
  readonly ipHash: string;
  readonly fingerprint: string;
  readonly country: string;
  readonly userAgent: string;
  readonly bot: boolean;
  readonly network: NetworkInfo;
  #linkNetwork: string | undefined;
  #linkAddress: string | undefined;
  #campaignNetwork: string | undefined;
  constructor(fields: ClickObservationFields) {
    this.campaignId = fields.campaignId;
    this.trackingLinkId = fields.trackingLinkId;
    this.ip = fields.ip;
    this.ipHash = fields.ipHash;
    this.fingerprint = fields.fingerprint;
    this.country = fields.country;
    this.userAgent = fields.userAgent;
    this.bot = fields.bot;
    this.network = fields.network;
  }
  /** The link's counted clicks from the click's network are kept under this key. */
  get linkNetwork(): string {
    this.#linkNetwork ??= `${this.trackingLinkId}\n${this.network.network}`;
    return this.#linkNetwork;
  }
  /** The link's visits from the click's address waiting for the database are kept under this key. */
  get linkAddress(): string {
    this.#linkAddress ??= `${this.trackingLinkId}\n${this.ipHash}`;
    return this.#linkAddress;
  }
  /** A network challenged on the campaign is kept under this key. */
  get campaignNetwork(): string {
    this.#campaignNetwork ??= `${this.campaignId}\n${this.network.network}`;
    return this.#campaignNetwork;
  }
}

/**
 * What a bot flag says of its request. A visit is a bot by its user agent or by being a HEAD request (a link checker's
 * or a preview's first look); when the user agent is a browser's, it was the HEAD, and the flag says so.
 */
export function botFlagDetails(userAgent: string): string {
  const agent = userAgent.slice(0, 200);
  if (agent.trim() === "") return "Bot or link preview: (no user agent)";
  return isBotUserAgent(userAgent)
    ? `Bot or link preview: ${agent}`
    : `HEAD request (a link check, not a visit) from a browser's user agent: ${agent}`;
}

/** The click a flag is about. */
const flagged = (click: ClickObservation) => ({
  campaignId: click.campaignId,
  trackingLinkId: click.trackingLinkId,
  ipHash: click.ipHash,
});

/** How often a busy address's clicks that cannot count are added to the shared totals (they wait for nothing). */
const SHARE_EVERY_MS = 1_000;

const sharedRow = z.object({
  ip_hash: z.string(),
  minute: column.number,
  burst: column.number,
  flagged: column.boolean,
});
type SharedTotals = { minute: number; burst: number; flagged: boolean };

/**
 * Adds addresses' unshared clicks to the counts every instance shares and reads the totals back, in one statement for
 * any number of addresses; each window restarts when it has passed, from its own first click (not the clock minute).
 */
const shareClicks = (db: Database, ipHashes: string[], clicks: number[]) =>
  queryParsed(
    db,
    sharedRow,
    sql`insert into address_clicks (ip_hash, minute_start, minute_count, burst_start, burst_count)
        select h, now(), c, now(), c
        from unnest(${sql.param(ipHashes)}::text[], ${sql.param(clicks)}::int[]) as t(h, c)
        on conflict (ip_hash) do update set
          minute_start = case when address_clicks.minute_start <= now() - interval '1 minute'
            then now() else address_clicks.minute_start end,
          minute_count = case when address_clicks.minute_start <= now() - interval '1 minute'
            then excluded.minute_count else address_clicks.minute_count + excluded.minute_count end,
          burst_start = case when address_clicks.burst_start <= now() - interval '5 minutes'
            then now() else address_clicks.burst_start end,
          burst_count = case when address_clicks.burst_start <= now() - interval '5 minutes'
            then excluded.burst_count else address_clicks.burst_count + excluded.burst_count end
        returning ip_hash, minute_count as minute, burst_count as burst,
          coalesce(burst_flagged_at > now() - interval '1 hour' or limit_flagged_at > now() - interval '1 hour', false)
            as flagged`,
  );

/** How long shared counts that no answer waits for may wait for others to go with (ADR 033). */
const SHARE_LINGER_MS = 50;

/**
 * The shared counts, group-committed like the clicks themselves: the busy clicks that arrive while a statement is out
 * go together in the next one, and counts that no answer waits for linger up to SHARE_LINGER_MS for company. Each click
 * learns the totals as they stood just after its own clicks were added, so the 1,001st click is the one over the limit
 * even inside one statement.
 */
function createSharedCounts(db: Database) {
  type Waiting = {
    ipHash: string;
    clicks: number;
    resolve: (totals: SharedTotals) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiting[] = [];
  let running = false;
  let lingering: NodeJS.Timeout | undefined;
  const run = async () => {
    clearTimeout(lingering);
    lingering = undefined;
    running = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const byAddress = new Map<string, number>();
      for (const waiting of batch) byAddress.set(waiting.ipHash, (byAddress.get(waiting.ipHash) ?? 0) + waiting.clicks);
      try {
        const rows = await shareClicks(db, [...byAddress.keys()], [...byAddress.values()]);
        const totals = new Map(rows.map((row) => [row.ip_hash, row]));
        // Walk back from the end of the batch: a click's totals leave out the clicks queued after it.
        const after = new Map<string, number>();
        for (const waiting of [...batch].reverse()) {
          const total = totals.get(waiting.ipHash);
          const later = after.get(waiting.ipHash) ?? 0;
          after.set(waiting.ipHash, later + waiting.clicks);
          if (!total) waiting.reject(new Error("shared counts missing an address"));
          else waiting.resolve({ minute: total.minute - later, burst: total.burst - later, flagged: total.flagged });
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  };
  /** Adds `clicks` to the address's shared counts; `urgent` when an answer waits for the totals. */
  return (ipHash: string, clicks: number, urgent: boolean) =>
    new Promise<SharedTotals>((resolve, reject) => {
      queue.push({ ipHash, clicks, resolve, reject });
      if (running) return;
      if (urgent) void run();
      else lingering ??= setTimeout(() => void run(), SHARE_LINGER_MS);
    });
}

/** A flag's row as the click path raises it: the columns `flagIfClaimed` writes. */
type FlagRow = Pick<
  typeof suspiciousActivity.$inferInsert,
  "type" | "severity" | "details" | "campaignId" | "trackingLinkId" | "ipHash" | "fingerprint" | "network"
>;

/** Claims an address's flag for the hour: a row for exactly one instance however many see the crossing. */
const addressClaim = (ipHash: string, kind: "burst" | "limit") => {
  const column = sql.raw(kind === "burst" ? "burst_flagged_at" : "limit_flagged_at");
  return sql`update address_clicks set ${column} = now()
    where ip_hash = ${ipHash} and (${column} is null or ${column} <= now() - interval '1 hour')
    returning ip_hash`;
};

/** Claims a flag key for the hour: a row for exactly one instance. */
const keyClaim = (key: string) =>
  sql`insert into flag_claims (key, claimed_at) values (${key}, now())
    on conflict (key) do update set claimed_at = now() where flag_claims.claimed_at <= now() - interval '1 hour'
    returning key`;

/**
 * Records the flag when this instance wins its claim, in one statement: one commit instead of two for each flag a farm
 * raises (ADR 033), and a claim is never kept without its flag.
 */
const flagIfClaimed = (db: Database, claim: SQL, row: FlagRow) =>
  db.execute(sql`with claimed as (${claim})
    insert into suspicious_activity (type, severity, details, campaign_id, tracking_link_id, ip_hash, fingerprint, network)
    select ${row.type}, ${row.severity}, ${row.details}, ${row.campaignId ?? null}::uuid,
      ${row.trackingLinkId ?? null}::uuid, ${row.ipHash ?? null}, ${row.fingerprint ?? null}, ${row.network ?? null}
    from claimed`);

/**
 * The shared counts of addresses quiet for an hour, fingerprint and country counts an hour past their window, and flag
 * claims older than an hour go (a background job).
 */
export async function pruneSharedCounts(db: Database) {
  await pruneSignalCounts(db);
  await db.execute(sql`delete from flag_claims where claimed_at < now() - interval '1 hour'`);
  await db.execute(sql`delete from address_clicks
    where burst_start < now() - interval '1 hour' and minute_start < now() - interval '1 hour'
      and coalesce(burst_flagged_at, '-infinity') < now() - interval '1 hour'
      and coalesce(limit_flagged_at, '-infinity') < now() - interval '1 hour'`);
}

const limitFlag = (click: ClickObservation) => ({
  ...flagged(click),
  type: flagType.rate_limit,
  severity: "high" as const,
  details: `More than ${fraudRules.rateLimit.max} clicks in a minute from one address: its clicks are refused`,
});
const burstFlag = (click: ClickObservation, burst: number) => ({
  ...flagged(click),
  type: flagType.rate_limit,
  severity: "medium" as const,
  details: `More than ${fraudRules.ipBurst.max} clicks in 5 minutes from one address (${burst} so far)`,
});

/**
 * Watches every click on this instance: answers whether the address is over the rate limit or must be challenged, and
 * records suspicious activity (rate_limit, bot_detection, geo_anomaly, fingerprint_abuse) once per key and window.
 * With `shared` (PostgreSQL), a busy address's counts, every fingerprint's and link-country's counts and every flag are
 * shared with the other instances (ADR 018).
 */
export function createFraudMonitor(
  db: Database,
  log: Logger,
  options: { shared?: boolean; networkClickLimit?: number } = {},
) {
  const shared = options.shared === true;
  const networkClickLimit = options.networkClickLimit ?? 10;
  const addShared = createSharedCounts(db);
  /** The shared totals this instance last heard for a busy address, and when. */
  const lastShared = new Map<string, SharedTotals & { at: number; sentAt: number }>();
  /**
   * Raises an address's burst or rate-limit flag from the shared totals: once across instances, for the hour. This
   * instance asks the database once an hour per address and kind; every later share of the address is over the
   * threshold too, and asking again each time cost a statement per share (ADR 033).
   */
  const raise = (click: ClickObservation, kind: "burst" | "limit", row: () => FlagRow, now: number) => {
    flaggedAddresses.hit(click.ipHash, now);
    const asked = kind === "burst" ? reported.burst : reported.rateLimit;
    if (asked.hit(click.ipHash, now) > 1) return;
    const write = flagIfClaimed(db, addressClaim(click.ipHash, kind), row())
      .catch((error: unknown) => {
        // Not recorded: the address's next share asks again.
        asked.forget(click.ipHash);
        log.error({ err: error }, "suspicious activity not recorded");
      })
      .finally(() => writing.delete(write));
    writing.add(write);
  };
  const perIp = new AddressCounter();
  const perFingerprint = new WindowCounter(fraudRules.fingerprint.windowMs);
  const perLinkCountry = new WindowCounter(fraudRules.geo.windowMs);
  const countriesOverThreshold = new CountryCrossings(fraudRules.geo.windowMs);
  /**
   * Flags already recorded this hour, by type: their keys are strings the click already carries. An address's burst
   * flag (medium) and its going over the rate limit (high) are recorded apart, so a burst that escalates shows as high.
   */
  const reported = {
    burst: new WindowCounter(60 * 60_000),
    rateLimit: new WindowCounter(60 * 60_000),
    bot: new WindowCounter(60 * 60_000),
    fingerprint: new WindowCounter(60 * 60_000),
    geo: new WindowCounter(60 * 60_000),
    network: new WindowCounter(60 * 60_000),
  };
  /** Counted clicks per link and network, within the network window. */
  const perLinkNetwork = new WindowCounter(fraudRules.networkWindowMs);
  /** With shared counts: counted clicks per link and network that the database confirmed, to share from the 2nd. */
  const countedPerLinkNetwork = new WindowCounter(fraudRules.networkWindowMs);
  /** Per link and address, the visits admitted by `admitFromNetwork` that wait for the database, holding one place. */
  const networkPlaces = new Map<string, { inFlight: number; counted: boolean }>();
  /** Campaigns and networks past the limit on one of the campaign's links: the network's visits are challenged. */
  const concentrated = new WindowCounter(fraudRules.networkWindowMs);

  /** Addresses flagged within the last hour (burst, rate limit, bot): their visits are challenged. */
  const flaggedAddresses = new WindowCounter(fraudRules.challengeAfterFlagMs);

  /** Flag rows being written: nothing waits for them but shutdown (and tests). */
  const writing = new Set<Promise<unknown>>();

  /** Records a flag once per key and hour; the row is built only then (a flagged address keeps clicking). */
  const report = (
    already: WindowCounter,
    dedupeKey: string,
    row: () => FlagRow,
    now: number,
    /** The address the flag is about, when it is one. */
    address?: string,
  ) => {
    if (address) flaggedAddresses.hit(address, now);
    if (already.hit(dedupeKey, now) > 1) return;
    const values = row();
    // With shared counts another instance may have raised the same flag this hour: the database says who did.
    const write = (
      shared
        ? flagIfClaimed(db, keyClaim(`${values.type}:${dedupeKey}`), values)
        : db.insert(suspiciousActivity).values(values)
    )
      .catch((error: unknown) => log.error({ err: error }, "suspicious activity not recorded"))
      .finally(() => writing.delete(write));
    writing.add(write);
  };

  const reportFingerprint = (click: ClickObservation, now: number) =>
    report(
      reported.fingerprint,
      click.fingerprint,
      () => ({
        ...flagged(click),
        fingerprint: click.fingerprint,
        type: flagType.fingerprint_abuse,
        severity: "high",
        details: `More than ${fraudRules.fingerprint.max} clicks in an hour from one device fingerprint`,
      }),
      now,
    );
  const reportGeo = (click: ClickObservation, countries: string[], now: number) =>
    report(
      reported.geo,
      click.trackingLinkId,
      () => ({
        ...flagged(click),
        type: flagType.geo_anomaly,
        severity: "medium",
        details: `One link drew more than ${fraudRules.geo.clicksPerCountry} clicks from each of ${countries.length} countries within an hour: ${countries.join(", ")}`,
      }),
      now,
    );

  /**
   * A network gave one link more counted clicks than the limit within the window: its visits to the campaign are
   * challenged from now on, and a flag names the network, the link and so its promoter (once across instances).
   */
  const concentrate = (click: ClickObservation, counted: number, now: number) => {
    const key = click.campaignNetwork;
    if (!concentrated.seen(key, now)) concentrated.hit(key, now);
    const { network, asn, org } = click.network;
    report(
      reported.network,
      key,
      () => ({
        ...flagged(click),
        network,
        type: flagType.network_concentration,
        severity: "medium",
        details: `${counted} counted clicks within an hour from one network, ${network}${asn === null ? "" : ` (AS${asn} ${org ?? ""})`.trimEnd()}, on one link; its visits to this campaign are challenged`,
      }),
      now,
    );
  };

  /**
   * With shared counts, every fingerprint's and link-country's clicks are added to the totals of all instances every
   * couple of seconds, and the flags are raised from those totals too: a device or a link's traffic spread across
   * instances crosses the same thresholds as on one.
   */
  const sharing = createSignalSharing<ClickObservation>(
    db,
    { fingerprint: fraudRules.fingerprint.max, network: networkClickLimit, geo: fraudRules.geo.clicksPerCountry },
    async (totals) => {
      const now = Date.now();
      const crossedLinks = new Map<string, ClickObservation>();
      for (const { key, total, added, payload } of totals) {
        if (key.kind === "fingerprint" && total > fraudRules.fingerprint.max) reportFingerprint(payload, now);
        if (key.kind === "network" && total > networkClickLimit) concentrate(payload, total, now);
        const threshold = fraudRules.geo.clicksPerCountry;
        if (key.kind === "geo" && total > threshold && total - added <= threshold)
          crossedLinks.set(key.subject, payload);
      }
      if (crossedLinks.size === 0) return;
      const links = await sharedCountriesOverThreshold(db, [...crossedLinks.keys()], fraudRules.geo.clicksPerCountry);
      for (const { subject, countries } of links) {
        const click = crossedLinks.get(subject);
        if (click && countries.length > fraudRules.geo.countries) reportGeo(click, countries, now);
      }
    },
    (error) => log.warn({ err: error }, "shared fingerprint and country counts not updated"),
  );

  /**
   * Adds this instance's unshared clicks from a busy address to the shared counts, decides the rate limit and the
   * challenge on the total, and raises its burst and rate-limit flags once across instances; if the database cannot
   * answer, `local` (this instance's own counts) decides.
   */
  const share = (
    click: ClickObservation,
    local: AddressDecision,
    now: number,
    urgent: boolean,
  ): Promise<AddressDecision> => {
    const clicks = Math.max(perIp.takeUnsynced(click.ip), 1);
    const decided = addShared(click.ipHash, clicks, urgent).then(
      (total) => {
        if (lastShared.size >= 100_000) lastShared.clear();
        lastShared.set(click.ipHash, { ...total, at: now, sentAt: now });
        if (total.minute > fraudRules.rateLimit.max) raise(click, "limit", () => limitFlag(click), now);
        if (total.burst > fraudRules.ipBurst.max) {
          raise(click, "burst", () => burstFlag(click, total.burst), now);
        }
        return {
          rateLimited: total.minute > fraudRules.rateLimit.max,
          challenge: challengeReasons(
            total.burst > fraudRules.challengeBurst,
            total.flagged || flaggedAddresses.seen(click.ipHash, now),
          ),
        };
      },
      (error: unknown) => {
        log.warn({ err: error }, "shared click counts unavailable; this instance's counts decide");
        return local;
      },
    );
    const settled = decided.finally(() => writing.delete(settled));
    writing.add(settled);
    return decided;
  };

  /**
   * Busy addresses whose last clicks wait for the next share: it comes within SHARE_EVERY_MS even when the address
   * stops clicking, so a burst's last clicks reach the shared totals (and its flag) too.
   */
  const pendingShares = new Map<string, () => void>();
  const shareLater = (click: ClickObservation, delayMs: number) => {
    if (pendingShares.has(click.ipHash)) return;
    const run = () => {
      clearTimeout(timer);
      pendingShares.delete(click.ipHash);
      if (perIp.unsynced(click.ip) > 0)
        void share(click, { rateLimited: false, challenge: busyAddress }, Date.now(), false);
    };
    const timer = setTimeout(run, delayMs);
    timer.unref();
    pendingShares.set(click.ipHash, run);
  };

  /**
   * The database's answer for a visit `admitFromNetwork` admitted: a counted click is shared with the other instances;
   * when none of the address's visits in flight counted (it was counted already, maybe on another instance, or the
   * write failed), the place is given back.
   */
  const networkVisitRecorded = (click: ClickObservation, counted: boolean, now = Date.now()) => {
    const visit = click.linkAddress;
    const place = networkPlaces.get(visit);
    if (!place) return;
    place.inFlight--;
    place.counted ||= counted;
    const networkShare =
      counted && shared ? toShare(countedPerLinkNetwork.hit(click.linkNetwork, now), SHARE_NETWORK_FROM) : 0;
    if (networkShare > 0) {
      sharing.add(
        { kind: "network", subject: click.trackingLinkId, detail: click.network.network },
        click,
        networkShare,
      );
    }
    if (place.inFlight > 0) return;
    networkPlaces.delete(visit);
    if (!place.counted) perLinkNetwork.release(click.linkNetwork, now);
  };

  return {
    /** Waits for the counts shared and the flags recorded so far to be written. */
    async written(): Promise<void> {
      for (const run of [...pendingShares.values()]) run();
      await sharing.flush();
      await Promise.all(writing);
    },
    /**
     * Counts the click: `rateLimited` when the address went over 1,000 clicks a minute; `challenge` names why a visit
     * from it must solve a proof-of-work before it can count (over 20 clicks in 5 minutes, flagged within the hour, or
     * a data centre's network), and is empty when it need not.
     */
    observe(click: ClickObservation, now = Date.now()): AddressDecision & { busy: boolean } {
      const { minute, burst } = perIp.hit(click.ip, now);
      const overLimit = minute > fraudRules.rateLimit.max;
      // Shared counts: the address's flags are raised by `observeShared`, once across instances.
      if (overLimit && !shared) report(reported.rateLimit, click.ipHash, () => limitFlag(click), now, click.ipHash);
      if (burst > fraudRules.ipBurst.max && !shared) {
        report(reported.burst, click.ipHash, () => burstFlag(click, burst), now, click.ipHash);
      }
      if (click.bot) {
        report(
          reported.bot,
          `${click.ipHash}:${click.userAgent}`,
          () => ({
            ...flagged(click),
            type: flagType.bot_detection,
            severity: "low",
            details: botFlagDetails(click.userAgent),
          }),
          now,
          click.ipHash,
        );
      }
      const fingerprintClicks = perFingerprint.hit(click.fingerprint, now);
      if (fingerprintClicks > fraudRules.fingerprint.max) reportFingerprint(click, now);
      const fingerprintShare = shared ? toShare(fingerprintClicks, SHARE_FINGERPRINT_FROM) : 0;
      if (fingerprintShare > 0) {
        sharing.add({ kind: "fingerprint", subject: click.fingerprint, detail: "" }, click, fingerprintShare);
      }
      if (click.country !== "Unknown") {
        const countryClicks = perLinkCountry.hit(`${click.trackingLinkId}:${click.country}`, now);
        if (countryClicks === fraudRules.geo.clicksPerCountry + 1) {
          const countries = countriesOverThreshold.record(click.trackingLinkId, click.country, now);
          if (countries.length > fraudRules.geo.countries) reportGeo(click, countries, now);
        }
        if (shared) sharing.add({ kind: "geo", subject: click.trackingLinkId, detail: click.country }, click);
      }
      return {
        rateLimited: overLimit,
        challenge: challengeReasons(burst > fraudRules.challengeBurst, flaggedAddresses.seen(click.ipHash, now)),
        busy: shared && burst > fraudRules.challengeBurst,
      };
    },
    /**
     * For a visit about to count: whether its network may still give the campaign counted clicks. The visit takes a
     * place in the network's counted clicks on the link (one place for an address's visits in flight together);
     * past the limit, this visit and the network's next ones are challenged (null). `networkVisitRecorded` says whether
     * the place was used. Admitted, it returns the places the visit takes in the count shared between instances
     * (click-recorder.ts): none for the network's first visit to the link here, two for its second (the first's too),
     * one after; so organic traffic, one visit per network, asks the database for none.
     */
    admitFromNetwork(click: ClickObservation, now = Date.now()): number | null {
      if (concentrated.seen(click.campaignNetwork, now)) return null;
      const visit = click.linkAddress;
      const pending = networkPlaces.get(visit);
      if (pending) {
        pending.inFlight++;
        return 0;
      }
      const counted = perLinkNetwork.hit(click.linkNetwork, now);
      if (counted > networkClickLimit) {
        concentrate(click, counted, now);
        return null;
      }
      networkPlaces.set(visit, { inFlight: 1, counted: false });
      return counted === 1 ? 0 : counted === 2 ? 2 : 1;
    },
    networkVisitRecorded,
    /**
     * The database found the network past the limit on the link, counting every instance's clicks (a visit
     * `admitFromNetwork` admitted here, recorded challenged): as past this instance's own count.
     */
    networkOverLimit(click: ClickObservation, now = Date.now()) {
      networkVisitRecorded(click, false, now);
      concentrate(click, networkClickLimit + 1, now);
    },
    /**
     * For a busy address (`observe` said so) with counts shared between instances: shares its clicks now (`share`), or
     * within SHARE_EVERY_MS when the answer does not depend on them.
     */
    async observeShared(
      click: ClickObservation,
      local: AddressDecision,
      mustWait: boolean,
      now = Date.now(),
    ): Promise<AddressDecision> {
      const known = lastShared.get(click.ipHash);
      const fresh = known && now - known.at < fraudRules.rateLimit.windowMs ? known : undefined;
      const estimate = (fresh?.minute ?? 0) + perIp.unsynced(click.ip);
      // Past half the limit the clicks that other instances have not shared yet could matter: every click waits then.
      const nearLimit = estimate > fraudRules.rateLimit.max / 2;
      // An instance's view of the total lags by its last share: past a quarter of the limit every click is shared
      // (without waiting), so no instance sits on clicks that another's 1,001st would need to see.
      const quiet = estimate <= fraudRules.rateLimit.max / 4;
      if (!mustWait && !nearLimit && quiet && fresh && now - fresh.sentAt < SHARE_EVERY_MS) {
        // Not counting either way and far from the limit: this click joins the next update of the totals.
        shareLater(click, fresh.sentAt + SHARE_EVERY_MS - now);
        return { rateLimited: local.rateLimited || estimate > fraudRules.rateLimit.max, challenge: busyAddress };
      }
      const decided = share(click, local, now, mustWait || nearLimit);
      if (known) known.sentAt = now;
      if (mustWait || nearLimit) return decided;
      // Not counting either way and far from the limit: the totals are brought up to date behind the answer.
      return { rateLimited: local.rateLimited || estimate > fraudRules.rateLimit.max, challenge: busyAddress };
    },
  };
}

export type FraudMonitor = ReturnType<typeof createFraudMonitor>;
