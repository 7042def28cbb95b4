import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-app";
import { type DatabaseHandle, queryRows } from "./client";

/**
 * Every other test file copies the run's migrated template; this one runs the migrations from an empty database, as
 * a new deployment does, and checks it ends where the template does.
 */
const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: unknown[];
};

/** The schema as text: columns, constraints, indexes and functions of the public schema, sorted. */
const schemaOf = async (database: DatabaseHandle) =>
  (
    await queryRows<{ item: string }>(
      database.db,
      sql`select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as item
            from information_schema.columns where table_schema = 'public'
          union all
          select concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) from pg_constraint
            where connamespace = 'public'::regnamespace
          union all
          select indexdef from pg_indexes where schemaname = 'public'
          union all
          select concat_ws(' ', proname, pg_get_function_identity_arguments(oid)) from pg_proc
            where pronamespace = 'public'::regnamespace
          order by 1`,
    )
  ).map((row) => row.item);

let empty: DatabaseHandle;
let copy: DatabaseHandle;
beforeAll(async () => {
  empty = await openTestDatabase({ fromEmpty: true });
  copy = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all([empty?.close(), copy?.close()]);
});

describe("migrations from an empty database", () => {
  it("apply every migration of the journal", async () => {
    const rows = await queryRows<{ applied: number }>(
      empty.db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.applied).toBe(journal.entries.length);
  });

  it("give the schema every test file's copy of the template has", async () => {
    const fromEmpty = await schemaOf(empty);
    expect(fromEmpty.length).toBeGreaterThan(100);
    expect(fromEmpty).toEqual(await schemaOf(copy));
  });
});
