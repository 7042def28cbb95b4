import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, user } from "./db/schema";
import { signUp } from "./testing/accounts";
import { makeAdmin } from "./testing/payouts";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;
const webRoot = mkdtempSync(join(tmpdir(), "fanboost-web-"));

beforeAll(async () => {
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), `<!doctype html><title>FanBoost</title>${"<!-- padding -->".repeat(64)}`);
  writeFileSync(join(webRoot, "assets/app-123.js"), `console.log(${JSON.stringify("x".repeat(2000))});`);
  t = await createTestApp({ webRoot });
});
afterAll(() => t?.close());

describe("health and diagnostics", () => {
  it("reports public health with version and whether the database answers, nothing more", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ ok: true, version: expect.any(String), database: { ok: true } });
  });

  it("reports database diagnostics to admins only", async () => {
    expect((await t.request("/api/diag/database")).status).toBe(401);
    const promoter = await signUp(t, "promoter");
    expect((await t.request("/api/diag/database", { cookie: promoter.cookie })).status).toBe(403);
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    const response = await t.request("/api/diag/database", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      ok: true,
      env: { databaseKind: t.database.kind, urlSet: t.database.kind === "postgres" },
      campaignsCount: expect.any(Number),
      latency: expect.any(Number),
      error: null,
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });
});

describe("public campaigns", () => {
  it("lists only public active campaigns, newest first", async () => {
    await t.database.db.insert(user).values({ id: "u1", name: "Nova", email: "nova@example.com" });
    const base = {
      artistName: "Nova",
      songLink: "https://open.spotify.com/track/1",
      createdBy: "u1",
      prizeCents: 100_00,
    };
    await t.database.db.insert(campaigns).values([
      { ...base, title: "Older live", status: "active", publishedAt: new Date("2026-01-01T00:00:00Z") },
      { ...base, title: "Newer live", status: "active", publishedAt: new Date("2026-02-01T00:00:00Z") },
      { ...base, title: "Unpaid draft", status: "draft" },
      { ...base, title: "Hidden", status: "active", isPublic: false, publishedAt: new Date() },
    ]);
    const response = await t.request("/api/public/campaigns");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.error).toBeNull();
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(["Newer live", "Older live"]);
    expect(body.items[0]).toMatchObject({ artist_name: "Nova", prize_cents: 100_00, genre: null });
  });
});

describe("public lists", () => {
  it("answer at most 100 rows", async () => {
    await t.database.db.insert(user).values({ id: "u-many", name: "Many", email: "many@example.com" });
    await t.database.db.insert(campaigns).values(
      Array.from({ length: 105 }, (_, index) => ({
        title: `Bulk ${index}`,
        artistName: "Many",
        songLink: "https://open.spotify.com/track/bulk",
        createdBy: "u-many",
        status: "active" as const,
        publishedAt: new Date(Date.UTC(2027, 0, 1, 0, index)),
      })),
    );
    const body = await (await t.request("/api/public/campaigns")).json();
    expect(body.items).toHaveLength(100);
    expect(body.items[0].title).toBe("Bulk 104");
  });
});

/** A 20 MB body produced a chunk at a time as it is read, counting what was pulled. */
function twentyMegabytes(chunkBytes: number) {
  const read = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      read.bytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(32));
      if (read.bytes >= 20 * 1024 * 1024) controller.close();
    },
  });
  return { body, read };
}

describe("request bodies", () => {
  it("refuses a body over the limit from its declared length, without reading it", async () => {
    const { body, read } = twentyMegabytes(64 * 1024);
    const response = await t.request("/api/contact", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Content-Length": String(20 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe("The request body is too large");
    expect(read.bytes).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("stops reading a streamed body of unknown length at the limit", async () => {
    const { body, read } = twentyMegabytes(16 * 1024);
    const response = await t.request("/api/campaigns", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(read.bytes).toBeLessThan(256 * 1024);
  });

  it("refuses a body that is not declared as JSON", async () => {
    const response = await t.request("/api/contact", {
      method: "POST",
      body: "name=Sam&email=sam@example.com",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toBe("Send the request body as JSON");
  });

  it("says so when the JSON is malformed or not an object", async () => {
    const malformed = await t.request("/api/contact", {
      method: "POST",
      body: '{"name": "Sam",',
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.message).toBe("Malformed JSON in request body");
    const array = await t.request("/api/contact", { method: "POST", json: ["Sam"] });
    expect(array.status).toBe(400);
    expect((await array.json()).error.message).toBe("The request must be a JSON object");
  });
});

describe("caching", () => {
  it("marks every API answer no-store, signed in or not", async () => {
    const promoter = await signUp(t, "promoter");
    for (const path of ["/api/me", "/api/earnings", "/api/payouts/account", "/api/account/sessions"]) {
      const response = await t.request(path, { cookie: promoter.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    expect((await t.request("/api/public/metrics")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("HTTP conventions", () => {
  it("answers unknown API routes with the JSON error envelope", async () => {
    const response = await t.request("/api/does-not-exist", { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route for POST /api/does-not-exist" },
    });
  });

  it("sends security headers", async () => {
    const response = await t.request("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("serves index.html for client routes and 404 for unknown paths", async () => {
    const home = await t.request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<title>FanBoost</title>");
    expect((await t.request("/pricing")).status).toBe(200);
    expect((await t.request("/campaigns/abc/fund")).status).toBe(200);
    const missing = await t.request("/no/such/page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<title>FanBoost</title>");
  });

  it("serves hashed assets compressed and cached for a year", async () => {
    const response = await t.request("/assets/app-123.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const etag = response.headers.get("etag") ?? "";
    const again = await t.request("/assets/app-123.js", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("the embedded set-up's addresses", () => {
  it("signs up and signs in from http://127.0.0.1:PORT as from localhost, and still refuses other sites", async () => {
    const embedded = await createTestApp({ env: { PUBLIC_URL: undefined as unknown as string } });
    try {
      const body = {
        email: "loopback@example.com",
        password: "correct horse battery",
        first_name: "Loop",
        last_name: "Back",
        user_type: "promoter",
      };
      const fromLoopback = await embedded.request("/api/auth/sign-up/email", {
        method: "POST",
        json: body,
        headers: { Origin: "http://127.0.0.1:3000" },
      });
      expect(fromLoopback.status).toBe(200);
      const signIn = await embedded.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: body.email, password: body.password },
        headers: { Origin: "http://127.0.0.1:3000" },
      });
      expect(signIn.status).toBe(200);
      const foreign = await embedded.request("/api/contact", {
        method: "POST",
        json: {},
        headers: { Origin: "http://127.0.0.2:3000" },
      });
      expect(foreign.status).toBe(403);
      expect((await foreign.json()).error.message).toBe("Requests from other sites are not allowed");
    } finally {
      await embedded.close();
    }
  });
});
