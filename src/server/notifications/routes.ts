import { Hono } from "hono";
import { z } from "zod";
import { notificationsApi } from "../../core/api/notifications.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { requestHeader } from "../http/node-request.js";
import { validate } from "../http/validate.js";
import { liveStream } from "../live/live-stream.js";
import type { LiveUpdates } from "../live/live-updates.js";
import { markNotificationsRead, notificationFeed } from "./notifications.js";

const markReadBody = z.object({
  ids: z
    .array(z.uuid({ error: "Each notification id must be a UUID" }), {
      error: "ids must be a list of notification ids",
    })
    .max(100, "Mark at most 100 notifications at once")
    .optional(),
});

/** The header bell: the signed-in user's own notifications, live while a page is open, and marking them read. */
export function notificationRoutes(deps: { db: Database; guards: Guards; live: LiveUpdates }) {
  const { db, guards, live } = deps;
  const app = new Hono<AppEnv>();

  app.get(routePath(notificationsApi.feed), guards.requireUser, async (c) =>
    c.json(reply(notificationsApi.feed, await notificationFeed(db, currentUser(c).id))),
  );
  app.get(routePath(notificationsApi.stream), guards.requireUser, (c) => {
    const userId = currentUser(c).id;
    const cookie = requestHeader(c, "cookie");
    return liveStream(
      c,
      live,
      `user:${userId}`,
      notificationsApi.stream.event,
      () => notificationFeed(db, userId),
      async () => (await guards.userFromCookie(cookie))?.id === userId,
    );
  });
  app.post(routePath(notificationsApi.markRead), guards.requireUser, validate("json", markReadBody), async (c) => {
    const userId = currentUser(c).id;
    await markNotificationsRead(db, userId, c.req.valid("json").ids);
    return c.json(reply(notificationsApi.markRead, await notificationFeed(db, userId)));
  });
  return app;
}
