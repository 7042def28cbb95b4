/**
 * Webhooks (PRODUCT.md Integrations): the events an artist's endpoints may receive, signed per Standard Webhooks, and
 * the rules of their delivery. The settings page and the server read the same lists from here.
 */

export const webhookEventTypes = [
  "campaign.launched",
  "campaign.joined",
  "campaign.leader_changed",
  "campaign.ended",
  "campaign.results_final",
  "payout.paid",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent by "Send test event" only. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "campaign.launched": "A campaign of yours goes live",
  "campaign.joined": "A promoter joins one of your campaigns",
  "campaign.leader_changed": "Another promoter takes the lead of a live campaign",
  "campaign.ended": "A campaign of yours ends (its result under review)",
  "campaign.results_final": "A campaign's result is final",
  "payout.paid": "A winner of your campaign is paid",
};

/** Attempts of one delivery before it is given up: right away, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_S.length + 1;
/** Failed attempts in a row (over every delivery) after which an endpoint is disabled and its owner emailed. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 15;
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;
/** Days a finished delivery (delivered, or given up) stays in the log, with its attempts. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** How long a delivery may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const webhookMessages = {
  urlInvalid: "Enter the endpoint's address, starting with https:// (or http:// on this machine)",
  eventsRequired: "Choose at least one event",
  tooMany: `You have ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints: delete one first`,
  notFound: "No such endpoint",
  deliveryNotFound: "No such delivery",
  artistsOnly: "Webhooks are for artists' campaigns: sign in with an artist account",
} as const;
