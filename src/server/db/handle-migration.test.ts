import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidHandle } from "../../core/auth-rules";
import { openTestDatabase } from "../testing/test-app";
import type { DatabaseHandle } from "./client";
import { queryRows } from "./client";

/**
 * Migration 0027 renames handles that differ only in letter case before the index on lower(handle) makes them unique.
 * Its renamed handles meet the handle rule too. (Replayed here on the schema as it stood before: without that index.)
 */
const migration = readFileSync(new URL("./migrations/0027_promoter_handle_any_case.sql", import.meta.url), "utf8");
const [rename = ""] = migration.split("--> statement-breakpoint");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("migration 0027", () => {
  it("gives case-duplicate handles a suffix within the handle rule", async () => {
    const db = database.db;
    await db.execute(sql`drop index promoters_handle_lower_key`);
    const long = "Beat.Hunter.With.A.Long.Name";
    await db.execute(sql`insert into "user" (id, name, email) values
      ('first-holder', 'First', 'first@example.com'), ('second-holder', 'Second', 'second@example.com')`);
    await db.execute(sql`insert into promoters (handle, auth_user_id, created_at) values
      (${long}, 'first-holder', now() - interval '1 day'),
      (${long.toLowerCase()}, 'second-holder', now())`);
    await db.execute(sql.raw(rename));
    const rows = await queryRows<{ auth_user_id: string; handle: string }>(
      db,
      sql`select auth_user_id, handle from promoters where auth_user_id in ('first-holder', 'second-holder')`,
    );
    const renamed = rows.find((row) => row.auth_user_id === "second-holder")?.handle ?? "";
    expect(rows.find((row) => row.auth_user_id === "first-holder")?.handle).toBe(long);
    expect(renamed).toMatch(/^beat_hunter_with_a_lo-[0-9a-f]{8}$/);
    expect(isValidHandle(renamed)).toBe(true);
    const [user] = await queryRows<{ social_handle: string }>(
      db,
      sql`select social_handle from "user" where id = 'second-holder'`,
    );
    expect(user?.social_handle).toBe(renamed);
  });
});
