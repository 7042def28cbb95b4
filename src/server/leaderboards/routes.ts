import { type Context, Hono } from "hono";
import { leaderboardsApi } from "../../core/api/leaderboards.js";
import type { Guards } from "../accounts/guards.js";
import { findVisibleCampaign } from "../campaigns/campaign-view.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { liveStream, sharedLoader } from "../live/live-stream.js";
import type { LiveUpdates } from "../live/live-updates.js";
import { boardCampaign, campaignLeaderboard, campaignResult } from "./campaign-leaderboard.js";
import { publicLeaderboards } from "./public-leaderboards.js";

export function leaderboardRoutes(deps: { db: Database; live: LiveUpdates; guards: Guards }) {
  const { db, live, guards } = deps;
  const app = new Hono<AppEnv>();
  const loadBoard = async (id: string) =>
    reply(leaderboardsApi.campaign, {
      ok: true,
      entries: await campaignLeaderboard(db, id),
      error: null,
      result: await campaignResult(db, id),
      campaign: await boardCampaign(db, id),
    });
  const campaignBoard = sharedLoader(live, loadBoard);
  const publicBoards = sharedLoader(live, async () =>
    reply(leaderboardsApi.public, { ok: true, error: null, ...(await publicLeaderboards(db)) }),
  );

  // A board is shown to whoever may see its campaign: a draft's, a hidden or a cancelled one's only to its artist and
  // admins (its handles and clicks are not public).
  const visibleId = async (c: Context<AppEnv>) =>
    (await findVisibleCampaign(db, c.req.param("id"), (await guards.sessionUser(c))?.id)).id;

  app.get(routePath(leaderboardsApi.campaign), async (c) => c.json(await loadBoard(await visibleId(c))));
  app.get(routePath(leaderboardsApi.campaignStream), async (c) => {
    const id = await visibleId(c);
    const topic = `campaign:${id}`;
    return liveStream(c, live, topic, leaderboardsApi.campaignStream.event, () => campaignBoard(topic, id));
  });
  app.get(routePath(leaderboardsApi.public), async (c) => {
    try {
      return c.json(reply(leaderboardsApi.public, { ok: true, error: null, ...(await publicLeaderboards(db)) }));
    } catch (error) {
      c.get("log").error({ err: error }, "public leaderboards failed");
      return c.json(
        reply(leaderboardsApi.public, {
          ok: false,
          error: "Failed to load leaderboards",
          allTimePromoters: [],
          activeCampaigns: [],
        }),
        503,
      );
    }
  });
  app.get(routePath(leaderboardsApi.publicStream), (c) =>
    liveStream(c, live, "public", leaderboardsApi.publicStream.event, () => publicBoards("public", "public")),
  );
  return app;
}
