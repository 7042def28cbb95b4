import { get, post } from "./contract.js";

/** GET /api/health: public, and says nothing about the set-up. */
export type Health = { ok: boolean; version: string; database: { ok: boolean } };

/**
 * GET /api/ready: public, for load balancers. Ready when this instance is not shutting down, its database answers and
 * has every migration this version knows; otherwise 503 with the reason.
 */
export type Readiness = {
  ready: boolean;
  reason: "draining" | "network data loading" | "database unreachable" | "migrations not applied" | null;
};

/** GET /api/diag/database (admins): SPEC.md's diagnostics result for this self-hosted database. */
export type DatabaseDiagnostics = {
  ok: boolean;
  env: { databaseKind: "pglite" | "postgres"; urlSet: boolean };
  campaignsCount: number | null;
  latency: number;
  error: string | null;
  timestamp: string;
};

type SetOrNot = "set" | "not set";

/** GET /api/admin/system: this self-hosted system as the setup, debug and diagnostics pages show it; never a secret. */
export type SystemReport = {
  checked_at: string;
  version: string;
  node: string;
  uptime_s: number;
  database: {
    ok: boolean;
    kind: "pglite" | "postgres";
    /** DATABASE_URL (it may carry a password, so only whether it is set). */
    url: SetOrNot;
    version: string | null;
    latency_ms: number;
    campaigns: number | null;
    migrations: { applied: number | null; expected: number };
    error: string | null;
  };
  payments: {
    mode: "stripe" | "sandbox";
    live: boolean;
    keys: { secret_key: SetOrNot; publishable_key: SetOrNot; webhook_secret: SetOrNot };
    /** A live call to the provider. */
    check: { ok: boolean; latency_ms: number; detail: string | null; error: string | null };
  };
  mail: {
    mode: "smtp" | "outbox";
    smtp_url: SetOrNot;
    from: string;
    /** Emails recorded (sent by SMTP, or kept in the dev outbox). */
    recorded: number | null;
    last_at: string | null;
  };
  /** This instance's background jobs. */
  jobs: Array<{
    name: string;
    every_s: number;
    scheduled: boolean;
    running: boolean;
    last_started_at: string | null;
    last_finished_at: string | null;
    last_ok: boolean | null;
    last_error: string | null;
    next_run_at: string | null;
  }>;
  /**
   * Every environment variable with what this instance took from it (a default included), in config.ts's order;
   * secrets and URLs that may carry one as "set" or "not set".
   */
  settings: Array<{ variable: string; value: string }>;
};

export type TestEmailResult = { ok: boolean; transport: "smtp" | "outbox"; to: string; error: string | null };

export const diagnosticsApi = {
  health: get<Health>()("/api/health"),
  ready: get<Readiness>()("/api/ready"),
  database: get<DatabaseDiagnostics>()("/api/diag/database"),
  system: get<SystemReport>()("/api/admin/system"),
  /** Sends a test email to the admin who asks. */
  testEmail: post<TestEmailResult>()("/api/admin/system/test-email"),
} as const;
