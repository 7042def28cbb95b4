import type { ArtworkStore } from "../artwork/artwork-store.js";
import { remindEndingCampaigns } from "../campaigns/ending-reminders.js";
import { freezeMissingOfficialRules } from "../campaigns/official-rules.js";
import { pruneClientErrors } from "../client-errors/client-error-reports.js";
import type { ServerContext } from "../context/server-context.js";
import { pruneSharedCounts } from "../fraud/shared-address-counts.js";
import { pruneIdempotencyKeys } from "../http/idempotency.js";
import { announceFinalResults } from "../payouts/campaign-results.js";
import { finalizeEndedCampaigns } from "../payouts/finalize-campaigns.js";
import { remindPayoutAccounts, retryDuePayouts, runWeeklyPayouts } from "../payouts/pay-payouts.js";
import { processDueRefunds } from "../payouts/refunds.js";
import { requestApprovals, sendApprovalDigest } from "../payouts/result-approval.js";
import { rollUpClicks } from "../tracking/click-rollups.js";
import { clearExpiredClickIps } from "../tracking/ip-retention.js";
import { pruneWebhookLog } from "../webhooks/webhook-retention.js";
import type { WebhookSender } from "../webhooks/webhook-sender.js";
import type { Job } from "./scheduler.js";

const MINUTE = 60_000;
/** An upload no campaign uses after a day was left in an abandoned wizard. */
const UNUSED_ARTWORK_MS = 24 * 60 * MINUTE;

/**
 * Every job of a server instance. Each is safe to run on several instances at once: campaigns are finalized and
 * clicks rolled up under `skip locked` row locks; a result's announcement, payouts and refunds are claimed by conditional
 * updates, and transfers and refunds carry idempotency keys.
 */
export function backgroundJobs(deps: {
  context: ServerContext;
  artwork: ArtworkStore;
  payoutWeekday: number;
  webhooks: WebhookSender;
  /** Removes the expired record of API key requests (the public API's area, above this one). */
  pruneApiKeyRequests: () => Promise<number>;
  /** Campaigns whose result changed (finalized, or final after review): their live boards are sent again. */
  resultsChanged: (campaignIds: string[]) => void;
}): Job[] {
  const { context } = deps;
  return [
    // Claimed under skip-locked row locks, so every instance may send.
    { name: "deliver-webhooks", everyMs: 5_000, run: () => deps.webhooks.deliverDue() },
    { name: "freeze-official-rules", everyMs: 10 * MINUTE, run: () => freezeMissingOfficialRules(context.db, context) },
    {
      name: "finalize-ended-campaigns",
      everyMs: MINUTE,
      run: async () => {
        const finalized = await finalizeEndedCampaigns(context);
        if (finalized.length > 0) deps.resultsChanged(finalized.map((campaign) => campaign.campaignId));
        return finalized;
      },
    },
    { name: "remind-ending-campaigns", everyMs: 5 * MINUTE, run: () => remindEndingCampaigns(context) },
    {
      name: "announce-final-results",
      everyMs: MINUTE,
      run: async () => {
        const announced = await announceFinalResults(context);
        if (announced.length > 0) deps.resultsChanged(announced);
        return announced.length;
      },
    },
    // Claimed by conditional updates: each waiting result is told to the admins once, the digest once a day.
    { name: "request-result-approvals", everyMs: MINUTE, run: () => requestApprovals(context) },
    { name: "approval-digest", everyMs: 15 * MINUTE, run: () => sendApprovalDigest(context) },
    { name: "retry-payouts", everyMs: MINUTE, run: () => retryDuePayouts(context) },
    { name: "remind-payout-accounts", everyMs: 60 * MINUTE, run: () => remindPayoutAccounts(context) },
    { name: "refunds", everyMs: MINUTE, run: () => processDueRefunds(context) },
    { name: "weekly-payout-run", everyMs: 15 * MINUTE, run: () => runWeeklyPayouts(context, deps.payoutWeekday) },
    { name: "roll-up-clicks", everyMs: MINUTE, run: () => rollUpClicks(context.db) },
    { name: "clear-expired-click-ips", everyMs: 60 * MINUTE, run: () => clearExpiredClickIps(context.db) },
    { name: "prune-shared-fraud-counts", everyMs: 10 * MINUTE, run: () => pruneSharedCounts(context.db) },
    { name: "prune-client-error-reports", everyMs: 60 * MINUTE, run: () => pruneClientErrors(context.db) },
    { name: "prune-idempotency-keys", everyMs: 60 * MINUTE, run: () => pruneIdempotencyKeys(context.db) },
    { name: "prune-webhook-log", everyMs: 60 * MINUTE, run: () => pruneWebhookLog(context.db) },
    { name: "prune-api-key-requests", everyMs: 60 * MINUTE, run: deps.pruneApiKeyRequests },
    {
      name: "remove-unused-artwork",
      everyMs: 60 * MINUTE,
      run: () => deps.artwork.removeUnused(new Date(Date.now() - UNUSED_ARTWORK_MS)),
    },
  ];
}
