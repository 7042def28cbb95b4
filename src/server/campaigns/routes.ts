import { Hono } from "hono";
import { z } from "zod";
import { campaignsApi } from "../../core/api/campaigns.js";
import { campaignListQuerySchema, createCampaignSchema } from "../../core/campaign-rules.js";
import { eligibilitySchema } from "../../core/eligibility-rules.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import type { ArtworkStore } from "../artwork/artwork-store.js";
import { assertArtworkExists } from "../artwork/artwork-uploads.js";
import type { ServerContext } from "../context/server-context.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { errorBody } from "../http/error-body.js";
import { idempotent } from "../http/idempotency.js";
import { validate } from "../http/validate.js";
import type { LiveUpdates } from "../live/live-updates.js";
import { createSiteMetricsCache, listLiveCampaigns } from "./campaign-list.js";
import { campaignView, findVisibleCampaign } from "./campaign-view.js";
import { createDraftCampaign } from "./create-campaign.js";
import { activateFundedCampaign, confirmSandboxFunding, fundingSummary, startFunding } from "./funding.js";
import { joinCampaign } from "./join-campaign.js";
import { publishedOfficialRules } from "./official-rules.js";
import { listPublicCampaignSummaries } from "./public-campaigns.js";

export type CampaignRouteDeps = ServerContext & {
  guards: Guards;
  songLinkHosts: readonly string[];
  artwork: ArtworkStore;
  /** A join moves its campaign's board and dashboards, on every instance. */
  live: LiveUpdates;
};

const sandboxCardSchema = z.object({
  number: z.string({ error: "Your card number is incomplete." }).max(40, "Your card number is invalid."),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .max(10, "Your card's expiration date is invalid."),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(10, "Your card's security code is invalid."),
});

const joinSchema = z.object({ eligibility: eligibilitySchema.optional() });

export function campaignRoutes(deps: CampaignRouteDeps) {
  const { db, log, guards, payments } = deps;
  const app = new Hono<AppEnv>();
  const createSchema = createCampaignSchema(deps.songLinkHosts, deps.payoutCountries);
  const siteMetrics = createSiteMetricsCache(db);

  app.get(routePath(campaignsApi.publicList), async (c) => {
    try {
      return c.json(
        reply(campaignsApi.publicList, { ok: true, items: await listPublicCampaignSummaries(db), error: null }),
      );
    } catch (error) {
      c.get("log").error({ err: error }, "public campaign list failed");
      return c.json(reply(campaignsApi.publicList, { ok: false, items: [], error: "Failed to load campaigns" }), 503);
    }
  });

  /** What the browser needs to validate a campaign the way the server will. */
  app.get(routePath(campaignsApi.settings), (c) =>
    c.json(
      reply(campaignsApi.settings, {
        songLinkHosts: [...deps.songLinkHosts],
        paymentProvider: payments.kind,
        payoutCountries: [...deps.payoutCountries],
      }),
    ),
  );

  app.get(routePath(campaignsApi.metrics), async (c) => {
    try {
      return c.json(reply(campaignsApi.metrics, { ok: true, metrics: await siteMetrics(), error: null }));
    } catch (error) {
      c.get("log").error({ err: error }, "site metrics failed");
      return c.json(
        reply(campaignsApi.metrics, { ok: false, metrics: null, error: "Failed to load site metrics" }),
        503,
      );
    }
  });

  app.get(routePath(campaignsApi.list), validate("query", campaignListQuerySchema), async (c) => {
    const viewer = await guards.sessionUser(c);
    const page = await listLiveCampaigns(db, c.req.valid("query"), viewer?.id);
    return c.json(reply(campaignsApi.list, { ok: true, ...page, error: null }));
  });

  // A draft or a join repeated with its Idempotency-Key (a retry, the offline queue) answers the first result.
  const oncePerUser = idempotent(db, async (c) => `user:${currentUser(c).id}`);

  app.post(
    routePath(campaignsApi.create),
    guards.requireArtist,
    oncePerUser,
    validate("json", createSchema),
    async (c) => {
      const input = c.req.valid("json");
      await assertArtworkExists(deps.artwork, input.artwork_key);
      const campaign = await createDraftCampaign(db, currentUser(c).id, input);
      return c.json(reply(campaignsApi.create, { campaign: fundingSummary(campaign) }), 201);
    },
  );

  /** The campaign page (and the funding and success pages) read a campaign by id, as this viewer may see it. */
  app.get(routePath(campaignsApi.detail), async (c) => {
    const viewer = await guards.sessionUser(c);
    const campaign = await findVisibleCampaign(db, c.req.param("id"), viewer?.id);
    return c.json(reply(campaignsApi.detail, { campaign: await campaignView(db, campaign, viewer?.id) }));
  });

  /** A launched campaign's official rules, for whoever may see the campaign. */
  app.get(routePath(campaignsApi.rules), async (c) => {
    const viewer = await guards.sessionUser(c);
    const campaign = await findVisibleCampaign(db, c.req.param("id"), viewer?.id);
    return c.json(reply(campaignsApi.rules, { rules: await publishedOfficialRules(db, campaign.id, deps) }));
  });

  app.post(routePath(campaignsApi.startFunding), guards.requireUser, async (c) =>
    c.json(
      reply(campaignsApi.startFunding, await startFunding({ db, payments, log }, currentUser(c).id, c.req.param("id"))),
    ),
  );

  app.post(routePath(campaignsApi.join), guards.requireUser, oncePerUser, validate("json", joinSchema), async (c) => {
    const { link, created } = await joinCampaign(db, currentUser(c).id, c.req.param("id"), {
      payoutCountries: deps.payoutCountries,
      eligibility: c.req.valid("json").eligibility,
    });
    if (created) deps.live.publish([link.campaignId]);
    const body = reply(campaignsApi.join, {
      link: {
        short_code: link.shortCode,
        url: `${deps.publicUrl}/t/${link.shortCode}`,
        total_clicks: link.totalClicks,
      },
    });
    return c.json(body, created ? 201 : 200);
  });

  if (payments.kind === "sandbox") {
    app.post(
      routePath(campaignsApi.sandboxPayment),
      guards.requireUser,
      validate("json", sandboxCardSchema),
      async (c) => {
        const funded = await confirmSandboxFunding(
          { ...deps, sandbox: payments },
          currentUser(c).id,
          c.req.param("id"),
          c.req.valid("json"),
        );
        return c.json(reply(campaignsApi.sandboxPayment, funded));
      },
    );
  } else {
    app.post("/webhooks/stripe", async (c) => {
      const signature = c.req.header("stripe-signature");
      const payload = await c.req.text();
      let succeeded: ReturnType<typeof payments.parseWebhook>;
      try {
        if (!signature) throw new Error("missing signature");
        succeeded = payments.parseWebhook(payload, signature);
      } catch {
        return c.json(errorBody("bad_signature", "Webhook signature verification failed"), 400);
      }
      if (succeeded) await activateFundedCampaign(deps, succeeded);
      return c.json({ received: true });
    });
  }

  return app;
}
