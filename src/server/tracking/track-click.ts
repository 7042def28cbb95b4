import type { ClickReason, ClickVerdict } from "../../core/vocabulary.js";
import { campaignStatus, clickReason, clickVerdict } from "../../core/vocabulary.js";
import { fingerprintOf, isBotRequest, isNotNavigation, type RequestPurpose } from "../fraud/click-signals.js";
import type { FraudMonitor } from "../fraud/monitor.js";
import type { NetworkLookup } from "../fraud/networks.js";
import { type AddressDecision, ClickObservation, noReasons } from "../fraud/observation.js";
import { consistencyReasons, type RequestHeaders, storedRequest } from "../fraud/request-facts.js";
import { fraudRules } from "../fraud/rules.js";
import type { ClickChallenges } from "./click-challenges.js";
import type { ClickConfirmations } from "./click-confirmations.js";
import type { ClickInput, ClickRecorder } from "./click-recorder.js";
import { type CountedAddresses, campaignAddressKey } from "./counted-addresses.js";
import type { TrackedLink } from "./link-lookup.js";
import {
  campaignEndedNote,
  campaignPausedNote,
  challengeNote,
  type TrackingPage,
  trackingTexts,
} from "./tracking-page.js";

export const trackingMessages = {
  missingCode: "Invalid tracking link - missing short code",
  notFound: "Tracking link not found",
  notAvailable: "Campaign is not available",
  failed: "Failed to record click",
  unexpected: "An unexpected error occurred during tracking",
} as const;

export type ClickRequest = {
  shortCode: string | undefined;
  method: string;
  ip: string | undefined;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  referrer: string | undefined;
  country: string | undefined;
  /** Why the request was made, from its Fetch Metadata and prefetch headers. */
  purpose: RequestPurpose;
  /** The other headers the request's own consistency is judged by (request-facts.ts). */
  evidence: Pick<
    RequestHeaders,
    "clientHints" | "clientHintsMobile" | "clientHintsPlatform" | "fetchSite" | "fetchUser"
  >;
  /** The signed-in user, when the request carried a session. */
  viewerUserId: string | undefined;
};

export type TrackDeps = {
  lookup: (shortCode: string) => Promise<TrackedLink | null>;
  recorder: ClickRecorder;
  countedAddresses: CountedAddresses;
  fraud: FraudMonitor;
  hashIp: (ip: string) => string;
  /** The address's network and autonomous system (networks.ts). */
  networkOf: NetworkLookup;
  challenges: Pick<ClickChallenges, "issue">;
  confirmations: Pick<ClickConfirmations, "tokenFor" | "decoy">;
  /** The site is served from a secure origin, where Chromium sends its client hints (https, or localhost). */
  secureOrigin: boolean;
};

const SHORT_CODE = /^[A-Za-z0-9]{4,32}$/;
const networkLimit: readonly ClickReason[] = [clickReason.network_limit];
const hostingNetwork: readonly ClickReason[] = [clickReason.hosting_network];

/** A click whose answer waits for its write, when the write fails: nothing was counted, and the visitor is told. */
const notRecorded = { status: 503, page: { kind: "error", message: trackingMessages.failed } } as const;

/** What decides a visit's verdict besides its address's counts. */
type Visit = {
  live: boolean;
  bot: boolean;
  /** From a data centre's or a VPN's network: never counts toward a prize (PRODUCT.md Fraud engine). */
  hosting: boolean;
  notNavigation: boolean;
  self: boolean;
  link: TrackedLink;
  /** The campaign and address as the counted addresses' key (`campaignAddressKey`), built once per click. */
  counted: string;
};

/**
 * The verdict, in PRODUCT.md's order, from the visit and its address's counts. A function of its own, not a closure
 * in `trackClick`: the server runs under tsx, which names every closure it creates (`__name`) on each call.
 */
/** Whether the campaign's rules state a version under which a data centre's visit never counts (ADR 034). */
const hostingNeverCounts = (link: TrackedLink) =>
  link.clickRulesVersion === null || link.clickRulesVersion >= fraudRules.hostingNeverCountsSince;

function decide(deps: TrackDeps, visit: Visit, { rateLimited, challenge }: AddressDecision): ClickVerdict {
  if (!visit.live) return clickVerdict.inactive;
  if (visit.bot) return clickVerdict.bot;
  if (visit.notNavigation) return clickVerdict.not_navigation;
  if (visit.link.promoterBanned) return clickVerdict.banned;
  if (visit.self) return clickVerdict.self;
  if (rateLimited) return clickVerdict.rate_limited;
  if (deps.countedAddresses.has(visit.counted)) return clickVerdict.duplicate;
  if (visit.hosting) return hostingNeverCounts(visit.link) ? clickVerdict.hosting : clickVerdict.challenged;
  return challenge.length > 0 ? clickVerdict.challenged : clickVerdict.counted;
}

/**
 * Decides a click's verdict (PRODUCT.md Clicks), stores it and says which page to show. A counted candidate is
 * committed before this resolves and the database decides whether it counts, and so is a challenged visit (its
 * solution can come back at once, to another instance); every other verdict (including a repeat from an address the
 * database already counted) is answered at once and written with the next batch. Only `counted`
 * moves counters; only a top-level navigation can count. A visit that would count from a suspicious address (a busy or
 * flagged one, a data centre's network, or a network that already gave the campaign its limit of counted clicks on one
 * link) is stored `challenged`, and its page carries a proof-of-work whose solution can still make it count
 * (click-challenges.ts).
 */
export async function trackClick(
  deps: TrackDeps,
  request: ClickRequest,
): Promise<{ status: number; page: TrackingPage; verdict?: ClickVerdict }> {
  const code = request.shortCode?.trim();
  if (!code) return { status: 400, page: { kind: "error", message: trackingMessages.missingCode } };
  const link = SHORT_CODE.test(code) ? await deps.lookup(code) : null;
  if (!link) return { status: 404, page: { kind: "error", message: trackingMessages.notFound } };

  const ip = request.ip ?? "0.0.0.0";
  const ipHash = deps.hashIp(ip);
  const userAgent = request.userAgent?.slice(0, 500) ?? "";
  const country = request.country && /^[A-Za-z]{2}$/.test(request.country) ? request.country.toUpperCase() : "Unknown";
  // A public address's visit is decided with its network's data: the first ones after a start wait for it to load.
  const pending = deps.networkOf.pendingFor(ip);
  if (pending) await pending;
  const network = deps.networkOf(ip);
  const fingerprint = fingerprintOf(userAgent, request.acceptLanguage, network.network);
  const bot = isBotRequest(request.method, userAgent);
  const notNavigation = isNotNavigation(request.purpose);
  const timerRunning = link.endsAt !== null && link.endsAt.getTime() > Date.now();
  const live = link.status === campaignStatus.active && link.isPublic && timerRunning;
  const paused = link.status === campaignStatus.paused && link.isPublic && timerRunning;
  // An ended campaign's links still lead to the song (PRODUCT.md); a cancelled, hidden or unpaid one's do not.
  const ended =
    link.isPublic &&
    (link.status === campaignStatus.ended ||
      link.status === campaignStatus.completed ||
      ((link.status === campaignStatus.active || link.status === campaignStatus.paused) && !timerRunning));

  const observation = new ClickObservation({
    campaignId: link.campaignId,
    trackingLinkId: link.linkId,
    ip,
    ipHash,
    fingerprint,
    country,
    userAgent,
    bot,
    network,
  });
  const local = deps.fraud.observe(observation);
  const self =
    request.viewerUserId !== undefined &&
    (request.viewerUserId === link.promoterUserId || request.viewerUserId === link.artistUserId);
  const visit: Visit = {
    live,
    bot,
    hosting: network.hosting,
    notNavigation,
    self,
    link,
    counted: campaignAddressKey(link.campaignId, ipHash),
  };
  let decision: AddressDecision = local;
  let verdict = decide(deps, visit, local);
  if (local.busy) {
    // A busy address is counted across instances (PostgreSQL). A visit that could count waits for the shared totals;
    // one that cannot waits only when the address nears the rate limit.
    const couldCount = verdict === clickVerdict.counted || verdict === clickVerdict.challenged;
    decision = await deps.fraud.observeShared(observation, local, couldCount);
    verdict = decide(deps, visit, decision);
  }
  let reasons =
    verdict === clickVerdict.challenged
      ? visit.hosting
        ? [...hostingNetwork, ...decision.challenge]
        : decision.challenge
      : verdict === clickVerdict.hosting
        ? hostingNetwork
        : noReasons;
  // A network past its counted clicks on one link is challenged from here on (this visit included).
  let places = 0;
  if (verdict === clickVerdict.counted) {
    const admitted = deps.fraud.admitFromNetwork(observation);
    if (admitted === null) {
      verdict = clickVerdict.challenged;
      reasons = networkLimit;
    } else places = admitted;
  }
  // The request's facts are evidence about visits that count or may: the risk and the divergence read them from
  // counted clicks. A repeat, a bot or a refused visit keeps none (most of a viral link's traffic).
  let facts: string | null = null;
  if (verdict === clickVerdict.counted || verdict === clickVerdict.challenged) {
    const stored = storedRequest({
      userAgent,
      acceptLanguage: request.acceptLanguage,
      referrer: request.referrer,
      fetchMode: request.purpose.mode,
      fetchDest: request.purpose.dest,
      ...request.evidence,
    });
    facts = JSON.stringify(stored);
    const inconsistent = consistencyReasons(stored, deps.secureOrigin);
    if (inconsistent.length > 0) reasons = reasons.length === 0 ? inconsistent : [...reasons, ...inconsistent];
  }

  const click: ClickInput = {
    trackingLinkId: link.linkId,
    campaignId: link.campaignId,
    promoterId: link.promoterId,
    verdict,
    ip,
    ipHash,
    userAgent: userAgent || null,
    country,
    referrer: request.referrer?.slice(0, 500) ?? null,
    fingerprint,
    network: network.network,
    asn: network.asn,
    rulesVersion: fraudRules.version,
    reasons,
    request: facts,
    places,
  };
  let confirm: string | undefined;
  if (verdict === clickVerdict.counted) {
    try {
      const recorded = await deps.recorder.record(click);
      verdict = recorded.verdict;
      if (recorded.verdict === clickVerdict.counted) confirm = deps.confirmations.tokenFor(recorded.id);
      if (verdict === clickVerdict.counted || verdict === clickVerdict.duplicate)
        deps.countedAddresses.add(visit.counted);
    } catch {
      deps.fraud.networkVisitRecorded(observation, false);
      return notRecorded;
    }
    // Past the network's limit counting every instance's clicks (click-recorder.ts): recorded challenged.
    if (verdict === clickVerdict.challenged) deps.fraud.networkOverLimit(observation);
    else deps.fraud.networkVisitRecorded(observation, verdict === clickVerdict.counted);
  } else if (verdict === clickVerdict.challenged) {
    // Its solution may come back at once, to any instance: the visit it turns into a count is committed first.
    try {
      await deps.recorder.record(click);
    } catch {
      return notRecorded;
    }
  } else {
    deps.recorder.recordLater(click);
  }

  if (!live && !paused && !ended) {
    return { status: 410, page: { kind: "error", message: trackingMessages.notAvailable }, verdict };
  }
  const song = {
    note: ended ? campaignEndedNote : paused ? campaignPausedNote : trackingTexts.note,
    title: link.title,
    artistName: link.artistName,
    songLink: link.songLink,
    cover: link.cover,
    ogImage: link.ogImage,
    rules: link.rules,
  };
  if (verdict === clickVerdict.challenged) {
    const issued = await deps.challenges.issue(link, ipHash);
    return {
      status: 200,
      verdict,
      page: { kind: "challenge", shortCode: code, challenge: issued, ...song, note: challengeNote },
    };
  }
  // Every page carries a token of one form: the clicker cannot tell a counted visit from any other.
  return { status: 200, verdict, page: { kind: "redirect", ...song, confirm: confirm ?? deps.confirmations.decoy() } };
}
