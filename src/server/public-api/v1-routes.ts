import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { RATE_LIMITED_CODE } from "../../core/api/contract.js";
import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeyScope, apiKeyMessages } from "../../core/api-keys.js";
import { createCampaignSchema } from "../../core/campaign-rules.js";
import { campaignStatus } from "../../core/vocabulary.js";
import { artistCampaigns } from "../artists/artist-dashboard.js";
import { campaignAnalytics } from "../artists/campaign-analytics.js";
import { createDraftCampaign } from "../campaigns/create-campaign.js";
import type { Database } from "../db/client.js";
import { apiKeyRequests } from "../db/schema.js";
import type { AppEnv } from "../http/app-env.js";
import { errorBody } from "../http/error-body.js";
import { consumeTokenBucket } from "../http/request-limit.js";
import { promoterEarnings } from "../payouts/earnings.js";
import { adminPayoutList } from "../payouts/payout-list.js";
import { promoterDashboard } from "../promoters/promoter-dashboard.js";
import { authenticateApiKey, type KeyHolder } from "./api-keys.js";
import { renderReferencePage } from "./reference-page.js";
import {
  analyticsSchema,
  campaignIdParam,
  campaignListSchema,
  draftSchema,
  earningsSchema,
  errorSchema,
  linkListSchema,
  payoutListSchema,
} from "./schemas.js";

/**
 * The versioned public API (`/api/v1`, ADR 036): API keys sent as `Authorization: Bearer fb_…`, each request limited
 * per key and recorded (`api_key_requests`), each route behind one scope. Requests and answers are zod schemas, from
 * which `/api/v1/openapi.json` is generated; errors have the API's one shape.
 */

type V1Env = AppEnv & { Variables: { holder: KeyHolder } };

/** Where the app mounts the public API. */
export const PUBLIC_API_BASE = "/api/v1";

export type PublicApiDeps = {
  db: Database;
  publicUrl: string;
  songLinkHosts: readonly string[];
  payoutCountries: readonly string[];
};

const errors = {
  401: {
    description: "No API key, or one that is not valid or was revoked",
    content: { "application/json": { schema: errorSchema } },
  },
  403: { description: "The key lacks the route's scope", content: { "application/json": { schema: errorSchema } } },
  429: { description: "Too many requests with this key", content: { "application/json": { schema: errorSchema } } },
} as const;

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const security = [{ apiKey: [] }];

/** A new campaign as the app's wizard sends it, without artwork (uploaded in the app). */
const draftBodyOf = (deps: Pick<PublicApiDeps, "songLinkHosts" | "payoutCountries">) =>
  createCampaignSchema(deps.songLinkHosts, deps.payoutCountries).omit({ artwork_key: true });

/** The routes as the OpenAPI document describes them; `createBody` validates a new campaign as this server does. */
const routesOf = (createBody: ReturnType<typeof draftBodyOf>) => ({
  listCampaigns: createRoute({
    method: "get",
    path: "/campaigns",
    summary: "Your campaigns",
    description: "Scope `campaigns:read`: the key holder's campaigns, newest first, with their totals and leader.",
    security,
    responses: { 200: json(campaignListSchema, "The campaigns"), ...errors },
  }),
  createCampaign: createRoute({
    method: "post",
    path: "/campaigns",
    summary: "Create a draft campaign",
    description:
      "Scope `campaigns:write`: a draft, which goes live once the artist pays for it in the app (`fund_url`).",
    security,
    request: { body: { content: { "application/json": { schema: createBody } }, required: true } },
    responses: {
      201: json(draftSchema, "The draft"),
      400: json(errorSchema, "The body breaks a rule: `message` and `fields` say which"),
      ...errors,
    },
  }),
  campaignAnalytics: createRoute({
    method: "get",
    path: "/campaigns/{id}/analytics",
    summary: "A campaign's analytics",
    description: "Scope `campaigns:read`: counted clicks over time, verdicts, countries, referrers and the board.",
    security,
    request: { params: campaignIdParam },
    responses: {
      200: json(analyticsSchema, "The analytics"),
      404: json(errorSchema, "Not one of the key holder's campaigns"),
      ...errors,
    },
  }),
  listLinks: createRoute({
    method: "get",
    path: "/links",
    summary: "Your tracking links",
    description: "Scope `links:read`: the key holder's tracking links in live campaigns, with clicks and rank.",
    security,
    responses: { 200: json(linkListSchema, "The links"), ...errors },
  }),
  earnings: createRoute({
    method: "get",
    path: "/earnings",
    summary: "Your earnings",
    description: "Scope `links:read`: every campaign the key holder joined, its result and payout, and the totals.",
    security,
    responses: { 200: json(earningsSchema, "The earnings"), ...errors },
  }),
  listPayouts: createRoute({
    method: "get",
    path: "/payouts",
    summary: "Every payout (admins)",
    description: "Scope `payouts:read`, for admins' keys: the payouts of finalized campaigns, newest first.",
    security,
    responses: { 200: json(payoutListSchema, "The payouts"), ...errors },
  }),
});

/**
 * The route's scope, checked before its handler: a key without it is refused with 403, and so is a key that names it
 * when its holder's account may no longer use it.
 */
const requireScope =
  (scope: ApiKeyScope): MiddlewareHandler<V1Env> =>
  async (c, next) => {
    const holder = c.get("holder");
    if (!holder.scopes.includes(scope)) {
      const message = holder.lapsed.includes(scope)
        ? apiKeyMessages.scopeLapsed(scope)
        : apiKeyMessages.scopeMissing(scope);
      return c.json(errorBody("forbidden", message), 403);
    }
    return next();
  };

export function publicApiRoutes(deps: PublicApiDeps) {
  const { db } = deps;
  /** Every request made with a key that exists, whatever it was answered (a banned holder's included). */
  const recordRequest = (c: Context<V1Env>, keyId: string) =>
    db.insert(apiKeyRequests).values({
      keyId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ipAddress: c.get("clientIp") ?? null,
    });
  const createBody = draftBodyOf(deps);
  const v1Routes = routesOf(createBody);
  // A refused body goes to the app's error handler, which answers the API's one error shape.
  const app = new OpenAPIHono<V1Env>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });

  app.use("/*", async (c, next) => {
    if (c.req.path === `${PUBLIC_API_BASE}/openapi.json` || c.req.path === `${PUBLIC_API_BASE}/docs`) return next();
    const header = c.req.header("authorization") ?? "";
    const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!secret) return c.json(errorBody("unauthorized", apiKeyMessages.missing), 401);
    const found = await authenticateApiKey(db, secret);
    if (!found) return c.json(errorBody("unauthorized", apiKeyMessages.invalid), 401);
    if ("suspended" in found) {
      c.res = c.json(errorBody("unauthorized", apiKeyMessages.suspended), 401);
      await recordRequest(c, found.suspended.keyId);
      return c.res;
    }
    const { holder } = found;
    const limit = await consumeTokenBucket(db, `api-key:${holder.keyId}`, {
      capacity: API_KEY_REQUESTS_PER_MINUTE,
      intervalMs: 60_000 / API_KEY_REQUESTS_PER_MINUTE,
    });
    c.set("holder", holder);
    if (limit.allowed) await next();
    else {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      c.res = c.json(errorBody(RATE_LIMITED_CODE, apiKeyMessages.rateLimited), 429);
    }
    await recordRequest(c, holder.keyId);
  });

  const campaignUrl = (id: string) => `${deps.publicUrl}/campaigns/${id}`;

  app.use(v1Routes.listCampaigns.getRoutingPath(), async (c, next) =>
    c.req.method === "POST" ? requireScope("campaigns:write")(c, next) : requireScope("campaigns:read")(c, next),
  );
  app.openapi(v1Routes.listCampaigns, async (c) => {
    const campaigns = await artistCampaigns(db, c.get("holder").user.id);
    return c.json(
      {
        campaigns: campaigns.map((campaign) => ({
          id: campaign.id,
          title: campaign.title,
          genre: campaign.genre,
          status: campaign.status,
          prize_cents: campaign.prize_cents,
          platform_fee_cents: campaign.platform_fee_cents,
          duration_days: campaign.duration_days,
          created_at: campaign.created_at,
          published_at: campaign.published_at,
          ends_at: campaign.ends_at,
          total_clicks: campaign.total_clicks,
          promoter_count: campaign.promoter_count,
          leader: campaign.leader,
          url: campaignUrl(campaign.id),
        })),
      },
      200,
    );
  });

  app.openapi(v1Routes.createCampaign, async (c) => {
    const created = await createDraftCampaign(db, c.get("holder").user.id, c.req.valid("json"));
    return c.json(
      {
        campaign: {
          id: created.id,
          title: created.title,
          status: campaignStatus.draft,
          prize_cents: created.prizeCents,
          platform_fee_cents: created.platformFeeCents,
          fund_url: `${campaignUrl(created.id)}/fund`,
        },
      },
      201,
    );
  });

  app.use("/campaigns/:id/analytics", requireScope("campaigns:read"));
  app.openapi(v1Routes.campaignAnalytics, async (c) => {
    const { recent_clicks: _recent, ...analytics } = await campaignAnalytics(
      db,
      c.get("holder").user.id,
      c.req.valid("param").id,
    );
    return c.json(analytics, 200);
  });

  app.use("/links", requireScope("links:read"));
  app.openapi(v1Routes.listLinks, async (c) => {
    const dashboard = await promoterDashboard(db, c.get("holder").user.id);
    return c.json(
      {
        links: dashboard.active.map((link) => ({
          short_code: link.short_code,
          url: `${deps.publicUrl}/t/${link.short_code}`,
          campaign_id: link.campaign_id,
          campaign_title: link.campaign_title,
          campaign_status: link.campaign_status,
          prize_cents: link.prize_cents,
          ends_at: link.ends_at,
          clicks: link.clicks,
          rank: link.rank,
          participants: link.participants,
        })),
      },
      200,
    );
  });

  app.use("/earnings", requireScope("links:read"));
  app.openapi(v1Routes.earnings, async (c) => {
    const earnings = await promoterEarnings(db, c.get("holder").user.id);
    return c.json(
      {
        totals: earnings.totals && {
          paid_cents: earnings.totals.paid_cents,
          pending_cents: earnings.totals.pending_cents,
          campaigns_won: earnings.totals.campaigns_won,
          campaigns_joined: earnings.totals.campaigns_joined,
          total_clicks: earnings.totals.total_clicks,
        },
        rows: earnings.rows.map((row) => ({
          campaign_id: row.campaign_id,
          campaign_title: row.campaign_title,
          campaign_status: row.campaign_status,
          amount_cents: row.amount_cents,
          payout_status: row.payout_status,
          paid_at: row.paid_at,
          rank: row.rank,
          total_clicks: row.total_clicks,
        })),
      },
      200,
    );
  });

  app.use("/payouts", requireScope("payouts:read"));
  app.openapi(v1Routes.listPayouts, async (c) => {
    const list = await adminPayoutList(db);
    return c.json(
      {
        payouts: list.rows.flatMap((row) =>
          row.payout
            ? [
                {
                  id: row.payout.id,
                  campaign_id: row.campaign_id,
                  campaign_title: row.title,
                  winner_handle: row.winner?.handle ?? null,
                  amount_cents: row.payout.amount_cents,
                  status: row.payout.status,
                  hold_reasons: row.payout.hold_reasons,
                  paid_at: row.payout.paid_at,
                  transfer_id: row.payout.transfer_id,
                },
              ]
            : [],
        ),
      },
      200,
    );
  });

  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → API keys (`fb_…`), with the scopes the route names.",
  });
  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: "FanBoost API",
      version: "1",
      description: "Read your campaigns, links, earnings and (admins) payouts, and create draft campaigns.",
    },
    servers: [{ url: `${deps.publicUrl}${PUBLIC_API_BASE}` }],
  };
  app.doc31("/openapi.json", documentConfig);
  app.get("/docs", (c) => c.html(renderReferencePage(app.getOpenAPI31Document(documentConfig), PUBLIC_API_BASE)));
  return app;
}
