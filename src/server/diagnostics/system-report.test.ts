import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnosticsApi } from "../../core/api/diagnostics";
import { envVariables, harnessSettings } from "../config";
import { queryRows } from "../db/client";
import { createStripeProvider } from "../payments/stripe";
import { signUp, type TestUser } from "../testing/accounts";
import { refusedRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { startSmtpStandIn } from "../testing/smtp-stand-in";
import { startStripeStandIn } from "../testing/stripe-stand-in";
import { createTestApp, type TestApp } from "../testing/test-app";

/** The admin system pages' API: the truth about this system, and never a secret. */

const journalEntries = (
  JSON.parse(readFileSync(new URL("../db/migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

async function adminOf(t: TestApp): Promise<TestUser> {
  const admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
  return admin;
}

const report = async (t: TestApp, admin: TestUser) => {
  const response = await t.request("/api/admin/system", { cookie: admin.cookie });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
};

describe("the embedded defaults (sandbox payments, dev outbox)", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminOf(t);
  });
  afterAll(() => t?.close());

  it("reports the database, payments, mail, jobs and configuration as they are", async () => {
    const { status, text, body } = await report(t, admin);
    expect(status).toBe(200);
    const [campaigns] = await queryRows<{ count: number }>(t.database.db, sql`select count(*) as count from campaigns`);
    expect(body.database).toMatchObject({
      ok: true,
      kind: t.database.kind,
      url: t.database.kind === "postgres" ? "set" : "not set",
      campaigns: Number(campaigns?.count),
      migrations: { applied: journalEntries, expected: journalEntries },
      error: null,
    });
    expect(body.database.version).toMatch(t.database.kind === "pglite" ? /^PostgreSQL \d+.*PGlite/ : /^PostgreSQL \d+/);
    expect(body.payments).toMatchObject({
      mode: "sandbox",
      live: false,
      keys: { secret_key: "not set", publishable_key: "not set", webhook_secret: "not set" },
      check: { ok: true, error: null },
    });
    expect(body.payments.check.detail).toMatch(/^Sandbox provider: \d+ payments, refunds and transfers recorded$/);
    expect(body.mail).toMatchObject({ mode: "outbox", smtp_url: "not set" });
    expect(body.mail.recorded).toBeGreaterThan(0);
    // No scheduler runs in the tests' in-process app, and the report says so.
    expect(body.jobs.map((job: { name: string }) => job.name)).toContain("finalize-ended-campaigns");
    expect(body.jobs.every((job: { scheduled: boolean }) => !job.scheduled)).toBe(true);
    // Every variable of the README's table, in its order, the newer ones too.
    const settings = new Map(
      body.settings.map((row: { variable: string; value: string }) => [row.variable, row.value] as const),
    );
    expect([...settings.keys()]).toEqual(envVariables);
    expect(Object.fromEntries(settings)).toMatchObject({
      AUTH_SECRET: "set",
      REVIEW_HOURS: "48",
      PAYOUT_WEEKDAY: "Friday",
      METRICS_TOKEN: "not set",
      NETWORK_CLICK_LIMIT: "10 counted clicks a link an hour",
      PRIZE_REPORTING_THRESHOLD: "$2,000",
      RESULT_APPROVAL: "admin",
    });
    expect(settings.get("PAYOUT_COUNTRIES")).toMatch(/^[A-Z]{2}(, [A-Z]{2})+$/);
    expect(text).not.toContain(t.config.authSecret);
  });

  it("sends a test email to the admin who asks, through the dev outbox", async () => {
    const response = await t.request("/api/admin/system/test-email", {
      method: "POST",
      cookie: admin.cookie,
      json: {},
    });
    expect(await response.json()).toEqual({ ok: true, transport: "outbox", to: admin.email, error: null });
  });

  it("is for admins only", async () => {
    const promoter = await signUp(t, "promoter");
    expect((await t.request("/api/admin/system")).status).toBe(401);
    expect((await t.request("/api/admin/system", { cookie: promoter.cookie })).status).toBe(403);
    const email = await t.request("/api/admin/system/test-email", {
      method: "POST",
      cookie: promoter.cookie,
      json: {},
    });
    expect(email.status).toBe(403);
  });
});

describe("Stripe and SMTP configured", () => {
  const keys = {
    secretKey: "sk_test_diagSecret123",
    publishableKey: "pk_test_diagPub456",
    webhookSecret: "whsec_diag789",
  };
  const smtpPassword = "smtp-Pa55word";
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    smtp = await startSmtpStandIn();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: keys.secretKey,
        STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
        STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
        SMTP_URL: `smtp://mailer:${smtpPassword}@127.0.0.1:${smtp.port}`,
      },
      payments: () => createStripeProvider(keys, stripe.endpoint),
    });
    admin = await adminOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await smtp?.close();
  });

  const secrets = () => [keys.secretKey, keys.publishableKey, keys.webhookSecret, smtpPassword, t.config.authSecret];

  it("calls Stripe, sends the test email over SMTP, and shows no key, password or secret", async () => {
    const { text, body } = await report(t, admin);
    expect(body.payments).toMatchObject({
      mode: "stripe",
      live: false,
      keys: { secret_key: "set", publishable_key: "set", webhook_secret: "set" },
      check: { ok: true, detail: "Stripe answered (test mode)", error: null },
    });
    expect(body.mail).toMatchObject({ mode: "smtp", smtp_url: "set" });
    for (const secret of secrets()) expect(text).not.toContain(secret);

    const sent = await t.request("/api/admin/system/test-email", { method: "POST", cookie: admin.cookie, json: {} });
    expect(await sent.json()).toEqual({ ok: true, transport: "smtp", to: admin.email, error: null });
    expect(smtp.messages.at(-1)?.data).toContain("Subject: FanBoost test email");
  });

  it("says when Stripe and the mail server do not answer, with their errors and without a secret", async () => {
    await stripe.close();
    await smtp.close();
    const { status, text, body } = await report(t, admin);
    expect(status).toBe(200);
    expect(body.payments.check.ok).toBe(false);
    expect(body.payments.check.error).toBeTruthy();
    const sent = await t.request("/api/admin/system/test-email", { method: "POST", cookie: admin.cookie, json: {} });
    const failed = await sent.text();
    expect(JSON.parse(failed)).toMatchObject({ ok: false, transport: "smtp" });
    expect(JSON.parse(failed).error).toMatch(/ECONNREFUSED|connect/i);
    for (const secret of secrets()) {
      expect(text).not.toContain(secret);
      expect(failed).not.toContain(secret);
    }
  });
});

describe.runIf(harnessSettings().testDatabaseUrl)("a stopped PostgreSQL", () => {
  let t: TestApp;
  let admin: TestUser;
  let name: string;
  const control = async (statement: string) => {
    const client = new pg.Client({ connectionString: harnessSettings().testDatabaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminOf(t);
    name = new URL(t.database.url ?? "").pathname.slice(1);
  });
  afterAll(async () => {
    await control(`alter database ${name} allow_connections true`);
    await t?.close();
  });

  it("shows as unreachable with its error, not as a 500", async () => {
    await control(`alter database ${name} allow_connections false`);
    await control(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    const health = await t.request("/api/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, database: { ok: false } });
    const refused = await refusedRoute(t, diagnosticsApi.system, { cookie: admin.cookie });
    expect(refused.status).toBe(503);
    const { message } = refused.error;
    expect(message).toMatch(/^The database is unreachable: /);
    expect(message).toMatch(/not currently accepting connections|terminat/i);
    expect(message).not.toContain(new URL(t.database.url ?? "").password || "\u0000");
  });
});
