/**
 * The fraud rules' thresholds, in one place with their version (PRODUCT.md Fraud engine). Each click records the
 * version that decided it, so a change of rules applies to the clicks after it and a replay can tell them apart. Move
 * the version with any change of a threshold or of what a rule looks at.
 *
 * Version 1: SPEC.md section 9's address, fingerprint and country rules, bots and the proof-of-work for busy
 * addresses. Version 2: networks (a network's counted clicks on one link, and data-centre networks, are challenged)
 * and navigation only (a link loaded by a page never counts). Version 3: each click keeps its reason codes, and a
 * link's share of counted clicks no browser confirmed adds to its promoter's risk. Version 4: a data centre's or a VPN's
 * visit never counts (`hosting`), each click keeps its request's facts and contradictions, the page's script reports
 * what it found, and a link's share of checked, contradictory, forced and automated clicks, and how its traffic
 * diverges from its campaign's, add to its promoter's risk.
 */
export const fraudRules = {
  version: 4,
  /** The first version whose counted visits' pages asked the browser to confirm them (click-confirmations.ts). */
  confirmationSince: 3,
  /**
   * The first version under which a data centre's or VPN's visit never counts. A campaign whose rules state an earlier
   * version keeps its promise: such a visit is challenged and counts when it solves the check.
   */
  hostingNeverCountsSince: 4,
  rateLimit: { max: 1000, windowMs: 60_000 },
  ipBurst: { max: 50, windowMs: 5 * 60_000 },
  fingerprint: { max: 100, windowMs: 60 * 60_000 },
  geo: { countries: 3, clicksPerCountry: 10, windowMs: 60 * 60_000 },
  botReportWindowMs: 60 * 60_000,
  /** A visit that would count must first solve a proof-of-work from an address over this many clicks in 5 minutes… */
  challengeBurst: 20,
  /** …or from an address flagged (burst, rate limit, bot) within this long. */
  challengeAfterFlagMs: 60 * 60_000,
  /**
   * The window of a network's counted clicks on one link; past `NETWORK_CLICK_LIMIT` of them (10 by default), the
   * network's visits to the campaign are challenged for as long.
   */
  networkWindowMs: 60 * 60_000,
  /**
   * A promoter's risk on a campaign, from the distributions of their link's clicks (promoter-risk.ts): each signal past
   * its line adds its points; a winner at `threshold` or more is flagged, and the prize waits for an admin. Links with
   * fewer than `minClicks` counted clicks are not assessed: too few to tell a pattern from chance.
   */
  risk: {
    threshold: 50,
    minClicks: 20,
    /** Over this share of the counted clicks from one network (/24 or /48). */
    networkShare: { over: 0.3, points: 35 },
    /** Over this share from one autonomous system (a farm rents one provider; a campus is one network, not one AS). */
    asShare: { over: 0.8, points: 15 },
    /** Over this share of the visits that could count from data centres' networks. */
    hostingShare: { over: 0.1, points: 25 },
    /** In the busiest network, over this many distinct user agents per counted click (a farm rotates them). */
    agentsPerNetwork: { over: 0.5, minClicks: 5, points: 15 },
    /** Gaps between counted clicks more regular than this (their standard deviation over their mean). */
    regularTiming: { under: 0.3, points: 20 },
    /** Over this share from one country that brings under `othersUnder` of the campaign's other counted clicks. */
    countryMix: { over: 0.5, othersUnder: 0.05, points: 15 },
    /** Over this share of the counted clicks never confirmed by the page's script (no browser ran it). */
    unconfirmedShare: { over: 0.5, points: 20 },
    /** Over this share of the challenged visits never solved. */
    challengesFailed: { over: 0.5, minChallenged: 10, points: 20 },
    /** Over this share of the counted clicks needed the browser check first: fans' links need it for almost none. */
    checksNeeded: { over: 0.2, points: 20 },
    /** Over this share of the counted clicks from requests that contradict themselves. */
    inconsistentRequests: { over: 0.2, points: 25 },
    /** Over this share of the counted clicks sent on by another site without a person's tap. */
    forcedNavigation: { over: 0.3, points: 20 },
    /** Over this share of the counted clicks from browsers the page found automated. */
    automation: { over: 0.1, points: 40 },
    /** Each dimension a link's traffic diverges from its campaign's in (divergence.ts), up to a most. */
    divergence: { perDimension: 10, maxPoints: 40 },
  },
} as const;
