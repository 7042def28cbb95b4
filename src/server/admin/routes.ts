import { Hono } from "hono";
import { z } from "zod";
import { adminApi, timeRanges } from "../../core/api/admin.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import { uuidPattern } from "../campaigns/campaign-access.js";
import { deleteCampaign } from "../campaigns/delete-campaign.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import { endCampaignNow } from "../payouts/finalize-campaigns.js";
import { payCampaignWinners } from "../payouts/pay-payouts.js";
import type { PayoutDeps } from "../payouts/payout-deps.js";
import { adminPayoutList } from "../payouts/payout-list.js";
import {
  clickEventView,
  clicksByCountry,
  rateLimitingStats,
  recentClicks,
  suspiciousActivityIn,
  suspiciousItemView,
  topIps,
  topUserAgents,
  voidClicks,
} from "../tracking/click-analytics.js";

const suspiciousQuery = z.object({
  range: z.enum(timeRanges, { error: "Choose a time range: 1h, 24h, 7d or 30d" }).default("24h"),
});

const id = (message: string) => z.string({ error: message }).regex(uuidPattern, message);
const voidBody = z.object({
  campaign_id: id("Invalid campaign ID"),
  promoter_id: id("Invalid promoter ID").optional(),
  ip_hash: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, "Invalid address")
    .optional(),
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});

/** Every admin API, mounted once at `/api/admin` behind the admin guard: none can be added without it. */
export function adminRoutes(deps: PayoutDeps & { guards: Guards }) {
  const { db } = deps;
  const admin = new Hono<AppEnv>();
  admin.use(deps.guards.requireAdmin);
  const at = (contract: { path: string }) => routePath(contract, "/api/admin");

  admin.post(at(adminApi.endCampaign), async (c) => {
    const result = await endCampaignNow(deps, c.req.param("id"));
    return c.json(reply(adminApi.endCampaign, { ok: true, status: result.status, winners: result.winners.length }));
  });
  admin.delete(at(adminApi.deleteCampaign), async (c) =>
    c.json(reply(adminApi.deleteCampaign, { ok: true, ...(await deleteCampaign(deps, c.req.param("id"))) })),
  );

  admin.get(at(adminApi.payouts), async (c) => c.json(reply(adminApi.payouts, await adminPayoutList(db))));
  admin.post(at(adminApi.payWinners), async (c) =>
    c.json(reply(adminApi.payWinners, await payCampaignWinners(deps, c.req.param("campaignId")))),
  );

  admin.get(at(adminApi.topIps), async (c) => c.json(reply(adminApi.topIps, { items: await topIps(db) })));
  admin.get(at(adminApi.topUserAgents), async (c) =>
    c.json(reply(adminApi.topUserAgents, { items: await topUserAgents(db) })),
  );
  admin.get(at(adminApi.countries), async (c) =>
    c.json(reply(adminApi.countries, { items: await clicksByCountry(db) })),
  );
  admin.get(at(adminApi.rateLimiting), async (c) => c.json(reply(adminApi.rateLimiting, await rateLimitingStats(db))));
  admin.get(at(adminApi.recentClicks), async (c) =>
    c.json(reply(adminApi.recentClicks, { items: (await recentClicks(db)).map(clickEventView) })),
  );
  admin.get(at(adminApi.suspicious), validate("query", suspiciousQuery), async (c) => {
    const rows = await suspiciousActivityIn(db, c.req.valid("query").range);
    return c.json(reply(adminApi.suspicious, { items: rows.map(suspiciousItemView) }));
  });
  admin.post(at(adminApi.voidClicks), validate("json", voidBody), async (c) => {
    const body = c.req.valid("json");
    const { clicksVoided } = await voidClicks(db, {
      campaignId: body.campaign_id,
      promoterId: body.promoter_id,
      ipHash: body.ip_hash,
      actorUserId: currentUser(c).id,
      reason: body.reason,
    });
    return c.json(reply(adminApi.voidClicks, { clicks_voided: clicksVoided }));
  });

  return admin;
}
