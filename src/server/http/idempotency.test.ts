import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsApi } from "../../core/api/campaigns";
import { contactApi } from "../../core/api/contact";
import { queryRows } from "../db/client";
import { signUp } from "../testing/accounts";
import { createLiveCampaign } from "../testing/campaigns";
import { answerOf, bodyOf, callRoute, errorOf } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { AppEnv } from "./app-env";
import { idempotencyMessages, idempotent, pruneIdempotencyKeys } from "./idempotency";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("Idempotency-Key", () => {
  it("joins once however often a join is repeated with its key, and answers the repeat with the first result", async () => {
    const campaignId = await createLiveCampaign(t, await signUp(t, "artist"));
    const promoter = await signUp(t, "promoter");
    const join = (cookie = promoter.cookie) =>
      callRoute(t, campaignsApi.join, {
        params: { id: campaignId },
        cookie,
        headers: { "Idempotency-Key": "join-key-1" },
      });
    const first = await join();
    expect(first.status).toBe(201);
    const again = await join();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(bodyOf(again)).toEqual(bodyOf(first));
    const links = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from tracking_links where campaign_id = ${campaignId}`,
    );
    expect(links[0]?.count).toBe(1);
    // Another user's same key is theirs alone.
    const other = await signUp(t, "promoter");
    const theirs = await join(other.cookie);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores a contact message once per key and caller, and refuses a key reused for another message", async () => {
    const send = (subject: string, ip: string, key = "contact-key-1") =>
      callRoute(t, contactApi.send, {
        ip,
        body: { name: "Sam", email: "sam@example.com", subject, message: "Hello", type: "general" },
        headers: { "Idempotency-Key": key },
      });
    const first = await send("Once", "203.0.113.10");
    const again = await send("Once", "203.0.113.10");
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(bodyOf(again)).toEqual(bodyOf(first));
    const stored = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from contact_messages where subject = 'Once'`,
    );
    expect(stored[0]?.count).toBe(1);

    const reused = await send("Something else", "203.0.113.10");
    expect(reused.status).toBe(422);
    expect(errorOf(reused).message).toBe(idempotencyMessages.reused);
    const malformed = await send("Once", "203.0.113.10", "not a key!");
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).message).toBe(idempotencyMessages.malformed);
    // Without the header nothing changes: two sends, two messages.
    await t.request("/api/contact", {
      method: "POST",
      ip: "203.0.113.11",
      json: { name: "Sam", email: "sam@example.com", subject: "Twice", message: "Hi", type: "general" },
    });
    await t.request("/api/contact", {
      method: "POST",
      ip: "203.0.113.11",
      json: { name: "Sam", email: "sam@example.com", subject: "Twice", message: "Hi", type: "general" },
    });
    const twice = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from contact_messages where subject = 'Twice'`,
    );
    expect(twice[0]?.count).toBe(2);
  });

  it("runs a repeat of a request that failed on the server, and says so while the first still runs", async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const app = new Hono<AppEnv>().post(
      "/write",
      idempotent(t.database.db, async () => "test"),
      async (c) => {
        calls++;
        if (calls === 1) return c.json({ error: "down" }, 503);
        if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
        return c.json({ done: calls }, 201);
      },
    );
    const write = () =>
      app.request("/write", { method: "POST", body: "{}", headers: { "Idempotency-Key": "slow-write" } });
    expect((await write()).status).toBe(503);
    const running = write();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await write();
    expect(meanwhile.status).toBe(409);
    expect(errorOf(await answerOf(meanwhile, "POST /write")).message).toBe(idempotencyMessages.inProgress);
    release();
    expect(await (await running).json()).toEqual({ done: 2 });
    expect(await (await write()).json()).toEqual({ done: 2 });
    expect(calls).toBe(2);

    await t.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours'`);
    expect(await pruneIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
  });
});
