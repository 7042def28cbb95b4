import { Hono } from "hono";
import { artistApi } from "../../core/api/artists.js";
import { campaignStatus } from "../../core/vocabulary.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import { deleteOwnDraft } from "../campaigns/delete-campaign.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { liveStream } from "../live/live-stream.js";
import type { LiveUpdates } from "../live/live-updates.js";
import type { PaymentProvider } from "../payments/provider.js";
import { artistCampaigns, artistOverview } from "./artist-dashboard.js";
import { campaignAnalytics } from "./campaign-analytics.js";

/** The artist dashboard's APIs, mounted at `/api/artist` behind the artist guard: each reads the artist's own campaigns. */
export function artistRoutes(deps: { db: Database; guards: Guards; payments: PaymentProvider; live: LiveUpdates }) {
  const { db } = deps;
  const artist = new Hono<AppEnv>();
  artist.use(deps.guards.requireArtist);
  const at = (contract: { path: string }) => routePath(contract, "/api/artist");

  artist.get(at(artistApi.overview), async (c) =>
    c.json(reply(artistApi.overview, await artistOverview(db, currentUser(c).id))),
  );
  artist.get(at(artistApi.campaigns), async (c) =>
    c.json(reply(artistApi.campaigns, { campaigns: await artistCampaigns(db, currentUser(c).id) })),
  );
  artist.get(at(artistApi.campaignsStream), async (c) => {
    const userId = currentUser(c).id;
    const load = async () => reply(artistApi.campaignsStream, { campaigns: await artistCampaigns(db, userId) });
    const first = await load();
    const live = first.campaigns.filter(
      (campaign) => campaign.status === campaignStatus.active || campaign.status === campaignStatus.paused,
    );
    return liveStream(
      c,
      deps.live,
      live.map((campaign) => `campaign:${campaign.id}`),
      artistApi.campaignsStream.event,
      load,
    );
  });
  artist.get(at(artistApi.analytics), async (c) =>
    c.json(reply(artistApi.analytics, await campaignAnalytics(db, currentUser(c).id, c.req.param("id")))),
  );
  artist.delete(at(artistApi.deleteDraft), async (c) => {
    await deleteOwnDraft(deps, currentUser(c).id, c.req.param("id"));
    return c.json(reply(artistApi.deleteDraft, { ok: true }));
  });
  return artist;
}
