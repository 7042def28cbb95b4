import { Hono } from "hono";
import { promotersApi } from "../../core/api/promoters.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { liveStream } from "../live/live-stream.js";
import type { LiveUpdates } from "../live/live-updates.js";
import { promoterDashboard } from "./promoter-dashboard.js";

/** The promoter dashboard's API, mounted at `/api/promoter` for any signed-in user: each reads the user's own links. */
export function promoterRoutes(deps: { db: Database; guards: Guards; live: LiveUpdates }) {
  const { db } = deps;
  const promoter = new Hono<AppEnv>();
  promoter.use(deps.guards.requireUser);
  const at = (contract: { path: string }) => routePath(contract, "/api/promoter");

  promoter.get(at(promotersApi.dashboard), async (c) =>
    c.json(reply(promotersApi.dashboard, await promoterDashboard(db, currentUser(c).id))),
  );
  promoter.get(at(promotersApi.dashboardStream), async (c) => {
    const userId = currentUser(c).id;
    const first = await promoterDashboard(db, userId);
    return liveStream(
      c,
      deps.live,
      first.active.map((link) => `campaign:${link.campaign_id}`),
      promotersApi.dashboardStream.event,
      async () => reply(promotersApi.dashboardStream, await promoterDashboard(db, userId)),
    );
  });
  return promoter;
}
