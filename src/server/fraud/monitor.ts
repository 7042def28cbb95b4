import { flagType } from "../../core/vocabulary.js";
import type { Database } from "../db/client.js";
import { suspiciousActivity } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { AddressCounter, CountryCrossings, WindowCounter } from "./counters.js";
import {
  addressClaim,
  botFlagDetails,
  burstFlag,
  type FlagRow,
  flagged,
  flagIfClaimed,
  keyClaim,
  limitFlag,
} from "./flags.js";
import { type AddressDecision, busyAddress, type ClickObservation, challengeReasons } from "./observation.js";
import { fraudRules } from "./rules.js";
import { createSharedCounts, type SharedTotals } from "./shared-address-counts.js";
import { createSignalSharing, sharedCountriesOverThreshold, toShare } from "./shared-signals.js";

/**
 * A device's clicks are shared from its 10th on this instance (its flag is at 100), a network's counted clicks on a link
 * from the 2nd (its limit is 10): a viral link's one-visit devices and networks add no shared rows (toShare).
 */
const SHARE_FINGERPRINT_FROM = 10;
const SHARE_NETWORK_FROM = 2;

/** How often a busy address's clicks that cannot count are added to the shared totals (they wait for nothing). */
const SHARE_EVERY_MS = 1_000;

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
