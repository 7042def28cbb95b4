import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { campaignPageMeta } from "../core/page-meta.js";
import { songEmbedFrameHosts } from "../core/song-embeds.js";
import { WEBHOOK_ANSWER_BYTES, WEBHOOK_TIMEOUT_MS } from "../core/webhooks.js";
import { accountDeletionRoutes } from "./account-deletion/routes.js";
import { createAuth } from "./accounts/auth.js";
import { createGuards } from "./accounts/guards.js";
import { accountRoutes } from "./accounts/routes.js";
import { adminRoutes } from "./admin/routes.js";
import { artistRoutes } from "./artists/routes.js";
import { databaseArtworkStore } from "./artwork/artwork-store.js";
import { artworkRoutes } from "./artwork/routes.js";
import { campaignArtworkRoutes } from "./campaigns/artwork-routes.js";
import { campaignVisibleTo, publicCampaignForMeta } from "./campaigns/campaign-view.js";
import { campaignRoutes } from "./campaigns/routes.js";
import { clientErrorRoutes } from "./client-errors/routes.js";
import { type Config, isSecureOrigin } from "./config.js";
import { contactRoutes } from "./contact/routes.js";
import type { ServerContext } from "./context/server-context.js";
import type { DatabaseHandle } from "./db/client.js";
import { diagnosticsRoutes } from "./diagnostics/routes.js";
import { embedContentSecurityPolicy } from "./embeds/embed-page.js";
import { embedRoutes, isEmbedPath } from "./embeds/routes.js";
import { createIpHasher } from "./fraud/click-signals.js";
import { createCountryLookup } from "./fraud/country-lookup.js";
import { createFraudMonitor } from "./fraud/monitor.js";
import { createNetworkLookup } from "./fraud/networks.js";
import { fraudRules } from "./fraud/rules.js";
import type { AppEnv } from "./http/app-env.js";
import { createClientIpResolver } from "./http/client-ip.js";
import { errorBody } from "./http/error-body.js";
import { apiErrorHandler } from "./http/error-handler.js";
import { socketAddress } from "./http/node-request.js";
import { apiRequestBody, formRequestBody } from "./http/request-body.js";
import { refuseForeignOrigins } from "./http/same-origin.js";
import { backgroundJobs } from "./jobs/background-jobs.js";
import { createJobLedger } from "./jobs/scheduler.js";
import { leaderboardRoutes } from "./leaderboards/routes.js";
import { createLiveUpdates } from "./live/live-updates.js";
import type { Logger } from "./logger.js";
import { createMailer, createMailTransport } from "./mail/create-mailer.js";
import { createMailSender } from "./mail/mail-sender.js";
import type { MailTransport } from "./mail/mailer.js";
import { outboxBacklog } from "./mail/outbox.js";
import { unsubscribeRoutes } from "./mail/unsubscribe-routes.js";
import { createMetrics } from "./metrics/metrics.js";
import { metricsHandler } from "./metrics/metrics-endpoint.js";
import { createOutbound, type ResolveHost, systemResolver } from "./net/outbound-request.js";
import { notificationRoutes } from "./notifications/routes.js";
import { createPaymentProvider } from "./payments/create-provider.js";
import type { PaymentProvider } from "./payments/provider.js";
import { sandboxOnboardingRoutes } from "./payments/sandbox-onboarding.js";
import { payoutRoutes } from "./payouts/routes.js";
import { promoterRoutes } from "./promoters/routes.js";
import { pruneApiKeyRequests } from "./public-api/api-keys.js";
import { apiKeyRoutes } from "./public-api/key-routes.js";
import { PUBLIC_API_BASE, publicApiRoutes } from "./public-api/v1-routes.js";
import { webhookRoutes } from "./public-api/webhook-routes.js";
import { createClickChallenges } from "./tracking/click-challenges.js";
import { createClickConfirmations } from "./tracking/click-confirmations.js";
import { type ClickHandler, createClickHandler } from "./tracking/click-handler.js";
import { createClickRecorder } from "./tracking/click-recorder.js";
import { createCountedAddresses } from "./tracking/counted-addresses.js";
import { createLinkLookup } from "./tracking/link-lookup.js";
import { clickPageRoutes, trackingRoutes } from "./tracking/routes.js";
import { VISIT_SCRIPT_FILE } from "./tracking/tracking-page.js";
import { webRoutes } from "./web/routes.js";
import { readBuiltFile } from "./web/static-assets.js";
import { visitScriptRoute } from "./web/visit-script.js";
import { createLeaderWatch } from "./webhooks/leader-watch.js";
import { createWebhookSender } from "./webhooks/webhook-sender.js";

export type AppServices = {
  config: Config;
  database: DatabaseHandle;
  log: Logger;
  /** Folder of the built web app (dist/web). */
  webRoot: string;
  /** Replaces the provider the configuration names (tests point Stripe at a local stand-in). */
  payments?: PaymentProvider;
  /** Replaces the mail transport the configuration names. */
  mailTransport?: MailTransport;
  /** Replaces the operating system's resolver for requests sent on users' behalf (tests never ask real DNS). */
  resolveHost?: ResolveHost;
};

/** The CSP the app passes; Stripe's script and frames are allowed only when Stripe is configured. */
function contentSecurityPolicy(stripe: boolean) {
  const stripeScript = stripe ? ["https://js.stripe.com"] : [];
  const stripeFrames = stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, ...stripeScript],
    // Toast and dialog libraries inject <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...(stripe ? ["https://*.stripe.com"] : [])],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
    // The players of the song services a campaign page embeds (loaded when the visitor presses Play).
    frameSrc: ["'self'", ...stripeFrames, ...songEmbedFrameHosts],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** Builds the whole HTTP surface. Tests import this and call `app.fetch`. */
export function createApp(services: AppServices) {
  const { config, database, log } = services;
  const db = database.db;
  const metrics = createMetrics();
  /** Set when shutdown begins: readiness answers 503 from then on. */
  let draining = false;
  const mailer = createMailer(config, db);
  const mailSender = createMailSender({
    db,
    transport: services.mailTransport ?? createMailTransport(config, log),
    log,
  });
  const auth = createAuth({ config, db, mailer, log });
  const guards = createGuards(auth, db);
  const payments = services.payments ?? createPaymentProvider(config, db);
  const context: ServerContext = {
    db,
    payments,
    mailer,
    log,
    publicUrl: config.publicUrl,
    reviewHours: config.reviewHours,
    resultApproval: config.resultApproval,
    networkClickLimit: config.networks.clickLimit,
    payoutCountries: config.payoutCountries,
    prizeReportingThresholdCents: config.prizeReportingThresholdCents,
    authSecret: config.authSecret,
  };
  const resolveClientIp = createClientIpResolver(config.trustProxy);
  const live = createLiveUpdates(database, log);
  const leaderWatch = createLeaderWatch(db, log);
  /** Counted clicks moved these campaigns: their boards, and whether their lead changed hands (webhooks). */
  const countedMoved = (campaignIds: string[]) => {
    live.publish(campaignIds);
    leaderWatch.moved(campaignIds);
  };
  const recorder = createClickRecorder(database, log, {
    onCounted: countedMoved,
    onCommitted: metrics.clickBatch,
    // Several instances may share one PostgreSQL: the network limit is held there, one limit for all of them.
    networkLimit:
      database.kind === "postgres"
        ? { limit: config.networks.clickLimit, windowMs: fraudRules.networkWindowMs }
        : undefined,
  });
  // With PostgreSQL several instances may share the clicks of one address: their counts are shared once it is busy.
  const fraud = createFraudMonitor(db, log, {
    shared: database.kind === "postgres",
    networkClickLimit: config.networks.clickLimit,
  });
  const networkOf = createNetworkLookup(config.networks.overrides, (error) =>
    log.error({ err: error }, "the autonomous-system table could not be read; networks are recorded without it"),
  );
  const lookup = createLinkLookup(db);
  const countedAddresses = createCountedAddresses();
  const hashIp = createIpHasher(config.authSecret);
  const challenges = createClickChallenges({ db, authSecret: config.authSecret, lookup, countedAddresses });
  const confirmations = createClickConfirmations({
    db,
    authSecret: config.authSecret,
    visitScript: readBuiltFile(services.webRoot, VISIT_SCRIPT_FILE),
  });
  const handleClick = createClickHandler({
    log,
    lookup,
    networkOf,
    recorder,
    countedAddresses,
    fraud,
    challenges,
    confirmations,
    hashIp,
    userFromCookie: guards.userFromCookie,
    countryHeader: config.countryHeader,
    countryOf: createCountryLookup(),
    publicUrl: config.publicUrl,
    resolveClientIp,
    exposeVerdicts: config.exposeClickVerdicts,
    secureOrigin: isSecureOrigin(config.publicUrl),
  });
  const clickHandler: ClickHandler = async (request) => {
    const started = performance.now();
    const response = await handleClick(request);
    metrics.request(request.method, "/t/:code", response.status, (performance.now() - started) / 1000);
    return response;
  };
  const artwork = databaseArtworkStore(db);
  // Every request sent on a user's behalf goes through this (ADR 042).
  const outbound = createOutbound({
    resolveHost: services.resolveHost ?? systemResolver,
    allowLocalNetwork: config.webhookLocalReceivers,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxAnswerBytes: WEBHOOK_ANSWER_BYTES,
  });
  const webhookSender = createWebhookSender({ db, mailer, log, publicUrl: config.publicUrl, outbound });
  const jobs = backgroundJobs({
    context,
    artwork,
    payoutWeekday: config.payoutWeekday,
    webhooks: webhookSender,
    resultsChanged: live.publish,
    pruneApiKeyRequests: () => pruneApiKeyRequests(db),
  });
  const jobLedger = createJobLedger(jobs, metrics.jobRun);
  if (config.metrics.port !== undefined || config.metrics.token !== undefined) {
    metrics.expose({
      outbox: () => outboxBacklog(db),
      jobs: () => jobLedger.snapshot(),
      liveStreams: () => live.openStreams,
      pool: () => database.poolStats?.(),
    });
  }
  const app = new Hono<AppEnv>();

  // Registered before the app-wide middleware, which therefore never runs for a click (see tracking/routes.ts).
  app.route("/", trackingRoutes(clickHandler));
  // Scrapes are neither logged nor counted as traffic.
  if (config.metrics.token) app.get("/metrics", metricsHandler(metrics, config.metrics.token));
  app.use(requestId());
  app.use(async (c, next) => {
    const requestLog = log.child({ reqId: c.get("requestId") });
    c.set("log", requestLog);
    c.set("clientIp", resolveClientIp(socketAddress(c.env), c.req.header("x-forwarded-for")));
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    metrics.request(c.req.method, routePath(c), c.res.status, ms / 1000);
    requestLog.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, "request");
  });
  const headers = {
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: services.config.publicUrl.startsWith("https:")
      ? "max-age=15552000; includeSubDomains"
      : false,
  } as const;
  const appHeaders = secureHeaders({
    ...headers,
    contentSecurityPolicy: contentSecurityPolicy(Boolean(config.stripe)),
    xFrameOptions: "DENY",
  });
  // Any site may frame the embed's pages and load its scripts; no site may frame the rest.
  const embedHeaders = secureHeaders({
    ...headers,
    contentSecurityPolicy: embedContentSecurityPolicy,
    xFrameOptions: false,
    crossOriginResourcePolicy: "cross-origin",
  });
  app.use((c, next) => (isEmbedPath(c.req.path) ? embedHeaders(c, next) : appHeaders(c, next)));
  const embeds = embedRoutes({ db, live, publicUrl: config.publicUrl });

  app.use("/api/*", refuseForeignOrigins(config.trustedOrigins), apiRequestBody(), async (c, next) => {
    await next();
    // API answers are about this moment and often about one signed-in user: no cache keeps them.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  app.route(
    "/api",
    diagnosticsRoutes({
      config,
      database,
      payments,
      mailer,
      mailSender,
      jobs: jobLedger,
      guards,
      draining: () => draining,
      networkData: networkOf.state,
    }),
  );
  app.route("/api", accountRoutes({ auth, context, guards, adminEmails: config.adminEmails }));
  app.route("/api", accountDeletionRoutes({ auth, context, guards }));
  app.route(
    "/api/admin",
    adminRoutes({
      ...context,
      guards,
      live,
      mailSender,
      prizeReportingThresholdCents: config.prizeReportingThresholdCents,
    }),
  );
  app.route("/api/artist", artistRoutes({ db, guards, payments, live }));
  app.route("/api/promoter", promoterRoutes({ db, guards, live }));
  app.route("/api", campaignRoutes({ ...context, guards, songLinkHosts: config.songLinkHosts, artwork, live }));
  app.route("/", artworkRoutes({ db, guards, store: artwork }));
  app.route("/", campaignArtworkRoutes({ db, guards, store: artwork }));
  app.route("/api", payoutRoutes({ ...context, guards, resultsChanged: live.publish }));
  app.route("/api", apiKeyRoutes({ db, guards }));
  app.route("/api", webhookRoutes({ db, guards, production: config.nodeEnv === "production", outbound }));
  app.route(
    PUBLIC_API_BASE,
    publicApiRoutes({
      db,
      publicUrl: config.publicUrl,
      songLinkHosts: config.songLinkHosts,
      payoutCountries: config.payoutCountries,
    }),
  );
  app.route("/api", leaderboardRoutes({ db, live, guards }));
  app.route("/api", embeds.api);
  app.route("/api", clickPageRoutes({ challenges, confirmations, hashIp, onCounted: countedMoved }));
  app.route("/api", notificationRoutes({ db, guards, live }));
  app.route("/api", clientErrorRoutes({ db }));
  app.route("/api", contactRoutes({ db, mailer, log, supportEmail: config.supportEmail, guards }));
  app.all("/api/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  if (payments.kind === "sandbox") {
    app.use("/sandbox/*", refuseForeignOrigins(config.trustedOrigins), formRequestBody);
    app.route("/", sandboxOnboardingRoutes(db));
  }
  app.route("/", embeds.pages);
  app.route("/", visitScriptRoute(confirmations.script));
  app.route("/", unsubscribeRoutes({ db, authSecret: config.authSecret, publicUrl: config.publicUrl }));
  app.route(
    "/",
    webRoutes(services.webRoot, config.publicUrl, {
      campaignMeta: async (id) => {
        const campaign = await publicCampaignForMeta(db, id);
        return campaign ? campaignPageMeta(campaign) : null;
      },
      campaignVisibleToViewer: async (c, id) => {
        const viewer = await guards.sessionUser(c);
        return viewer ? campaignVisibleTo(db, id, viewer.id) : false;
      },
    }),
  );

  app.onError(apiErrorHandler(log));

  /** Waits for queued clicks to be written; called at shutdown after the server stops accepting. */
  return Object.assign(app, {
    /** Tracking requests, for the Node server's fast path (`serveApp`). */
    clickHandler,
    /** The services domain functions use (tests call those functions directly). */
    context,
    /** The background jobs a server runs (campaign end, payouts, refunds, click roll-up, IP retention). */
    jobs,
    /** The jobs' last and next runs on this instance (the scheduler fills it in). */
    jobLedger,
    /** Sends what the mail outbox holds (tests call it to send at once). */
    mailSender,
    /** Sends what the webhook outbox holds (a job every 5 s; tests call it to send at once). */
    webhookSender,
    /** Live updates: the leaderboards' and the bell's signals, and the open streams. */
    live,
    /** This instance's Prometheus metrics (served at METRICS_PORT, or at /metrics with METRICS_TOKEN). */
    metrics,
    /** Shutdown has begun: readiness answers 503 from now on, while requests are still served. */
    beginDrain: () => {
      draining = true;
    },
    isDraining: () => draining,
    /**
     * Reads the network data now, so that the first visits do not wait for it; until it is read, readiness says so. A
     * server does at start; tests read it on their first public address.
     */
    preloadNetworks: () => networkOf.preload(),
    /** Starts listening for other instances' leaderboard updates, and sending the outbox's emails. */
    start: async () => {
      mailSender.start();
      await live.start();
    },
    /**
     * Waits until every click answered so far, and every suspicious-activity flag, is written (clicks that did not
     * count and flags are written after their answer).
     */
    clicksWritten: async () => {
      await recorder.drain();
      await fraud.written();
    },
    /**
     * At shutdown, after the server stops accepting: ends live streams (each tells its page to reconnect elsewhere),
     * writes the queued clicks and flags, and stops the mail sender (handing back what it claimed but did not send).
     */
    drain: async () => {
      draining = true;
      await live.close();
      await recorder.drain();
      await fraud.written();
      await leaderWatch.stop();
      await mailSender.stop();
    },
  });
}

export type App = ReturnType<typeof createApp>;
