import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, user } from "./db/schema";
import { createTestApp, type TestApp } from "./testing/test-app";

let t: TestApp;
const webRoot = mkdtempSync(join(tmpdir(), "fanboost-web-"));

beforeAll(async () => {
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), `<!doctype html><title>FanBoost</title>${"<!-- padding -->".repeat(64)}`);
  writeFileSync(join(webRoot, "assets/app-123.js"), `console.log(${JSON.stringify("x".repeat(2000))});`);
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

describe("health and diagnostics", () => {
  it("reports health with version and database", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      ok: true,
      version: expect.any(String),
      database: { kind: t.database.kind, ok: true },
    });
  });

  it("reports database diagnostics", async () => {
    const response = await t.request("/api/diag/database");
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
