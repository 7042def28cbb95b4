import { Hono } from "hono";
import { contactApi } from "../../core/api/contact.js";
import { contactMessageSchema } from "../../core/contact-rules.js";
import type { Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { tooManyRequestsBody } from "../http/error-body.js";
import { idempotent } from "../http/idempotency.js";
import { consumeRequestLimit } from "../http/request-limit.js";
import { validate } from "../http/validate.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import { submitContactMessage } from "./contact-messages.js";

const CONTACT_LIMIT = { windowMs: 60 * 60 * 1000, max: 5 };

export function contactRoutes(deps: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  supportEmail: string | undefined;
  guards: Guards;
}) {
  // A message sent again with its Idempotency-Key (a retry, the offline queue) is stored once.
  const once = idempotent(deps.db, async (c) => {
    const user = await deps.guards.sessionUser(c);
    return user ? `user:${user.id}` : `ip:${c.get("clientIp") ?? "unknown"}`;
  });
  return new Hono<AppEnv>().post(
    routePath(contactApi.send),
    once,
    validate("json", contactMessageSchema),
    async (c) => {
      const ip = c.get("clientIp");
      const limit = await consumeRequestLimit(deps.db, `contact:${ip ?? "unknown"}`, CONTACT_LIMIT);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        return c.json(tooManyRequestsBody("Too many messages. Please try again later."), 429);
      }
      const user = await deps.guards.sessionUser(c);
      const { id, confirmationEmailed } = await submitContactMessage(deps, c.req.valid("json"), {
        userId: user?.id,
        ip,
      });
      return c.json(reply(contactApi.send, { ok: true, id, confirmation_emailed: confirmationEmailed }), 201);
    },
  );
}
