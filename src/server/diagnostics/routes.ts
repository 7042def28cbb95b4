import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client.js";
import type { AppEnv } from "../http/app-env.js";
import { appVersion } from "../version.js";
import { diagnoseDatabase } from "./database-status.js";

export function diagnosticsRoutes(database: DatabaseHandle) {
  return new Hono<AppEnv>()
    .get("/health", async (c) => {
      const diagnostics = await diagnoseDatabase(database);
      return c.json(
        { ok: diagnostics.ok, version: appVersion, database: { kind: database.kind, ok: diagnostics.ok } },
        diagnostics.ok ? 200 : 503,
      );
    })
    .get("/diag/database", async (c) => {
      const diagnostics = await diagnoseDatabase(database);
      return c.json(diagnostics, diagnostics.ok ? 200 : 503);
    });
}
