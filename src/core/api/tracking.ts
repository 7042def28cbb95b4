import { post } from "./contract.js";

/** A challenged visit's solved proof-of-work: the tracking code and ALTCHA's payload (base64 JSON). */
export type ChallengeSolution = { code: string; payload: string };

/**
 * A visit's browser confirmation: the token its tracking page was given and, from the page's script (web/visit), what
 * it found in the browser (a `PageEvidence` as JSON) with its proof (`visitProof`).
 */
export type ClickConfirmation = { token: string; evidence?: string; proof?: string };

export const trackingApi = {
  /**
   * Sent by the tracking page's own script: the visit may then count. The answer is the visit's confirmation token,
   * whatever the verdict (PRODUCT.md Fraud engine: the clicker is told nothing).
   */
  verifyChallenge: post<{ confirm: string }, ChallengeSolution>()("/api/clicks/verify"),
  /**
   * Sent by every tracking page once its script runs: a counted click records that a browser confirmed it; the answer
   * is the same for any token of the right form.
   */
  confirmClick: post<{ confirmed: true }, ClickConfirmation>()("/api/clicks/confirm"),
} as const;
