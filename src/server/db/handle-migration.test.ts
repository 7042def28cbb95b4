import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidHandle } from "../../core/auth-rules";
import { openTestDatabase } from "../testing/test-app";
import type { DatabaseHandle } from "./client";
import { queryRows } from "./client";

/**
 * Migration 0028 brings every handle within the one handle rule (3 to 30 letters, digits, underscores or hyphens):
 * earlier sign-ups kept dots and allowed 2 characters. Replayed here on handles written as they once could be.
 */
const migration = readFileSync(new URL("./migrations/0028_money_and_account_races.sql", import.meta.url), "utf8");
const rename = migration.split("--> statement-breakpoint").find((step) => step.includes("One handle rule")) ?? "";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe("migration 0028", () => {
  it("renames handles outside the rule within it, and the user's social handle with them", async () => {
    const db = database.db;
    const old = ["Beat.Hunter.With.A.Long.Name", "ab", `x${"y".repeat(34)}`, "fine_handle-7"];
    await db.execute(sql`insert into "user" (id, name, email) values
      ('h1', 'One', 'h1@example.com'), ('h2', 'Two', 'h2@example.com'), ('h3', 'Three', 'h3@example.com'),
      ('h4', 'Four', 'h4@example.com')`);
    for (const [index, handle] of old.entries()) {
      await db.execute(sql`insert into promoters (handle, auth_user_id) values (${handle}, ${`h${index + 1}`})`);
      await db.execute(sql`update "user" set social_handle = ${handle} where id = ${`h${index + 1}`}`);
    }
    expect(rename).toContain("UPDATE");
    await db.execute(sql.raw(rename));
    const rows = await queryRows<{ id: string; handle: string; social_handle: string }>(
      db,
      sql`select u.id, p.handle, u.social_handle from promoters p join "user" u on u.id = p.auth_user_id
          where u.id in ('h1', 'h2', 'h3', 'h4') order by u.id`,
    );
    expect(rows.map((row) => isValidHandle(row.handle))).toEqual([true, true, true, true]);
    expect(rows[0]?.handle).toMatch(/^Beat_Hunter_With_A_Lo-[0-9a-f]{8}$/);
    expect(rows[1]?.handle).toMatch(/^ab-[0-9a-f]{8}$/);
    expect(rows[3]?.handle).toBe("fine_handle-7");
    expect(rows.map((row) => row.social_handle)).toEqual(rows.map((row) => row.handle));
  });
});
