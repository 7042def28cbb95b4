import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { count, sql } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseDiagnostics, Readiness } from "../../core/api/diagnostics.js";
import type { DatabaseHandle } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { campaigns } from "../db/schema.js";
import type { NetworkDataState } from "../fraud/networks.js";
import { projectPath } from "../project-files.js";

/** The migrations this version of the code ships (and applies at start-up). */
export const expectedMigrations = (): number => {
  const journal = JSON.parse(readFileSync(projectPath("src/server/db/migrations/meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
};

/** A database that has not answered the readiness check in this time is taken for unreachable. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * Behind `/api/ready`: not while this instance drains or reads its network data, and only when its database answers in
 * time and holds every migration this version ships (a newer instance may have applied more).
 */
export async function checkReadiness(
  handle: DatabaseHandle,
  draining: boolean,
  networkData: NetworkDataState = "ready",
): Promise<Readiness> {
  if (draining) return { ready: false, reason: "draining" };
  if (networkData === "loading") return { ready: false, reason: "network data loading" };
  const timeout = new AbortController();
  const applied = await Promise.race([
    queryParsed(
      handle.db,
      z.object({ applied: column.number }),
      sql`select count(*) as applied from drizzle.__drizzle_migrations`,
    ).then(([row]) => row?.applied ?? 0),
    sleep(READINESS_TIMEOUT_MS, undefined, { signal: timeout.signal }),
  ])
    .catch(() => undefined)
    .finally(() => timeout.abort());
  if (applied === undefined) return { ready: false, reason: "database unreachable" };
  if (applied < expectedMigrations()) return { ready: false, reason: "migrations not applied" };
  return { ready: true, reason: null };
}

/** The connection check behind `/api/health`, `/api/diag/database` and the admin setup page. */
export async function diagnoseDatabase(handle: DatabaseHandle): Promise<DatabaseDiagnostics> {
  const started = performance.now();
  const env = { databaseKind: handle.kind, urlSet: Boolean(handle.url) };
  try {
    const [row] = await handle.db.select({ value: count() }).from(campaigns);
    return {
      ok: true,
      env,
      campaignsCount: row?.value ?? 0,
      latency: Math.round(performance.now() - started),
      error: null,
      timestamp: new Date().toISOString(),
    };
  } catch (error) {
    return {
      ok: false,
      env,
      campaignsCount: null,
      latency: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : "Failed to connect to database",
      timestamp: new Date().toISOString(),
    };
  }
}
