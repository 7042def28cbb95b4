import { get } from "./contract.js";

/** GET /api/health: public, and says nothing about the set-up. */
export type Health = { ok: boolean; version: string; database: { ok: boolean } };

/** GET /api/diag/database (admins): SPEC.md's diagnostics result for this self-hosted database. */
export type DatabaseDiagnostics = {
  ok: boolean;
  env: { databaseKind: "pglite" | "postgres"; urlSet: boolean };
  campaignsCount: number | null;
  latency: number;
  error: string | null;
  timestamp: string;
};

export const diagnosticsApi = {
  health: get<Health>()("/api/health"),
  database: get<DatabaseDiagnostics>()("/api/diag/database"),
} as const;
