import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SystemReport } from "../../core/api/diagnostics.js";
import { formatCents } from "../../core/money.js";
import { type Config, type EnvVariable, envVariables } from "../config.js";
import type { DatabaseHandle } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import type { JobLedger } from "../jobs/scheduler.js";
import type { MailSender } from "../mail/mail-sender.js";
import type { Mailer } from "../mail/mailer.js";
import type { PaymentProvider } from "../payments/provider.js";
import { redact } from "../redact.js";
import { appVersion } from "../version.js";
import { diagnoseDatabase, expectedMigrations } from "./database-status.js";

/**
 * What the admin setup, debug and diagnostics pages say about this self-hosted system: the database, payments, mail,
 * background jobs and configuration. Secrets (AUTH_SECRET, keys, URLs that may carry a password) are reported as set or
 * not set, never shown; error texts pass through `redact` first.
 */

export type SystemDeps = {
  config: Config;
  database: DatabaseHandle;
  payments: PaymentProvider;
  mailer: Mailer;
  mailSender: MailSender;
  jobs: JobLedger;
};

const setOrNot = (value: string | undefined) => (value ? "set" : "not set");
const onOrOff = (value: boolean) => (value ? "on" : "off");
const listOrNot = (values: readonly string[]) => (values.length === 0 ? "not set" : values.join(", "));

/** What this instance took from each variable: a Record over them all, so a new setting cannot be left out. */
function settingsReport(config: Config): SystemReport["settings"] {
  const trust = config.trustProxy;
  const values: Record<EnvVariable, string> = {
    PORT: String(config.port),
    HOST: config.host,
    PUBLIC_URL: config.publicUrl,
    DATA_DIR: config.dataDir,
    DATABASE_URL: setOrNot(config.databaseUrl),
    AUTH_SECRET: config.authSecretSource === "env" ? "set" : "generated in DATA_DIR",
    TRUST_PROXY:
      trust.kind === "none" ? "off" : trust.kind === "hops" ? `${trust.hops} hop(s)` : trust.cidrs.join(", "),
    LOG_LEVEL: config.logLevel,
    ADMIN_EMAILS: `${config.adminEmails.length} address${config.adminEmails.length === 1 ? "" : "es"}`,
    NODE_ENV: config.nodeEnv,
    SMTP_URL: setOrNot(config.smtpUrl),
    MAIL_FROM: config.mailFrom,
    SUPPORT_EMAIL: config.supportEmail ?? "not set",
    STRIPE_SECRET_KEY: setOrNot(config.stripe?.secretKey),
    STRIPE_PUBLISHABLE_KEY: setOrNot(config.stripe?.publishableKey),
    STRIPE_WEBHOOK_SECRET: setOrNot(config.stripe?.webhookSecret),
    PAYOUT_WEEKDAY: weekdays[config.payoutWeekday] ?? String(config.payoutWeekday),
    REVIEW_HOURS: String(config.reviewHours),
    COUNTRY_HEADER: config.countryHeader ?? "not set",
    NETWORK_CLICK_LIMIT: `${config.networks.clickLimit} counted clicks a link an hour`,
    PRIZE_REPORTING_THRESHOLD: formatCents(config.prizeReportingThresholdCents),
    PAYOUT_COUNTRIES: config.payoutCountries.join(", "),
    NETWORK_OVERRIDES: listOrNot(config.networks.overrides.map((override) => override.cidr)),
    SONG_LINK_HOSTS: config.songLinkHosts.join(", "),
    RESULT_APPROVAL: config.resultApproval,
    EXPOSE_CLICK_VERDICTS: onOrOff(config.exposeClickVerdicts),
    DRAIN_DELAY_SECONDS: `${config.drainDelayMs / 1000} s`,
    SHUTDOWN_TIMEOUT_SECONDS: `${config.shutdownTimeoutMs / 1000} s`,
    METRICS_PORT: config.metrics.port === undefined ? "not set" : String(config.metrics.port),
    METRICS_TOKEN: setOrNot(config.metrics.token),
    WEBHOOK_LOCAL_RECEIVERS: onOrOff(config.webhookLocalReceivers),
  };
  return envVariables.map((variable) => ({ variable, value: values[variable] }));
}

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

async function databaseReport(handle: DatabaseHandle): Promise<SystemReport["database"]> {
  const check = await diagnoseDatabase(handle);
  const base = {
    ok: check.ok,
    kind: handle.kind,
    url: handle.url ? ("set" as const) : ("not set" as const),
    latency_ms: check.latency,
    campaigns: check.campaignsCount,
    error: check.error === null ? null : redact(check.error),
    migrations: { applied: null, expected: expectedMigrations() },
    version: null,
  };
  if (!check.ok) return base;
  try {
    const [info] = await queryParsed(
      handle.db,
      z.object({ version: column.text, applied: column.number }),
      sql`select split_part(version(), ' on ', 1) as version,
                 (select count(*) from drizzle.__drizzle_migrations) as applied`,
    );
    return {
      ...base,
      version: info?.version ?? null,
      migrations: { applied: info?.applied ?? null, expected: base.migrations.expected },
    };
  } catch (error) {
    return { ...base, error: redact(error instanceof Error ? error.message : String(error)) };
  }
}

async function paymentsReport(deps: SystemDeps): Promise<SystemReport["payments"]> {
  const started = performance.now();
  const stripe = deps.config.stripe;
  const mode = deps.payments.kind;
  const keys = {
    secret_key: stripe ? ("set" as const) : ("not set" as const),
    publishable_key: stripe ? ("set" as const) : ("not set" as const),
    webhook_secret: stripe ? ("set" as const) : ("not set" as const),
  };
  const live = stripe ? /^(sk|rk)_live_/.test(stripe.secretKey) : false;
  try {
    const answer = await deps.payments.ping();
    return {
      mode,
      live,
      keys,
      check: { ok: true, latency_ms: Math.round(performance.now() - started), detail: answer, error: null },
    };
  } catch (error) {
    return {
      mode,
      live,
      keys,
      check: {
        ok: false,
        latency_ms: Math.round(performance.now() - started),
        detail: null,
        error: redact(error instanceof Error ? error.message : String(error)),
      },
    };
  }
}

async function mailReport(deps: SystemDeps): Promise<SystemReport["mail"]> {
  const base = {
    mode: deps.mailer.kind,
    smtp_url: deps.config.smtpUrl ? ("set" as const) : ("not set" as const),
    from: deps.config.mailFrom,
  };
  try {
    const [row] = await queryParsed(
      deps.database.db,
      z.object({ sent: column.number, last: column.timestampOrNull }),
      sql`select count(*) as sent, max(created_at) as last from mail_outbox`,
    );
    return { ...base, recorded: row?.sent ?? 0, last_at: row?.last?.toISOString() ?? null };
  } catch {
    return { ...base, recorded: null, last_at: null };
  }
}

export async function systemReport(deps: SystemDeps): Promise<SystemReport> {
  const { config } = deps;
  const [database, payments, mail] = await Promise.all([
    databaseReport(deps.database),
    paymentsReport(deps),
    mailReport(deps),
  ]);
  return {
    checked_at: new Date().toISOString(),
    version: appVersion,
    node: process.version,
    uptime_s: Math.round(process.uptime()),
    database,
    payments,
    mail,
    jobs: deps.jobs.snapshot().map((run) => ({
      name: run.name,
      every_s: Math.round(run.everyMs / 1000),
      scheduled: run.scheduled,
      running: run.running,
      last_started_at: run.lastStartedAt?.toISOString() ?? null,
      last_finished_at: run.lastFinishedAt?.toISOString() ?? null,
      last_ok: run.lastOk,
      last_error: run.lastError === null ? null : redact(run.lastError),
      next_run_at: run.nextRunAt?.toISOString() ?? null,
    })),
    settings: settingsReport(config),
  };
}

/** Sends the test email of the diagnostics page to the admin who asked, now, past the queue; says how it went. */
export async function sendTestEmail(deps: Pick<SystemDeps, "mailer" | "mailSender">, to: string) {
  const result = await deps.mailSender.sendNow({
    to,
    subject: "FanBoost test email",
    text: "This is the test email you sent from FanBoost's admin diagnostics. If you can read it, email works.\n",
  });
  return { ok: result.ok, transport: deps.mailer.kind, to, error: result.error };
}
