import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { apiKeysApi } from "../../core/api/api-keys";
import {
  API_KEY_REQUEST_RETENTION_DAYS,
  API_KEY_REQUESTS_PER_MINUTE,
  type ApiKeyScope,
  apiKeyMessages,
} from "../../core/api-keys";
import { apiKeyRequests, campaigns } from "../db/schema";
import { signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs, validCampaignBody } from "../testing/campaigns";
import { okRoute, refusedRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";
import {
  analyticsSchema,
  campaignListSchema,
  draftSchema,
  earningsSchema,
  errorSchema,
  linkListSchema,
  payoutListSchema,
} from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newKey = async (owner: TestUser, scopes: ApiKeyScope[], name = "Zapier") =>
  okRoute(t, apiKeysApi.create, { cookie: owner.cookie, body: { name, scopes } }, 201);

/** A request to the public API with `secret` as its bearer key, as a script sends it (no Origin, no cookie). */
const call = (path: string, secret: string | null, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      Origin: "",
      ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
      ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** The answer's body, checked against its schema (the OpenAPI document promises it). */
async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

describe("API keys", () => {
  it("are shown once, listed by their prefix, limited to the scopes the account may give, and revocable", async () => {
    const artist = await signUp(t, "artist");
    const { key, secret } = await newKey(artist, ["campaigns:read"]);
    expect(secret).toMatch(/^fb_[A-Za-z0-9]{32}$/);
    expect(key.prefix).toBe(`${secret.slice(0, 10)}…`);
    const listed = await okRoute(t, apiKeysApi.list, { cookie: artist.cookie });
    expect(listed.scopes).toEqual(["campaigns:read", "campaigns:write"]);
    expect(
      (
        await refusedRoute(t, apiKeysApi.create, {
          cookie: artist.cookie,
          body: { name: "Links", scopes: ["links:read"] },
        })
      ).error.message,
    ).toBe(apiKeyMessages.scopeNotYours("links:read"));
    // An artist who joins another artist's campaign promotes it: their links are theirs to read.
    await joinAs(t, artist, await createLiveCampaign(t, await signUp(t, "artist")));
    const promoting = await okRoute(t, apiKeysApi.list, { cookie: artist.cookie });
    expect(promoting.scopes).toEqual(["campaigns:read", "campaigns:write", "links:read"]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const promoter = await signUp(t, "promoter");
    const refused = await refusedRoute(t, apiKeysApi.create, {
      cookie: promoter.cookie,
      body: { name: "Mine", scopes: ["campaigns:read"] },
    });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(apiKeyMessages.scopeNotYours("campaigns:read"));
    const nameless = await refusedRoute(t, apiKeysApi.create, {
      cookie: artist.cookie,
      body: { name: " ", scopes: [] },
    });
    expect(nameless.error.message).toBe(apiKeyMessages.nameRequired);

    // Another user cannot revoke it; its owner can, and the key stops working at once.
    expect((await refusedRoute(t, apiKeysApi.revoke, { params: { id: key.id }, cookie: promoter.cookie })).status).toBe(
      404,
    );
    expect((await call("/campaigns", secret)).status).toBe(200);
    const revoked = await okRoute(t, apiKeysApi.revoke, { params: { id: key.id }, cookie: artist.cookie });
    expect(revoked.key.revoked_at).not.toBeNull();
    const after = await call("/campaigns", secret);
    expect((await answer(after, 401, errorSchema)).error.message).toBe(apiKeyMessages.invalid);
    expect((await answer(await call("/campaigns", null), 401, errorSchema)).error.message).toBe(apiKeyMessages.missing);
    expect((await call("/campaigns", "fb_not-a-key")).status).toBe(401);
  });
});

describe("the public API", () => {
  it("lets a read key read and not write, and a write key create a draft", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const reader = await newKey(artist, ["campaigns:read"]);
    const list = await answer(await call("/campaigns", reader.secret), 200, campaignListSchema);
    expect(list.campaigns.map((campaign) => campaign.id)).toEqual([campaignId]);
    expect(list.campaigns[0]?.url).toBe(`http://localhost:3000/campaigns/${campaignId}`);
    await answer(await call(`/campaigns/${campaignId}/analytics`, reader.secret), 200, analyticsSchema);

    const before = await t.database.db.select().from(campaigns).where(eq(campaigns.createdBy, artist.id));
    const write = await call("/campaigns", reader.secret, { method: "POST", json: validCampaignBody() });
    expect((await answer(write, 403, errorSchema)).error.message).toBe(apiKeyMessages.scopeMissing("campaigns:write"));
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.createdBy, artist.id))).toHaveLength(
      before.length,
    );

    const writer = await newKey(artist, ["campaigns:write"]);
    const created = await answer(
      await call("/campaigns", writer.secret, { method: "POST", json: validCampaignBody({ title: "From the API" }) }),
      201,
      draftSchema,
    );
    expect(created.campaign).toMatchObject({ title: "From the API", status: "draft", prize_cents: 250_00 });
    const invalid = await answer(
      await call("/campaigns", writer.secret, { method: "POST", json: validCampaignBody({ prize_cents: 5 }) }),
      400,
      errorSchema,
    );
    expect(invalid.error.fields).toHaveProperty("prize_cents");
    // The write key cannot read: each route has its scope.
    expect((await call("/campaigns", writer.secret)).status).toBe(403);

    const stranger = await newKey(await signUp(t, "artist"), ["campaigns:read"]);
    expect((await call(`/campaigns/${campaignId}/analytics`, stranger.secret)).status).toBe(404);
  });

  it("gives promoters their links and earnings, and admins the payouts", async () => {
    const artist = await signUp(t, "artist");
    const campaignId = await createLiveCampaign(t, artist);
    const promoter = await signUp(t, "promoter");
    const shortCode = await joinAs(t, promoter, campaignId);
    const { secret } = await newKey(promoter, ["links:read"]);
    const links = await answer(await call("/links", secret), 200, linkListSchema);
    expect(links.links).toEqual([
      expect.objectContaining({
        short_code: shortCode,
        url: `http://localhost:3000/t/${shortCode}`,
        campaign_id: campaignId,
      }),
    ]);
    const earnings = await answer(await call("/earnings", secret), 200, earningsSchema);
    expect(earnings.rows.map((row) => row.campaign_id)).toEqual([campaignId]);
    expect((await call("/payouts", secret)).status).toBe(403);

    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    const adminKey = await newKey(admin, ["payouts:read"]);
    await answer(await call("/payouts", adminKey.secret), 200, payoutListSchema);
  });

  it("limits each key with a token bucket: twice the limit sent across a minute's edge passes the limit, no more", async () => {
    const holder = await signUp(t, "promoter");
    const { key, secret } = await newKey(holder, ["links:read"]);
    const burst = async (count: number) => {
      const answers = await Promise.all(Array.from({ length: count }, () => call("/links", secret)));
      return answers.map((response) => response.status);
    };
    const edge = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    let passed = 0;
    let refilled = 0;
    // The bucket reads the server's clock: it stands still here, so the machine's speed changes nothing.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(edge - 200);
      const before = await burst(API_KEY_REQUESTS_PER_MINUTE);
      vi.setSystemTime(edge + 200);
      const after = await burst(API_KEY_REQUESTS_PER_MINUTE);
      passed = [...before, ...after].filter((status) => status === 200).length;
      expect(passed).toBeGreaterThanOrEqual(API_KEY_REQUESTS_PER_MINUTE);
      expect(passed).toBeLessThanOrEqual(API_KEY_REQUESTS_PER_MINUTE + 1);
      const limited = await call("/links", secret);
      expect((await answer(limited, 429, errorSchema)).error.message).toBe(apiKeyMessages.rateLimited);
      expect(Number(limited.headers.get("retry-after"))).toBe(1);
      // It fills again evenly: half a minute later, half the bucket.
      vi.setSystemTime(edge + 30_200);
      refilled = (await burst(API_KEY_REQUESTS_PER_MINUTE)).filter((status) => status === 200).length;
      expect(refilled).toBeGreaterThanOrEqual(API_KEY_REQUESTS_PER_MINUTE / 2 - 1);
      expect(refilled).toBeLessThanOrEqual(API_KEY_REQUESTS_PER_MINUTE / 2 + 1);
      // Another key of the same user has its own bucket.
      expect((await call("/links", (await newKey(holder, ["links:read"])).secret)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }

    const recorded = await t.database.db.select().from(apiKeyRequests).where(eq(apiKeyRequests.keyId, key.id));
    expect(recorded).toHaveLength(3 * API_KEY_REQUESTS_PER_MINUTE + 1);
    expect(recorded.filter((row) => row.status === 200)).toHaveLength(passed + refilled);
    expect(recorded.filter((row) => row.status !== 200).map((row) => row.status)).toEqual(
      recorded.filter((row) => row.status === 429).map((row) => row.status),
    );
    expect(recorded[0]).toMatchObject({ method: "GET", path: "/api/v1/links" });
    const listed = await okRoute(t, apiKeysApi.list, { cookie: holder.cookie });
    expect(listed.keys.find((listedKey) => listedKey.id === key.id)?.last_used_at).not.toBeNull();
  });

  it("keeps the record of a key's requests for its retention, then forgets it", async () => {
    const holder = await signUp(t, "promoter");
    const { key, secret } = await newKey(holder, ["links:read"]);
    expect((await call("/links", secret)).status).toBe(200);
    expect((await call("/links", secret)).status).toBe(200);
    const [oldest] = await t.database.db.select().from(apiKeyRequests).where(eq(apiKeyRequests.keyId, key.id));
    await t.database.db
      .update(apiKeyRequests)
      .set({ createdAt: sql`now() - make_interval(days => ${API_KEY_REQUEST_RETENTION_DAYS + 1})` })
      .where(eq(apiKeyRequests.id, oldest?.id ?? 0));
    const prune = t.app.jobs.find((job) => job.name === "prune-api-key-requests");
    expect(await prune?.run()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(apiKeyRequests).where(eq(apiKeyRequests.keyId, key.id));
    expect(left.map((row) => row.id)).not.toContain(oldest?.id);
    expect(left).toHaveLength(1);
  });

  it("describes exactly the routes it serves in its OpenAPI document, and on its reference page", async () => {
    const response = await t.request("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.apiKey?.scheme).toBe("bearer");
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} /api/v1${path}`))
      .sort();
    const served = [
      ...new Set(
        t.app.routes
          .filter((route) => route.path.startsWith("/api/v1/") && route.method !== "ALL")
          .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
          .filter((route) => !route.endsWith("/openapi.json") && !route.endsWith("/docs")),
      ),
    ].sort();
    expect(documented).toEqual(served);
    for (const methods of Object.values(doc.paths)) {
      for (const operation of Object.values(methods)) expect(operation.security).toEqual([{ apiKey: [] }]);
    }
    const page = await t.request("/api/v1/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const route of documented) expect(html).toContain(route.split(" ")[1]);
  });
});
