import { existsSync } from "node:fs";

/**
 * Where each test file runs (ADR 045), in one place. `npm run test:unit`: the files that touch no database, once.
 * `npm test`: those and every other file on PGlite. `.ci/run` adds `npm run test:postgres`: the files whose behaviour
 * can differ by database, again on PostgreSQL. A file listed here that does not exist fails every run.
 */

/** The server's files that touch no database (the rest of the unit tier is found by folder). */
const serverUnitFiles = [
  "src/server/accounts/password-hashing.test.ts",
  "src/server/config.test.ts",
  "src/server/fraud/browsers.test.ts",
  "src/server/fraud/click-signals.test.ts",
  "src/server/fraud/monitor.test.ts",
  "src/server/fraud/networks.test.ts",
  "src/server/fraud/promoter-risk.test.ts",
  "src/server/http/client-ip.test.ts",
  "src/server/mail/templates/email-layout.test.ts",
  "src/server/metrics/series-histogram.test.ts",
  "src/server/net/ip-address.test.ts",
  "src/server/net/outbound-request.test.ts",
  "src/server/project-files.test.ts",
  "src/server/tracking/counted-addresses.test.ts",
  "src/server/tracking/tracking-page.test.ts",
  "src/server/web/static-assets.test.ts",
];

export const unitFiles = ["src/core/**/*.test.ts", "src/web/**/*.test.ts", "src/web/**/*.test.tsx", ...serverUnitFiles];

/** Every file that opens a database. */
export const databaseFiles = { include: ["src/server/**/*.test.ts"], exclude: serverUnitFiles };

/**
 * The files whose behaviour can differ by database: migrations and the SQL both must accept, hostile input (NUL
 * characters, huge numbers) reaching the database, races and row locks (`for update`, `skip locked`), the click
 * recorder and its network limit, the click evidence the fraud engine stores and reads (jsonb, aggregates), counts
 * shared between instances, the integrations' limits (token buckets, stream caps), money in, holds and payouts, the
 * outboxes, LISTEN/NOTIFY across processes, and the tests that only PostgreSQL can run.
 */
export const bothDatabaseFiles = [
  "src/server/db/migrations.test.ts",
  "src/server/db/handle-migration.test.ts",
  "src/server/app.test.ts",
  "src/server/diagnostics/system-report.test.ts",
  "src/server/http/idempotency.test.ts",
  "src/server/input-fuzz.test.ts",
  "src/server/accounts/account-hardening.test.ts",
  "src/server/accounts/account-settings.test.ts",
  "src/server/mail/mail-outbox.test.ts",
  "src/server/public-api/webhooks.test.ts",
  "src/server/public-api/webhook-addresses.test.ts",
  "src/server/public-api/key-holder.test.ts",
  "src/server/public-api/public-api.test.ts",
  "src/server/live/live-stream-limit.test.ts",
  "src/server/payments/stripe.test.ts",
  "src/server/tracking/click-recorder.test.ts",
  "src/server/tracking/click-crash.test.ts",
  "src/server/tracking/click-challenges.test.ts",
  "src/server/tracking/click-rollups.test.ts",
  "src/server/tracking/click-confirmations.test.ts",
  "src/server/fraud/network-rules.test.ts",
  "src/server/fraud/request-evidence.test.ts",
  "src/server/fraud/divergence.test.ts",
  "src/server/fraud/signals.test.ts",
  "src/server/tracking/tracking.test.ts",
  "src/server/tracking/tracking-failures.test.ts",
  "src/server/payouts/payouts.test.ts",
  "src/server/payouts/prize-ledger.test.ts",
  "src/server/payouts/holds-and-rules.test.ts",
  "src/server/payouts/flag-holds.test.ts",
  "src/server/payouts/tax-holds.test.ts",
  "src/server/payouts/winner-verification.test.ts",
  "src/server/payouts/payout-accounts.test.ts",
  "src/server/campaigns/campaigns.test.ts",
  "src/server/campaigns/campaign-mail.test.ts",
  "src/server/campaigns/join-live.test.ts",
  "src/server/campaigns/money-races.test.ts",
  "src/server/leaderboards/leaderboards.test.ts",
  "src/server/admin/fraud-review.test.ts",
];

const missing = [...serverUnitFiles, ...bothDatabaseFiles].filter(
  (file) => !existsSync(new URL(file, import.meta.url)),
);
if (missing.length > 0) throw new Error(`vitest.tiers.ts lists files that do not exist: ${missing.join(", ")}`);
