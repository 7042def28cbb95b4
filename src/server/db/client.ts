import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any constant works; it keeps two instances starting at once from migrating at the same time. */
const MIGRATION_LOCK_KEY = 4_215_733_907;

export type OpenDatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | "memory" };

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
      close: () => pool.end(),
    };
  }

  if (options.dataDir !== "memory") mkdirSync(options.dataDir, { recursive: true });
  // The embedded database loads the extensions the migrations create (PostgreSQL ships them with contrib).
  const extensions = { pg_trgm };
  const client =
    options.dataDir === "memory" ? new PGlite({ extensions }) : new PGlite(options.dataDir, { extensions });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    url: undefined,
    rawQuery: async <Row>(text: string, params: unknown[]) => (await client.query<Row>(text, params)).rows,
    close: () => client.close(),
  };
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
