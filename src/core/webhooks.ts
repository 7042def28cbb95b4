import type { AddressKind, WebhookEndpointStatus } from "./vocabulary.js";

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
export const webhookEndpointStatusLabels: Record<WebhookEndpointStatus, string> = {
  active: "Active",
  disabled: "Disabled",
  suspended: "Suspended",
};

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
/** How long a delivery may take, from looking up its host to the last byte read, before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of an answer read at most: then the connection is closed, however much more the receiver has. */
export const WEBHOOK_ANSWER_BYTES = 8 * 1024;
/** Characters of an answer's body the delivery log keeps (its head: 2,000 characters are at most 8 KiB of UTF-8). */
export const WEBHOOK_LOGGED_CHARACTERS = 2_000;

/** Test events one account may send: this many at once, then one more every WEBHOOK_TEST_REFILL_S. */
export const WEBHOOK_TEST_EVENTS = 20;
export const WEBHOOK_TEST_REFILL_S = 60;

/** What an address that receives no webhooks is, as its owner reads it. */
export const addressKindTexts: Record<AddressKind, string> = {
  loopback: "this server itself (loopback)",
  private: "a private network",
  shared: "a carrier's shared network (100.64.0.0/10)",
  link_local: "a link-local address (such as a cloud's metadata service)",
  unique_local: "a private IPv6 network (fc00::/7)",
  unspecified: "no address at all (0.0.0.0 or ::)",
  multicast: "a multicast group",
  documentation: "a range kept for documentation",
  reserved: "a reserved range",
};

export const webhookMessages = {
  urlInvalid: "Enter the endpoint's address, starting with https:// (or http:// on this machine)",
  eventsRequired: "Choose at least one event",
  tooMany: `You have ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints: delete one first`,
  notFound: "No such endpoint",
  deliveryNotFound: "No such delivery",
  artistsOnly: "Webhooks are for artists' campaigns: sign in with an artist account",
  addressRefused: (kind: AddressKind) =>
    `The endpoint's host leads to ${addressKindTexts[kind]}: webhooks go to public internet addresses only`,
  hostNotFound: "The endpoint's host name could not be found: check it, or try again in a moment",
  testsLimited: (seconds: number) =>
    `You sent ${WEBHOOK_TEST_EVENTS} test events in a short while: the next one can go in ${seconds} s`,
  redirected: (status: number) =>
    `answered ${status}: redirects are not followed, so give the endpoint's final address`,
} as const;
