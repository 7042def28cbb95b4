import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { harnessSettings } from "../config.js";
import { openDatabase } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    testRunId: string;
    /** The migrated database each test file copies: a PostgreSQL database's name, or a PGlite dump's file. */
    templateDatabase: string;
  }
}

/** The same PostgreSQL server's database `name`. */
export const inDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/** One connection to the server at `url` for `work`, closed after it. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database per run, the template every test file copies (test-app.ts), so the migrations run once rather
 * than once per file: a PostgreSQL database (`create database … template`), or a migrated PGlite's dump. Drops
 * whatever this run left behind.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(3).toString("hex");
  project.provide("testRunId", runId);
  const { testDatabaseUrl } = harnessSettings();

  if (!testDatabaseUrl) {
    const folder = mkdtempSync(join(tmpdir(), "fanboost-template-"));
    const template = await openDatabase({ kind: "pglite", dataDir: "memory" });
    const dump = await template.dump?.();
    await template.close();
    if (!dump) throw new Error("The embedded database gave no dump");
    const file = join(folder, "pglite.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("templateDatabase", file);
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const name = `fanboost_test_${runId}_template`;
  await onServer(testDatabaseUrl, (client) => client.query(`create database ${name}`));
  const template = await openDatabase({ kind: "postgres", url: inDatabase(testDatabaseUrl, name), poolSize: 2 });
  await template.close();
  project.provide("templateDatabase", name);
  return () =>
    onServer(testDatabaseUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`fanboost_test_${runId}_%`],
      );
      for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    });
}
