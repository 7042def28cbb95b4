import { Hono } from "hono";
import { z } from "zod";
import { webhooksApi } from "../../core/api/webhooks.js";
import { webhookEventTypes, webhookMessages } from "../../core/webhooks.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import type { Outbound } from "../net/outbound-request.js";
import {
  createWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
} from "./webhook-endpoints.js";

/**
 * An endpoint's address: https, or in development plain http too, without credentials. Where it leads is checked by
 * the outbound rule when it is created and at each request (ADR 042).
 */
function endpointUrl(production: boolean) {
  return z
    .string({ error: webhookMessages.urlInvalid })
    .trim()
    .max(2000, webhookMessages.urlInvalid)
    .refine((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      return url.protocol === "https:" || (!production && url.protocol === "http:");
    }, webhookMessages.urlInvalid);
}

/** The artist's webhook endpoints, in settings: add, remove, rotate the secret, enable, test, the log and replay. */
export function webhookRoutes(deps: { db: Database; guards: Guards; production: boolean; outbound: Outbound }) {
  const { db, guards } = deps;
  const app = new Hono<AppEnv>();
  const createBody = z.object({
    url: endpointUrl(deps.production),
    events: z
      .array(z.enum(webhookEventTypes, { error: webhookMessages.eventsRequired }), {
        error: webhookMessages.eventsRequired,
      })
      .min(1, webhookMessages.eventsRequired)
      .max(webhookEventTypes.length),
  });
  const me = (c: Parameters<typeof currentUser>[0]) => currentUser(c).id;

  app.get(routePath(webhooksApi.list), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.list, await listWebhookEndpoints(db, me(c)))),
  );
  app.post(routePath(webhooksApi.create), guards.requireUser, validate("json", createBody), async (c) =>
    c.json(reply(webhooksApi.create, await createWebhookEndpoint(deps, me(c), c.req.valid("json"))), 201),
  );
  app.delete(routePath(webhooksApi.remove), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.remove, await removeWebhookEndpoint(db, me(c), c.req.param("id")))),
  );
  app.post(routePath(webhooksApi.rotateSecret), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.rotateSecret, await rotateWebhookSecret(db, me(c), c.req.param("id")))),
  );
  app.post(routePath(webhooksApi.enable), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.enable, await enableWebhookEndpoint(db, me(c), c.req.param("id")))),
  );
  app.post(routePath(webhooksApi.sendTest), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.sendTest, await sendTestWebhook(deps, me(c), c.req.param("id")))),
  );
  app.get(routePath(webhooksApi.deliveries), guards.requireUser, async (c) =>
    c.json(reply(webhooksApi.deliveries, await listWebhookDeliveries(db, me(c), c.req.param("id")))),
  );
  app.post(routePath(webhooksApi.replay), guards.requireUser, async (c) =>
    c.json(
      reply(webhooksApi.replay, await replayWebhookDelivery(db, me(c), c.req.param("id"), c.req.param("deliveryId"))),
    ),
  );
  return app;
}
