import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { assertCampaignId } from "../campaigns/campaign-access.js";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { campaignLeaderboard } from "./campaign-leaderboard.js";
import type { LiveUpdates } from "./live-updates.js";
import { publicLeaderboards } from "./public-leaderboards.js";

const KEEPALIVE_MS = 15_000;
/** One query per topic and update, however many subscribers the update wakes. */
function sharedLoader<T>(live: LiveUpdates, load: (key: string) => Promise<T>) {
  const latest = new Map<string, { version: number; at: number; value: Promise<T> }>();
  return (topic: string, key: string) => {
    const version = live.version(topic);
    const hit = latest.get(topic);
    if (hit && hit.version === version && Date.now() - hit.at < 1000) return hit.value;
    const value = load(key);
    latest.set(topic, { version, at: Date.now(), value });
    value.catch(() => latest.delete(topic));
    if (latest.size > 10_000) latest.clear();
    return value;
  };
}

/** A server-sent-event stream that sends `load()` now and again whenever `topic` moves. */
function liveStream<T>(c: Context<AppEnv>, live: LiveUpdates, topic: string, event: string, load: () => Promise<T>) {
  return streamSSE(c, async (stream) => {
    let pending = Promise.resolve();
    const push = () => {
      pending = pending
        .then(async () => stream.writeSSE({ event, data: JSON.stringify(await load()) }))
        .catch(() => undefined);
    };
    await new Promise<void>((resolve) => {
      const unsubscribe = live.subscribe(topic, push);
      const unsubscribeShutdown = live.subscribe("shutdown", () => finish());
      const keepalive = setInterval(() => void stream.write(": keepalive\n\n").catch(() => undefined), KEEPALIVE_MS);
      const finish = () => {
        clearInterval(keepalive);
        unsubscribe();
        unsubscribeShutdown();
        resolve();
      };
      stream.onAbort(finish);
      push();
    });
    await pending;
  });
}

export function leaderboardRoutes(deps: { db: Database; live: LiveUpdates }) {
  const { db, live } = deps;
  const app = new Hono<AppEnv>();
  const campaignBoard = sharedLoader(live, async (id: string) => ({
    ok: true,
    entries: await campaignLeaderboard(db, id),
    error: null,
  }));
  const publicBoards = sharedLoader(live, async () => ({ ok: true, error: null, ...(await publicLeaderboards(db)) }));

  app.get("/campaigns/:id/leaderboard", async (c) => {
    const id = assertCampaignId(c.req.param("id"));
    return c.json({ ok: true, entries: await campaignLeaderboard(db, id), error: null });
  });
  app.get("/campaigns/:id/leaderboard/stream", (c) => {
    const id = assertCampaignId(c.req.param("id"));
    return liveStream(c, live, `campaign:${id}`, "leaderboard", () => campaignBoard(`campaign:${id}`, id));
  });
  app.get("/public/leaderboards", async (c) => {
    try {
      return c.json({ ok: true, error: null, ...(await publicLeaderboards(db)) });
    } catch (error) {
      c.get("log").error({ err: error }, "public leaderboards failed");
      return c.json(
        { ok: false, error: "Failed to load leaderboards", allTimePromoters: [], activeCampaigns: [] },
        503,
      );
    }
  });
  app.get("/public/leaderboards/stream", (c) =>
    liveStream(c, live, "public", "leaderboards", () => publicBoards("public", "public")),
  );
  return app;
}
