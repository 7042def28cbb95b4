import { Hono } from "hono";
import { z } from "zod";
import {
  adminApi,
  adminCampaignStatuses,
  dismissFlagMessages,
  prizeLedgerPath,
  timeRanges,
} from "../../core/api/admin.js";
import { uuidPattern } from "../../core/ids.js";
import { queryText, requiredText } from "../../core/text-rules.js";
import { passOnGrounds } from "../../core/vocabulary.js";
import { currentUser, type Guards } from "../accounts/guards.js";
import { recordAdminAction } from "../audit/record-audit.js";
import { deleteCampaign } from "../campaigns/delete-campaign.js";
import { listClientErrorGroups } from "../client-errors/client-error-reports.js";
import type { ServerContext } from "../context/server-context.js";
import { DomainError } from "../errors.js";
import { campaignRiskView, replayCampaign } from "../fraud/replay.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { validate } from "../http/validate.js";
import { assertCampaignId } from "../ids.js";
import type { LiveUpdates } from "../live/live-updates.js";
import type { MailSender } from "../mail/mail-sender.js";
import { endCampaignNow } from "../payouts/finalize-campaigns.js";
import { passOnMessages, passOnPrize } from "../payouts/pass-on.js";
import { payPayoutNow } from "../payouts/pay-payouts.js";
import { adminPayoutList } from "../payouts/payout-list.js";
import { exportPrizeLedger, ledgerYears } from "../payouts/prize-ledger.js";
import { approvalQueue, approveCandidate } from "../payouts/result-approval.js";
import {
  clicksByCountry,
  countedClicksOverTime,
  rateLimitingStats,
  recentClickViews,
  suspiciousActivityIn,
  topIps,
  topUserAgents,
  visitsByVerdict,
} from "../tracking/click-analytics.js";
import { changeCampaignState, listAdminCampaigns } from "./admin-campaigns.js";
import { listContactMessageViews, listOutboxEmails, markMessageHandled, outboxEmailHtml } from "./admin-messages.js";
import { adminStats } from "./admin-stats.js";
import { listUsers, setAdmin, setBanned } from "./admin-users.js";
import { listAdminAudit } from "./audit-log.js";
import { dismissFlag, investigate, releaseResults, suspiciousItemView, voidClicks } from "./fraud-review.js";
import { approvalView, userLinkViews } from "./result-evidence.js";

const rangeQuery = z.object({
  range: z.enum(timeRanges, { error: "Choose a time range: 1h, 24h, 7d or 30d" }).default("24h"),
});

const ledgerYear = z.object({
  year: z.coerce
    .number({ error: "Choose a year" })
    .int("Choose a year")
    .min(ledgerYears.first, `Choose a year from ${ledgerYears.first} to ${ledgerYears.last}`)
    .max(ledgerYears.last, `Choose a year from ${ledgerYears.first} to ${ledgerYears.last}`)
    .default(() => new Date().getUTCFullYear()),
});

const wholeNumber = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be a whole number`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

const pageQuery = z.object({
  q: queryText("Search", 100),
  offset: wholeNumber("offset", 100_000, 0),
  limit: wholeNumber("limit", 100, 50).refine((limit) => limit >= 1, "limit must be at least 1"),
});
const campaignsQuery = pageQuery.extend({
  status: z.enum(adminCampaignStatuses, { error: "Unknown campaign status" }).default("all"),
});

const id = (message: string) => z.string({ error: message }).regex(uuidPattern, message);
const flagId = z.coerce
  .number({ error: "Invalid flag ID" })
  .int("Invalid flag ID")
  .min(1, "Invalid flag ID")
  .max(Number.MAX_SAFE_INTEGER, "Invalid flag ID");
const addressHash = z.string({ error: "Invalid address" }).regex(/^[A-Za-z0-9_-]{1,128}$/, "Invalid address");
const voidBody = z.object({
  campaign_id: id("Invalid campaign ID"),
  promoter_id: id("Invalid promoter ID").optional(),
  ip_hash: addressHash.optional(),
  reason: queryText("Reason", 500),
  flag_id: flagId.optional(),
});
const banBody = z.object({ reason: queryText("Reason", 500) });
const passOnBody = z.object({
  grounds: z.enum(passOnGrounds, { error: "Choose why the prize passes on: fraud or another rule" }),
  reason: requiredText("Reason", { max: 500, requiredMessage: passOnMessages.reasonNeeded }),
});
const dismissBody = z.object({
  reason: requiredText("Reason", { max: 500, requiredMessage: dismissFlagMessages.reasonNeeded }),
});
const networkLimitMessage = "The network limit must be a whole number from 1 to 10000";
const replayQuery = z.object({
  network_limit: z.coerce
    .number({ error: networkLimitMessage })
    .int(networkLimitMessage)
    .min(1, networkLimitMessage)
    .max(10_000, networkLimitMessage)
    .optional(),
});
const investigateQuery = z
  .object({
    flag: flagId.optional(),
    address: addressHash.optional(),
    fingerprint: z
      .string({ error: "Invalid fingerprint" })
      .regex(/^[A-Za-z0-9_-]{1,128}$/, "Invalid fingerprint")
      .optional(),
    promoter: id("Invalid promoter ID").optional(),
    link: id("Invalid link ID").optional(),
    campaign: id("Invalid campaign ID").optional(),
    user: z
      .string({ error: "Invalid user ID" })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid user ID")
      .optional(),
  })
  .refine(
    (query) => Object.values(query).filter((value) => value !== undefined).length === 1,
    "Choose one thing to investigate: a flag, address, fingerprint, promoter, link, campaign or user",
  );

/** Every admin API, mounted once at `/api/admin` behind the admin guard: none can be added without it. */
export function adminRoutes(
  deps: ServerContext & {
    guards: Guards;
    live: Pick<LiveUpdates, "publish">;
    mailSender: Pick<MailSender, "resend">;
    /** PRIZE_REPORTING_THRESHOLD, in cents: the ledger marks the promoters whose year reached it. */
    prizeReportingThresholdCents: number;
  },
) {
  const { db } = deps;
  const admin = new Hono<AppEnv>();
  admin.use(deps.guards.requireAdmin);
  const at = (contract: { path: string }) => routePath(contract, "/api/admin");

  admin.get(at(adminApi.stats), async (c) => c.json(reply(adminApi.stats, await adminStats(db))));

  admin.get(at(adminApi.campaigns), validate("query", campaignsQuery), async (c) =>
    c.json(reply(adminApi.campaigns, await listAdminCampaigns(db, c.req.valid("query")))),
  );
  admin.post(at(adminApi.endCampaign), async (c) => {
    const result = await endCampaignNow(deps, c.req.param("id"), currentUser(c));
    deps.live.publish([result.campaignId]);
    return c.json(reply(adminApi.endCampaign, { ok: true, status: result.status, winners: result.winners.length }));
  });
  admin.delete(at(adminApi.deleteCampaign), async (c) =>
    c.json(
      reply(adminApi.deleteCampaign, { ok: true, ...(await deleteCampaign(deps, c.req.param("id"), currentUser(c))) }),
    ),
  );
  for (const [contract, change] of [
    [adminApi.pauseCampaign, "pause"],
    [adminApi.resumeCampaign, "resume"],
    [adminApi.hideCampaign, "hide"],
    [adminApi.showCampaign, "show"],
  ] as const) {
    admin.post(at(contract), async (c) =>
      c.json(reply(contract, await changeCampaignState(db, c.req.param("id"), change, currentUser(c)))),
    );
  }

  admin.get(at(adminApi.payouts), async (c) => c.json(reply(adminApi.payouts, await adminPayoutList(db))));
  admin.post(at(adminApi.payPayout), async (c) =>
    c.json(reply(adminApi.payPayout, await payPayoutNow(deps, c.req.param("payoutId"), currentUser(c)))),
  );
  admin.get(prizeLedgerPath.slice("/api/admin".length), validate("query", ledgerYear), async (c) => {
    const { year } = c.req.valid("query");
    const csv = await exportPrizeLedger(db, currentUser(c), year, deps.prizeReportingThresholdCents);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="fanboost-prize-ledger-${year}.csv"`,
    });
  });
  admin.post(at(adminApi.passOnPayout), validate("json", passOnBody), async (c) => {
    const payoutId = id("Invalid payout ID").parse(c.req.param("payoutId"));
    const decision = c.req.valid("json");
    const { campaignId, ...passed } = await passOnPrize(deps, payoutId, currentUser(c), decision);
    deps.live.publish([campaignId]);
    return c.json(reply(adminApi.passOnPayout, passed));
  });
  admin.post(at(adminApi.approvePayout), async (c) => {
    const payoutId = id("Invalid payout ID").parse(c.req.param("payoutId"));
    const { campaignId, ...approved } = await approveCandidate(deps, payoutId, currentUser(c));
    deps.live.publish([campaignId]);
    return c.json(reply(adminApi.approvePayout, approved));
  });
  admin.get(at(adminApi.approvalQueue), async (c) =>
    c.json(reply(adminApi.approvalQueue, { items: await approvalQueue(db) })),
  );
  admin.get(at(adminApi.approvalView), async (c) =>
    c.json(reply(adminApi.approvalView, await approvalView(db, assertCampaignId(c.req.param("campaignId"))))),
  );

  admin.get(at(adminApi.topIps), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.topIps, { items: await topIps(db, c.req.valid("query").range) })),
  );
  admin.get(at(adminApi.topUserAgents), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.topUserAgents, { items: await topUserAgents(db, c.req.valid("query").range) })),
  );
  admin.get(at(adminApi.countries), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.countries, { items: await clicksByCountry(db, c.req.valid("query").range) })),
  );
  admin.get(at(adminApi.verdicts), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.verdicts, { items: await visitsByVerdict(db, c.req.valid("query").range) })),
  );
  admin.get(at(adminApi.overTime), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.overTime, await countedClicksOverTime(db, c.req.valid("query").range))),
  );
  admin.get(at(adminApi.rateLimiting), validate("query", rangeQuery), async (c) =>
    c.json(reply(adminApi.rateLimiting, await rateLimitingStats(db, c.req.valid("query").range))),
  );
  admin.get(at(adminApi.recentClicks), async (c) =>
    c.json(reply(adminApi.recentClicks, { items: await recentClickViews(db) })),
  );
  admin.get(at(adminApi.suspicious), validate("query", rangeQuery), async (c) => {
    const rows = await suspiciousActivityIn(db, c.req.valid("query").range);
    return c.json(reply(adminApi.suspicious, { items: rows.map(suspiciousItemView) }));
  });
  admin.get(at(adminApi.investigate), validate("query", investigateQuery), async (c) =>
    c.json(reply(adminApi.investigate, await investigate(db, c.req.valid("query")))),
  );
  admin.post(at(adminApi.dismissFlag), validate("json", dismissBody), async (c) => {
    const flag = flagId.safeParse(c.req.param("id"));
    if (!flag.success) throw new DomainError("not_found", "Flag not found");
    return c.json(
      reply(adminApi.dismissFlag, await dismissFlag(db, flag.data, c.req.valid("json").reason, currentUser(c))),
    );
  });
  admin.post(at(adminApi.voidClicks), validate("json", voidBody), async (c) => {
    const body = c.req.valid("json");
    const result = await voidClicks(deps, {
      campaignId: body.campaign_id,
      promoterId: body.promoter_id,
      ipHash: body.ip_hash,
      actor: currentUser(c),
      reason: body.reason,
      flagId: body.flag_id,
    });
    deps.live.publish([body.campaign_id]);
    return c.json(reply(adminApi.voidClicks, result));
  });
  admin.post(at(adminApi.releaseResults), async (c) => {
    const campaignId = assertCampaignId(c.req.param("id"));
    const released = await releaseResults(deps, campaignId, currentUser(c));
    deps.live.publish([campaignId]);
    return c.json(reply(adminApi.releaseResults, released));
  });
  admin.get(at(adminApi.campaignRisk), async (c) => {
    const campaignId = assertCampaignId(c.req.param("id"));
    return c.json(reply(adminApi.campaignRisk, await campaignRiskView(db, campaignId)));
  });
  admin.get(at(adminApi.fraudReplay), validate("query", replayQuery), async (c) => {
    const campaignId = assertCampaignId(c.req.param("id"));
    const networkLimit = c.req.valid("query").network_limit ?? deps.networkClickLimit;
    const report = await replayCampaign(db, campaignId, { networkLimit });
    return c.json(reply(adminApi.fraudReplay, report));
  });

  admin.get(at(adminApi.users), validate("query", pageQuery), async (c) =>
    c.json(reply(adminApi.users, await listUsers(db, c.req.valid("query")))),
  );
  admin.post(at(adminApi.grantAdmin), async (c) =>
    c.json(reply(adminApi.grantAdmin, await setAdmin(db, c.req.param("id"), true, currentUser(c)))),
  );
  admin.post(at(adminApi.revokeAdmin), async (c) =>
    c.json(reply(adminApi.revokeAdmin, await setAdmin(db, c.req.param("id"), false, currentUser(c)))),
  );
  admin.post(at(adminApi.banUser), validate("json", banBody), async (c) =>
    c.json(
      reply(
        adminApi.banUser,
        await setBanned(db, c.req.param("id"), { banned: true, reason: c.req.valid("json").reason }, currentUser(c)),
      ),
    ),
  );
  admin.post(at(adminApi.unbanUser), async (c) =>
    c.json(reply(adminApi.unbanUser, await setBanned(db, c.req.param("id"), { banned: false }, currentUser(c)))),
  );

  admin.get(at(adminApi.userLinks), async (c) => {
    const userId = z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid user ID")
      .parse(c.req.param("id"));
    return c.json(reply(adminApi.userLinks, { items: await userLinkViews(db, userId) }));
  });

  admin.get(
    at(adminApi.messages),
    validate(
      "query",
      z.object({ status: z.enum(["open", "all"], { error: "Show open or all messages" }).default("open") }),
    ),
    async (c) =>
      c.json(reply(adminApi.messages, { items: await listContactMessageViews(db, c.req.valid("query").status) })),
  );
  admin.post(at(adminApi.markMessageHandled), async (c) =>
    c.json(reply(adminApi.markMessageHandled, await markMessageHandled(db, c.req.param("id"), currentUser(c)))),
  );
  admin.get(at(adminApi.outbox), async (c) => c.json(reply(adminApi.outbox, { items: await listOutboxEmails(db) })));
  admin.post(at(adminApi.resendEmail), async (c) => {
    const emailId = id("Invalid email ID").parse(c.req.param("id"));
    if (!(await deps.mailSender.resend(emailId)))
      throw new DomainError("conflict", "Only a failed email can be resent");
    await recordAdminAction(db, currentUser(c), {
      action: "resend_email",
      subjectType: "message",
      subjectId: emailId,
      summary: "Queued a failed email to be sent again",
    });
    return c.json(reply(adminApi.resendEmail, { ok: true }));
  });
  admin.get(at(adminApi.emailHtml), async (c) => {
    const html = await outboxEmailHtml(db, id("Invalid email ID").parse(c.req.param("id")));
    if (html === null) throw new DomainError("not_found", "This email has no HTML part");
    return c.json(reply(adminApi.emailHtml, { html }));
  });
  admin.get(at(adminApi.clientErrors), async (c) =>
    c.json(reply(adminApi.clientErrors, { items: await listClientErrorGroups(db) })),
  );
  admin.get(at(adminApi.audit), validate("query", z.object({ offset: wholeNumber("offset", 100_000, 0) })), async (c) =>
    c.json(
      reply(adminApi.audit, { items: await listAdminAudit(db, { limit: 100, offset: c.req.valid("query").offset }) }),
    ),
  );

  return admin;
}
