import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { harnessSettings } from "../src/server/config";

/** Gives the run an id for its cluster databases, and drops whatever this run left behind (a file that crashed). */
export default function setup(project: TestProject) {
  const runId = randomBytes(3).toString("hex");
  project.provide("clusterRunId", runId);
  return async () => {
    const client = new pg.Client({ connectionString: harnessSettings().clusterDatabaseUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `fanboost_cluster_${runId}_%`,
    ]);
    for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    await client.end();
  };
}
