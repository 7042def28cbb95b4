import { type ClickReason, clickReason } from "../../core/vocabulary.js";
import type { NetworkInfo } from "./networks.js";

/** What the address's counts decide for a visit: over the rate limit, and why it must be challenged (if it must). */
export type AddressDecision = { rateLimited: boolean; challenge: readonly ClickReason[] };

/** No reasons: almost every visit's. */
export const noReasons: readonly ClickReason[] = Object.freeze([]);
/** Why a busy address must be challenged. */
export const busyAddress: readonly ClickReason[] = Object.freeze([clickReason.address_burst]);

/** Why a visit must solve a proof-of-work first: none for almost every visit, so nothing is allocated then. */
export function challengeReasons(burst: boolean, flagged: boolean): readonly ClickReason[] {
  if (!burst && !flagged) return noReasons;
  const reasons: ClickReason[] = [];
  if (burst) reasons.push(clickReason.address_burst);
  if (flagged) reasons.push(clickReason.address_flagged);
  return reasons;
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
