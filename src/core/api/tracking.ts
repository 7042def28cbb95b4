import { post } from "./contract.js";

/** A challenged visit's solved proof-of-work: the tracking code and ALTCHA's payload (base64 JSON). */
export type ChallengeSolution = { code: string; payload: string };

export const trackingApi = {
  /** Sent by the tracking page's own script: the visit then counts, or is a duplicate of the address's counted one. */
  verifyChallenge: post<{ verdict: "counted" | "duplicate" }, ChallengeSolution>()("/api/clicks/verify"),
} as const;
