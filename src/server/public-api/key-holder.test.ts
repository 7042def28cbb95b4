import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../../core/api/admin";
import { apiKeysApi } from "../../core/api/api-keys";
import { webhooksApi } from "../../core/api/webhooks";
import { type ApiKeyScope, apiKeyMessages } from "../../core/api-keys";
import { apiKeyRequests, campaigns, user, webhookEndpoints } from "../db/schema";
import { cookiesFrom, signUp, type TestUser } from "../testing/accounts";
import { createLiveCampaign, joinAs, validCampaignBody } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * A key acts with its holder's authority as it stands at each request, not as it stood when the key was made: a ban
 * suspends the holder's keys and webhook endpoints at once and an unban gives back exactly those it took; a demoted
 * admin's key loses what only admins may do. Runs on both databases.
 */

/** The artist's own server on loopback: it counts what it receives. */
const received: string[] = [];
const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push(body);
    response.writeHead(204).end();
  });
});

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  t = await createTestApp({ env: { WEBHOOK_LOCAL_RECEIVERS: "true" } });
  admin = await signUp(t, "promoter");
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await t?.close();
});

const newKey = async (owner: TestUser, scopes: ApiKeyScope[]) => {
  const created = await okRoute(t, apiKeysApi.create, { cookie: owner.cookie, body: { name: "Tool", scopes } }, 201);
  return { id: created.key.id, secret: created.secret };
};
/** A session again after the ban ended the user's. */
const signIn = async (user: TestUser) =>
  cookiesFrom(
    await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: user.email, password: user.password },
    }),
  );
const call = (path: string, secret: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      Origin: "",
      Authorization: `Bearer ${secret}`,
      ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
const ban = (user: TestUser) =>
  okRoute(t, adminApi.banUser, { params: { id: user.id }, cookie: admin.cookie, body: { reason: "spam" } });
const unban = (user: TestUser) => okRoute(t, adminApi.unbanUser, { params: { id: user.id }, cookie: admin.cookie });
const adminViewOf = async (user: TestUser) =>
  (await okRoute(t, adminApi.users, { query: { q: user.email }, cookie: admin.cookie })).items[0];

describe("a key's holder, as they stand now", () => {
  it("banned: their keys get 401 and write nothing, their endpoints receive nothing; unbanned: both work again", async () => {
    const artist = await signUp(t, "artist");
    const { id: keyId, secret } = await newKey(artist, ["campaigns:read", "campaigns:write"]);
    const revoked = await newKey(artist, ["campaigns:read"]);
    await okRoute(t, apiKeysApi.revoke, { params: { id: revoked.id }, cookie: artist.cookie });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await okRoute(t, webhooksApi.create, { cookie: artist.cookie, body: { url, events: ["campaign.joined"] } }, 201);
    // A second endpoint was disabled by failures before the ban: the unban must not turn it back on.
    const { endpoint: broken } = await okRoute(
      t,
      webhooksApi.create,
      { cookie: artist.cookie, body: { url: `${url}/broken`, events: ["campaign.joined"] } },
      201,
    );
    await t.database.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), disabledReason: "15 failed deliveries in a row" })
      .where(eq(webhookEndpoints.id, broken.id));
    const campaignId = await createLiveCampaign(t, artist);
    expect((await call("/campaigns", secret)).status).toBe(200);
    // A join queued before the ban waits; joins during the ban are not queued at all.
    await joinAs(t, await signUp(t, "promoter"), campaignId);

    await ban(artist);
    const listed = await call("/campaigns", secret);
    expect(listed.status).toBe(401);
    expect(await messageOf(listed)).toBe(apiKeyMessages.suspended);
    const drafts = async () =>
      (await t.database.db.select().from(campaigns).where(eq(campaigns.createdBy, artist.id))).length;
    const before = await drafts();
    const write = await call("/campaigns", secret, { method: "POST", json: validCampaignBody() });
    expect(write.status).toBe(401);
    expect(await drafts()).toBe(before);
    await joinAs(t, await signUp(t, "promoter"), campaignId);
    const sentBefore = received.length;
    expect(await t.app.webhookSender.deliverDue()).toBe(0);
    expect(received.length).toBe(sentBefore);
    // The admin sees what the ban suspended; the attempts with the key are on record.
    expect(await adminViewOf(artist)).toMatchObject({ api_keys: 1, webhook_endpoints: 1 });
    const tries = await t.database.db.select().from(apiKeyRequests).where(eq(apiKeyRequests.keyId, keyId));
    expect(tries.map((row) => row.status).sort()).toEqual([200, 401, 401]);

    await unban(artist);
    expect((await call("/campaigns", secret)).status).toBe(200);
    // What waited is sent now; the joins during the ban never were queued.
    expect(await t.app.webhookSender.deliverDue()).toBe(1);
    expect(received.length).toBe(sentBefore + 1);
    const [stillBroken] = await t.database.db
      .select({ disabledAt: webhookEndpoints.disabledAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, broken.id));
    expect(stillBroken?.disabledAt).not.toBeNull();
    expect((await call("/campaigns", revoked.secret)).status).toBe(401);
    const cookie = await signIn(artist);
    const keys = await okRoute(t, apiKeysApi.list, { cookie });
    expect(keys.keys.map((key) => [key.id, key.status]).sort()).toEqual(
      [
        [keyId, "active"],
        [revoked.id, "revoked"],
      ].sort(),
    );
    const endpoints = await okRoute(t, webhooksApi.list, { cookie });
    expect(endpoints.endpoints.map((each) => [each.id === broken.id, each.status]).sort()).toEqual([
      [false, "active"],
      [true, "disabled"],
    ]);
  });

  it("shows the suspension on the holder's keys and endpoints while the ban lasts", async () => {
    const artist = await signUp(t, "artist");
    await newKey(artist, ["campaigns:read"]);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await okRoute(t, webhooksApi.create, { cookie: artist.cookie, body: { url, events: ["campaign.joined"] } }, 201);
    // A ban ends the user's sessions; their screens are read here as they were at that moment.
    await t.database.db.update(user).set({ bannedAt: new Date() }).where(eq(user.id, artist.id));
    const keys = await okRoute(t, apiKeysApi.list, { cookie: artist.cookie });
    expect(keys.keys.map((key) => key.status)).toEqual(["suspended"]);
    const endpoints = await okRoute(t, webhooksApi.list, { cookie: artist.cookie });
    expect(endpoints.endpoints.map((each) => each.status)).toEqual(["suspended"]);
    expect(await adminViewOf(artist)).toMatchObject({
      banned_at: expect.any(String),
      api_keys: 1,
      webhook_endpoints: 1,
    });
  });

  it("a demoted admin's key loses payouts:read at once, and an admin again has it back", async () => {
    const demoted = await signUp(t, "promoter");
    await makeAdmin(t, demoted);
    const { secret } = await newKey(demoted, ["links:read", "payouts:read"]);
    expect((await call("/payouts", secret)).status).toBe(200);

    await okRoute(t, adminApi.revokeAdmin, { params: { id: demoted.id }, cookie: admin.cookie });
    const refused = await call("/payouts", secret);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(apiKeyMessages.scopeLapsed("payouts:read"));
    // What the key may still do, it does.
    expect((await call("/links", secret)).status).toBe(200);
    const [key] = (await okRoute(t, apiKeysApi.list, { cookie: demoted.cookie })).keys;
    expect(key).toMatchObject({ status: "active", lapsed_scopes: ["payouts:read"] });

    await okRoute(t, adminApi.grantAdmin, { params: { id: demoted.id }, cookie: admin.cookie });
    expect((await call("/payouts", secret)).status).toBe(200);
  });
});
