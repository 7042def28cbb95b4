/**
 * The fraud rules' thresholds, in one place with their version (PRODUCT.md Fraud engine). Each click records the
 * version that decided it, so a change of rules applies to the clicks after it and a replay can tell them apart. Move
 * the version with any change of a threshold or of what a rule looks at.
 *
 * Version 1: SPEC.md section 9's address, fingerprint and country rules, bots and the proof-of-work for busy
 * addresses. Version 2: networks (a network's counted clicks on one link, and data-centre networks, are challenged)
 * and navigation only (a link loaded by a page never counts).
 */
export const fraudRules = {
  version: 2,
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
} as const;
