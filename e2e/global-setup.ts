import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's folder, which each journey's server starts from (a copy). */
    embeddedTemplate: string;
  }
}

/**
 * Migrates one embedded database per run, on disk: each journey's server copies its folder into its DATA_DIR before it
 * starts, instead of running every migration itself (ADR 045).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "fanboost-e2e-template-"));
  const template = await openDatabase({ kind: "pglite", dataDir: join(folder, "pglite") });
  await template.close();
  project.provide("embeddedTemplate", join(folder, "pglite"));
  return () => rmSync(folder, { recursive: true, force: true });
}
