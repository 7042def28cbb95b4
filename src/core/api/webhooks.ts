import type { WebhookEndpointStatus } from "../vocabulary.js";
import type { WebhookEventType } from "../webhooks.js";
import { del, get, post } from "./contract.js";

/** An artist's webhook endpoint, as its owner sees it in settings (the secret included: they sign with it). */
export type WebhookEndpointView = {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  /** Set while a rotated-out secret still signs beside the new one. */
  previous_secret_until: string | null;
  status: WebhookEndpointStatus;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
};

/** One delivery of an event to an endpoint, with its attempts: the delivery log. */
export type WebhookDeliveryView = {
  id: string;
  event_type: string;
  status: "queued" | "sending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
  payload: unknown;
  log: Array<{
    attempted_at: string;
    response_status: number | null;
    response_body: string | null;
    duration_ms: number;
    error: string | null;
  }>;
};

export const webhooksApi = {
  list: get<{ endpoints: WebhookEndpointView[] }>()("/api/account/webhooks"),
  create: post<{ endpoint: WebhookEndpointView }, { url: string; events: WebhookEventType[] }>()(
    "/api/account/webhooks",
  ),
  remove: del<{ ok: true }>()("/api/account/webhooks/:id"),
  rotateSecret: post<{ endpoint: WebhookEndpointView }>()("/api/account/webhooks/:id/rotate-secret"),
  enable: post<{ endpoint: WebhookEndpointView }>()("/api/account/webhooks/:id/enable"),
  sendTest: post<{ delivery_id: string }>()("/api/account/webhooks/:id/test"),
  deliveries: get<{ deliveries: WebhookDeliveryView[] }>()("/api/account/webhooks/:id/deliveries"),
  replay: post<{ ok: true }>()("/api/account/webhooks/:id/deliveries/:deliveryId/replay"),
} as const;
