import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { createAuth } from "../accounts/auth.js";
import { type App, createApp } from "../app.js";
import { type Config, harnessSettings, loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { createLogger } from "../logger.js";
import { createMailer } from "../mail/create-mailer.js";
import type { ResolveHost } from "../net/outbound-request.js";
import type { PaymentProvider } from "../payments/provider.js";
import { browserRequest, type TestRequest } from "./contract-call.js";
import { inDatabase, onServer } from "./global-setup.js";
import { assertInvariants } from "./invariants.js";

export const TEST_ORIGIN = "http://localhost:3000";

const randomOctet = () => randomBytes(1)[0] ?? 1;

/**
 * Opens a fresh database for one test file, a copy of the run's migrated template (global-setup.ts): in-memory PGlite
 * loaded from the template's dump, or a new PostgreSQL database copied from the template when TEST_DATABASE_URL is set.
 * `fromEmpty` skips the template and migrates an empty database instead (the migrations' own test). Closing it checks
 * the database's invariants first (invariants.ts): a file that broke one fails.
 */
export async function openTestDatabase(options: { fromEmpty?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = await openFreshDatabase(options.fromEmpty ?? false);
  return {
    ...handle,
    close: async () => {
      try {
        await assertInvariants(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}

/** The template's dump, read once per worker process. */
let templateDump: Blob | undefined;

/** The run's migrated embedded database, to start a PGlite from (`openDatabase`'s `from`). */
export const embeddedTemplate = (): Blob => {
  templateDump ??= new Blob([readFileSync(inject("templateDatabase"))]);
  return templateDump;
};

async function openFreshDatabase(fromEmpty: boolean): Promise<DatabaseHandle> {
  const { testDatabaseUrl } = harnessSettings();
  if (!testDatabaseUrl) {
    if (fromEmpty) return openDatabase({ kind: "pglite", dataDir: "memory" });
    return openDatabase({ kind: "pglite", dataDir: "memory", from: embeddedTemplate() });
  }

  const name = `fanboost_test_${inject("testRunId")}_${randomBytes(4).toString("hex")}`;
  const template = fromEmpty ? "" : ` template ${inject("templateDatabase")}`;
  await onServer(testDatabaseUrl, (client) => client.query(`create database ${name}${template}`));
  const handle = await openDatabase({ kind: "postgres", url: inDatabase(testDatabaseUrl, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(testDatabaseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const noHostNames: ResolveHost = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /**
   * Calls the app in process; adds the Origin header Better Auth wants on POSTs. Each call comes from a random
   * client address unless `ip` names one (so per-address rate limits only meet where a test wants them to).
   */
  request: TestRequest;
  close(): Promise<void>;
};

/** What the test helpers need: requests to the app and its database (an in-process app, or a cluster's balancer). */
export type TestClient = Pick<TestApp, "request" | "database">;

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    /** Replaces the configured payment provider (the Stripe tests use a local stand-in). */
    payments?: (database: DatabaseHandle) => PaymentProvider;
    /**
     * Another test app's database, as a server restarted with other settings sees it: this app does not close it.
     */
    database?: DatabaseHandle;
    /** The host names webhooks may resolve; by default none (address literals need none): no test asks real DNS. */
    resolveHost?: ResolveHost;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "fanboost-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: "test-secret-that-is-long-enough-0123456789",
    // Tests read a visit's verdict from its answer; a real visitor never can.
    EXPOSE_CLICK_VERDICTS: "true",
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = createApp({
    config,
    database,
    log: createLogger("silent"),
    webRoot: options.webRoot ?? join(dataDir, "no-web-build"),
    payments: options.payments?.(database),
    resolveHost: options.resolveHost ?? noHostNames,
  });
  try {
    await app.start();
  } catch (error) {
    // The caller gets no app to close, so nothing this made may stay open.
    await app.drain().catch(() => undefined);
    if (!options.database) await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    config,
    request: (path, init = {}) => {
      const { ip, ...sent } = init;
      const remoteAddress = ip ?? `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
      return Promise.resolve(
        app.request(path, browserRequest(TEST_ORIGIN, sent), { incoming: { socket: { remoteAddress } } }),
      );
    },
    close: async () => {
      try {
        await app.drain();
      } finally {
        try {
          if (!options.database) await database.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
  };
}

/** A Better Auth instance on the test app's database and configuration, for calling the library directly. */
export function createTestAuth(t: TestApp) {
  const log = createLogger("silent");
  return createAuth({ config: t.config, db: t.database.db, mailer: createMailer(t.config, t.database.db), log });
}
