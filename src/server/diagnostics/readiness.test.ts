import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../db/client";
import { createTestApp, type TestApp } from "../testing/test-app";
import { checkReadiness } from "./database-status";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("readiness", () => {
  it("is ready when the database answers with every migration applied, and 503 with the reason otherwise", async () => {
    const ready = await t.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, reason: null });

    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    const behind = await t.request("/api/ready");
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ ready: false, reason: "migrations not applied" });
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
    );
    expect((await t.request("/api/ready")).status).toBe(200);
  });

  it("says the database is unreachable when it fails or does not answer within two seconds", async () => {
    const failing = { ...t.database, db: { execute: () => Promise.reject(new Error("ECONNREFUSED")) } };
    expect(await checkReadiness({ ...failing, db: failing.db as unknown as Database }, false)).toEqual({
      ready: false,
      reason: "database unreachable",
    });
    const silent = { execute: () => new Promise(() => undefined) } as unknown as Database;
    const started = Date.now();
    expect(await checkReadiness({ ...t.database, db: silent }, false)).toMatchObject({
      reason: "database unreachable",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it("answers 503 once shutdown begins, while the liveness check still answers 200", async () => {
    t.app.beginDrain();
    const draining = await t.request("/api/ready");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ ready: false, reason: "draining" });
    expect((await t.request("/api/health")).status).toBe(200);
  });
});
