import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { harnessSettings } from "../config.js";

declare module "vitest" {
  export interface ProvidedContext {
    testRunId: string;
  }
}

/** Gives the run an id for its database names, and drops whatever this run left behind. */
export default function setup(project: TestProject) {
  const runId = randomBytes(3).toString("hex");
  project.provide("testRunId", runId);
  return async () => {
    const { testDatabaseUrl } = harnessSettings();
    if (!testDatabaseUrl) return;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `fanboost_test_${runId}_%`,
    ]);
    for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    await client.end();
  };
}
