import { Hono } from "hono";
import type { Database } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { listPublicCampaignSummaries } from "./public-campaigns.js";

export function publicCampaignRoutes(db: Database) {
  return new Hono<AppEnv>().get("/public/campaigns", async (c) => {
    try {
      return c.json({ ok: true, items: await listPublicCampaignSummaries(db), error: null });
    } catch (error) {
      c.get("log").error({ err: error }, "public campaign list failed");
      return c.json({ ok: false, items: [], error: "Failed to load campaigns" }, 503);
    }
  });
}
