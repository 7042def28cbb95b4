import { post } from "./contract.js";

/** A challenged visit's solved proof-of-work: the tracking code and ALTCHA's payload (base64 JSON). */
export type ChallengeSolution = { code: string; payload: string };

/** A counted visit's browser confirmation: the token its tracking page was given. */
export type ClickConfirmation = { token: string };

export const trackingApi = {
  /**
   * Sent by the tracking page's own script: the visit then counts (and comes with its confirmation token), or is a
   * duplicate of the address's counted one.
   */
  verifyChallenge: post<{ verdict: "counted"; confirm: string } | { verdict: "duplicate" }, ChallengeSolution>()(
    "/api/clicks/verify",
  ),
  /** Sent by a counted visit's tracking page once its script runs: the click records that a browser confirmed it. */
  confirmClick: post<{ confirmed: true }, ClickConfirmation>()("/api/clicks/confirm"),
} as const;
