import { count } from "drizzle-orm";
import type { DatabaseDiagnostics } from "../../core/api/diagnostics.js";
import type { DatabaseHandle } from "../db/client.js";
import { campaigns } from "../db/schema.js";

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
