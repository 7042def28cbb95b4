import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectPath } from "../project-files.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** Either driver: both speak the same SQL and share one migration set. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** The PostgreSQL connection string, when there is one (LISTEN/NOTIFY needs its own connection). */
  url: string | undefined;
  /**
   * One parameterized statement straight to the driver; arrays travel as PostgreSQL arrays (for `unnest`).
   * A `name` makes it a prepared statement on PostgreSQL: parsed and planned once per connection, not per call.
   */
  rawQuery<Row>(text: string, params: unknown[], name?: string): Promise<Row[]>;
  /**
   * The embedded database's LISTEN: `onPayload` gets each NOTIFY of `channel` once its transaction commits. PostgreSQL
   * needs a connection of its own for this (see live-updates.ts), so only PGlite has it.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The embedded database's files as one tarball, to start another from (the tests' migrated template). */
  dump?(): Promise<Blob>;
  /** The PostgreSQL pool's connections: open, idle, and requests waiting for one (the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = projectPath("src/server/db/migrations");
/** Any constant works; it keeps two instances starting at once from migrating at the same time. */
const MIGRATION_LOCK_KEY = 4_215_733_907;

export type OpenDatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `from`: a dump (`dump()`) to start from instead of an empty database. */
  | { kind: "pglite"; dataDir: string | "memory"; from?: Blob };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return {
      db,
      kind: "postgres",
      url: options.url,
      rawQuery: async <Row>(text: string, params: unknown[], name?: string) =>
        (await pool.query({ text, values: params, ...(name ? { name } : {}) })).rows as Row[],
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }

  if (options.dataDir !== "memory") mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir === "memory" ? () => undefined : holdEmbeddedDatabase(options.dataDir);
  try {
    // The embedded database loads the extensions the migrations create (PostgreSQL ships them with contrib).
    const settings = { extensions: { pg_trgm }, loadDataDir: options.from };
    const client = options.dataDir === "memory" ? new PGlite(settings) : new PGlite(options.dataDir, settings);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      url: undefined,
      rawQuery: async <Row>(text: string, params: unknown[]) => (await client.query<Row>(text, params)).rows,
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      dump: () => client.dumpDataDir("none"),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Whether a Node process `pid` runs (where /proc tells the program, a reused pid of another program does not count). */
const isNodeRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
};

/**
 * One process at a time on an embedded database (two would corrupt it): a lock file beside it names the process that
 * holds it. A lock left by a process that is gone is taken over. Returns the release.
 */
function holdEmbeddedDatabase(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    // This process opening it again (a test, a diagnostic) is its own business; the first opening releases it.
    if (holder === process.pid) return () => undefined;
    if (Number.isInteger(holder) && holder > 0 && isNodeRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another FanBoost process (pid ${holder}). Stop that server first, then try again.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: join(config.dataDir, "pglite") });
}

/**
 * Runs raw SQL and returns its rows unchecked, whichever driver is underneath. Application code parses them
 * (`queryParsed` in rows.ts); tests and benches read them directly.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function pingDatabase(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
