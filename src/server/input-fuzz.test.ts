import { BlockList, isIP } from "node:net";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeysApi } from "../core/api/api-keys";
import { campaignsApi } from "../core/api/campaigns";
import { webhooksApi } from "../core/api/webhooks";
import { queryRows } from "./db/client";
import type { ResolveHost } from "./net/outbound-request";
import { signUp, type TestUser } from "./testing/accounts";
import { refusedSamples } from "./testing/address-samples";
import { createLiveCampaign, joinAs } from "./testing/campaigns";
import { okRoute } from "./testing/contract-call";
import { makeAdmin } from "./testing/payouts";
import { createTestApp, type TestApp } from "./testing/test-app";

/**
 * Hostile input to every JSON write endpoint and every query parameter: random and malformed bodies, wrong types,
 * NUL and control characters, long strings, huge numbers. Whatever arrives: never a 5xx, every refusal the API's error
 * envelope with a message, and nothing stored by a refused request. Runs on both databases.
 */

const RUNS = 25;

let t: TestApp;
let who: { artist: TestUser; promoter: TestUser; admin: TestUser };
let draftId: string;
let liveId: string;
/** The artist's key for the public API, with every scope an artist may give. */
let artistKey: string;

/** Host names of the webhook addresses below resolve from this table (no real DNS). */
const names = new Map<string, string[]>();
const resolveHost: ResolveHost = async (hostname) => {
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
};

beforeAll(async () => {
  t = await createTestApp({ resolveHost });
  who = {
    artist: await signUp(t, "artist"),
    promoter: await signUp(t, "promoter"),
    admin: await signUp(t, "promoter"),
  };
  await makeAdmin(t, who.admin);
  liveId = await createLiveCampaign(t, who.artist);
  const draft = await okRoute(t, campaignsApi.create, {
    cookie: who.artist.cookie,
    body: { title: "Draft", artist_name: "A", song_link: "https://open.spotify.com/track/d", prize_cents: 10_00 },
  });
  draftId = draft.campaign.id;
  // The artist promotes another artist's campaign too, so their key may read tracking links (links:read).
  await joinAs(t, who.artist, await createLiveCampaign(t, await signUp(t, "artist")));
  const key = await okRoute(
    t,
    apiKeysApi.create,
    { cookie: who.artist.cookie, body: { name: "Fuzz", scopes: ["campaigns:read", "campaigns:write", "links:read"] } },
    201,
  );
  artistKey = key.secret;
});

/** The public API's headers for a script holding the artist's key: a bearer key, no Origin, no cookie. */
const withArtistKey = () => ({ Origin: "", Authorization: `Bearer ${artistKey}` });
afterAll(() => t?.close());

const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 })).map((parts) => parts.join("")),
  fc.constantFrom("\u0000", "a\u0000b", "' or 1=1 --", "<script>alert(1)</script>", "%00", "😀".repeat(50), " "),
  fc.integer({ min: 200, max: 20_000 }).map((length) => "x".repeat(length)),
  fc.webUrl(),
  fc.emailAddress(),
);
/** Text a header may carry: printable ASCII. */
const printableString = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0, 10_00, 250_00, 7, 1e21),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A body shaped like the endpoint's (its field names, hostile values, some missing), or anything at all. */
const bodyFor = (fields: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.string().map((text) => ({ raw: text })) },
  );

/** An endpoint, called as one of the test's users with their session (`as`) or the artist's API key (`key`). */
type Target = { path: () => string; as?: keyof typeof who; key?: true; fields: readonly string[] };

const writeEndpoints: Record<string, Target> = {
  "POST /api/campaigns": {
    path: () => "/api/campaigns",
    as: "artist",
    fields: [
      "title",
      "artist_name",
      "song_link",
      "genre",
      "description",
      "prize_cents",
      "duration_days",
      "allowed_countries",
    ],
  },
  "POST /api/campaigns/:id/sandbox-payment": {
    path: () => `/api/campaigns/${draftId}/sandbox-payment`,
    as: "artist",
    fields: ["number", "expiry", "cvc"],
  },
  "POST /api/campaigns/:id/funding": { path: () => `/api/campaigns/${draftId}/funding`, as: "artist", fields: [] },
  "POST /api/campaigns/:id/join": {
    path: () => `/api/campaigns/${liveId}/join`,
    as: "promoter",
    fields: ["eligibility"],
  },
  "POST /api/v1/campaigns": {
    path: () => "/api/v1/campaigns",
    key: true,
    fields: ["title", "artist_name", "song_link", "genre", "description", "prize_cents", "duration_days"],
  },
  "POST /api/account/webhooks": { path: () => "/api/account/webhooks", as: "artist", fields: ["url", "events"] },
  "POST /api/account/api-keys": { path: () => "/api/account/api-keys", as: "artist", fields: ["name", "scopes"] },
  "POST /api/account/eligibility": {
    path: () => "/api/account/eligibility",
    as: "promoter",
    fields: ["country", "state", "age_confirmed"],
  },
  "POST /api/campaigns/:id/artwork": { path: () => `/api/campaigns/${draftId}/artwork`, as: "artist", fields: ["key"] },
  "POST /api/contact": { path: () => "/api/contact", fields: ["name", "email", "type", "subject", "message"] },
  "POST /api/clicks/verify": { path: () => "/api/clicks/verify", fields: ["code", "payload"] },
  "POST /api/clicks/confirm": { path: () => "/api/clicks/confirm", fields: ["token"] },
  "POST /api/notifications/read": { path: () => "/api/notifications/read", as: "promoter", fields: ["ids"] },
  "POST /api/client-errors": {
    path: () => "/api/client-errors",
    fields: ["id", "kind", "type", "severity", "name", "message", "stack", "component_stack", "path", "request_id"],
  },
  "POST /api/payouts/account": { path: () => "/api/payouts/account", as: "promoter", fields: [] },
  "POST /api/payouts/account-link": { path: () => "/api/payouts/account-link", as: "promoter", fields: [] },
  "POST /api/payouts/request": { path: () => "/api/payouts/request", as: "promoter", fields: [] },
  "POST /api/admin/payouts/:id/pay": { path: () => `/api/admin/payouts/${liveId}/pay`, as: "admin", fields: [] },
  "POST /api/admin/payouts/:id/pass-on": {
    path: () => `/api/admin/payouts/${liveId}/pass-on`,
    as: "admin",
    fields: ["grounds", "reason"],
  },
  "POST /api/admin/payouts/:id/approve": {
    path: () => `/api/admin/payouts/${liveId}/approve`,
    as: "admin",
    fields: [],
  },
  "POST /api/payouts/candidacies/:campaignId/verify": {
    path: () => `/api/payouts/candidacies/${liveId}/verify`,
    as: "promoter",
    fields: ["country", "state", "age_confirmed", "legal_name", "own_account"],
  },
  "POST /api/account/email": { path: () => "/api/account/email", as: "promoter", fields: ["newEmail", "password"] },
  "POST /api/admin/users/:id/ban": {
    path: () => `/api/admin/users/${who.promoter.id}/ban`,
    as: "admin",
    fields: ["reason"],
  },
  "POST /api/admin/clicks/void": {
    path: () => "/api/admin/clicks/void",
    as: "admin",
    fields: ["campaign_id", "promoter_id", "ip_hash", "reason", "flag_id"],
  },
  "POST /api/admin/flags/:id/dismiss": { path: () => "/api/admin/flags/1/dismiss", as: "admin", fields: ["reason"] },
  "POST /api/auth/sign-up/email": {
    path: () => "/api/auth/sign-up/email",
    fields: ["email", "password", "name", "first_name", "last_name", "artist_name", "social_handle", "user_type"],
  },
  "POST /api/auth/sign-in/email": { path: () => "/api/auth/sign-in/email", fields: ["email", "password"] },
  "POST /api/auth/request-password-reset": { path: () => "/api/auth/request-password-reset", fields: ["email"] },
  "POST /api/auth/reset-password": { path: () => "/api/auth/reset-password", fields: ["token", "newPassword"] },
  "POST /api/auth/update-user": {
    path: () => "/api/auth/update-user",
    as: "promoter",
    fields: ["name", "first_name", "last_name", "artist_name", "social_handle", "user_type", "email", "image"],
  },
  "POST /api/auth/send-verification-email": {
    path: () => "/api/auth/send-verification-email",
    as: "promoter",
    fields: ["email", "callbackURL"],
  },
};

/** Rows a refused request must not have added (limit counters and attempt logs may move: they count refusals). */
async function storedRows() {
  const [row] = await queryRows<Record<string, string>>(
    t.database.db,
    sql`select (select count(*) from campaigns) as campaigns, (select count(*) from "user") as users,
               (select count(*) from promoters) as promoters, (select count(*) from tracking_links) as links,
               (select count(*) from contact_messages) as messages, (select count(*) from payouts) as payouts,
               (select count(*) from payout_accounts) as payout_accounts`,
  );
  return row;
}

/** The message of the API's error envelope in whatever a refusal answered (unchecked: that is the test). */
const envelopeMessage = (body: unknown): unknown =>
  typeof body === "object" && body !== null && "error" in body && typeof body.error === "object" && body.error !== null
    ? "message" in body.error
      ? body.error.message
      : undefined
    : undefined;

async function expectWellRefused(response: Response, label: string) {
  expect(response.status, label).toBeLessThan(500);
  if (response.status < 400 || response.status === 404) return;
  const message = envelopeMessage(await response.json().catch(() => null));
  expect(typeof message, `${label}: ${response.status} without the error envelope`).toBe("string");
  expect(String(message).length, label).toBeGreaterThan(0);
}

describe("hostile JSON bodies", () => {
  for (const [name, target] of Object.entries(writeEndpoints)) {
    it(`${name}: never a 5xx, always the envelope, nothing stored on refusal`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(target.fields), async (body) => {
          const before = await storedRows();
          const raw = typeof body === "object" && body !== null && "raw" in body ? String(body.raw) : undefined;
          const keyHeaders = target.key ? withArtistKey() : {};
          const response = await t.request(target.path(), {
            method: "POST",
            cookie: target.as ? who[target.as].cookie : undefined,
            ...(raw === undefined
              ? { json: body, headers: keyHeaders }
              : { body: raw, headers: { ...keyHeaders, "Content-Type": "application/json" } }),
          });
          await expectWellRefused(response, `${name} ${JSON.stringify(body).slice(0, 200)}`);
          if (response.status >= 400) expect(await storedRows()).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

/**
 * The ranges no webhook may reach, in Node's own BlockList (which also reads IPv4-mapped IPv6 against its IPv4 rules):
 * a second opinion, written apart from net/ip-address.ts, that the outbound rule must never contradict.
 */
const inside = new BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  inside.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["3fff::", 20],
] as const) {
  inside.addSubnet(address, prefix, "ipv6");
}
const leadsInside = (address: string) => inside.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");

const anyAddress = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4().map((v4) => `::ffff:${v4}`),
  fc.constantFrom(
    ...Object.values(refusedSamples)
      .flat()
      .filter((address) => isIP(address) !== 0),
  ),
);

describe("hostile webhook addresses", () => {
  it("POST /api/account/webhooks: any host, written out in any form or behind a name, never stored if it leads inside", async () => {
    let named = 0;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ literal: fc.oneof(anyAddress, fc.ipV4Extended()) }),
          fc.record({ addresses: fc.array(anyAddress, { minLength: 1, maxLength: 3 }) }),
        ),
        async (host) => {
          let url: string;
          let resolved: string[];
          if ("literal" in host) {
            url = `https://${isIP(host.literal) === 6 ? `[${host.literal}]` : host.literal}/hooks`;
            // A zone id (`fe80::1%eth0`) makes no URL at all: the server must refuse what it cannot parse.
            const hostname = URL.canParse(url) ? new URL(url).hostname.replace(/^\[(.*)\]$/, "$1") : "";
            resolved = isIP(hostname) ? [hostname] : [];
          } else {
            const name = `fuzz-${named++}.example`;
            names.set(name, host.addresses);
            url = `https://${name}/hooks`;
            resolved = host.addresses;
          }
          const response = await t.request("/api/account/webhooks", {
            method: "POST",
            cookie: who.artist.cookie,
            json: { url, events: ["campaign.joined"] },
          });
          await expectWellRefused(response.clone(), url);
          if (resolved.some(leadsInside)) expect(response.status, url).toBe(400);
          if (response.status !== 201) return;
          expect(resolved.length, url).toBeGreaterThan(0);
          stored++;
          const { endpoint } = (await response.json()) as { endpoint: { id: string } };
          await okRoute(t, webhooksApi.remove, { params: { id: endpoint.id }, cookie: who.artist.cookie });
        },
      ),
      { numRuns: RUNS * 4 },
    );
    // Public addresses are most of what is generated: the rule refuses what leads inside, not everything.
    expect(stored).toBeGreaterThan(0);
  });
});

describe("bodies framed every way", () => {
  it("POST /api/campaigns/:id/join: no body, an empty one, or any text under any type", async () => {
    // Its own promoter: the admin's ban above may have ended the shared one's session.
    const promoter = await signUp(t, "promoter");
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.oneof(fc.constantFrom("", " ", "{}", "null", "[]"), hostileString), { nil: undefined }),
        fc.constantFrom(undefined, "application/json", "application/json; charset=utf-8", "text/plain", "", "a/b"),
        async (body, type) => {
          const response = await t.request(`/api/campaigns/${liveId}/join`, {
            method: "POST",
            cookie: promoter.cookie,
            body,
            headers: type === undefined ? {} : { "Content-Type": type },
          });
          const label = `${JSON.stringify(type)} ${JSON.stringify(body)?.slice(0, 100)}`;
          await expectWellRefused(response, label);
          // No body, whatever its type says: a join with the promoter's statement on file.
          if (!body) expect([200, 201], label).toContain(response.status);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

describe("hostile Idempotency-Key headers", () => {
  it("POST /api/contact: any key is used or refused with the envelope, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(printableString, async (key) => {
        const response = await t.request("/api/contact", {
          method: "POST",
          json: { name: "Sam", email: "sam@example.com", type: "general", subject: "Key", message: "Hello" },
          headers: { "Idempotency-Key": key },
        });
        await expectWellRefused(response, `key ${JSON.stringify(key)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("hostile uploads", () => {
  it("POST /api/artwork: any bytes, any declared type, are stored as an image or refused with the envelope", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom("image/png", "image/jpeg", "image/webp", "image/svg+xml", "text/plain", ""),
        async (bytes, type) => {
          const response = await t.request("/api/artwork", {
            method: "POST",
            cookie: who.artist.cookie,
            body: Uint8Array.from(bytes),
            headers: type ? { "Content-Type": type } : {},
          });
          await expectWellRefused(response, `${bytes.length} bytes as ${type}`);
          expect(response.status).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("GET /media/artwork: any key and size in the path", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (key, variant) => {
        const path = `/media/artwork/${encodeURIComponent(key)}/${encodeURIComponent(variant)}`.slice(0, 4000);
        expect((await t.request(path)).status, path.slice(0, 120)).toBe(404);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("hostile query parameters and path ids", () => {
  it("GET /api/campaigns: any q, genre, sort, limit and offset", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { q: hostileString, genre: hostileString, sort: hostileString, limit: hostileString, offset: hostileString },
          { requiredKeys: [] },
        ),
        async (query) => {
          const params = new URLSearchParams(query as Record<string, string>);
          const response = await t.request(`/api/campaigns?${params}`);
          await expectWellRefused(response, `?${params}`.slice(0, 200));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the public API: any campaign id with a good key, and any key at all", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, printableString, async (id, forged) => {
        const path = `/api/v1/campaigns/${encodeURIComponent(id).slice(0, 2000)}/analytics`;
        await expectWellRefused(await t.request(path, { headers: withArtistKey() }), path.slice(0, 120));
        const refused = await t.request("/api/v1/campaigns", {
          headers: { Origin: "", Authorization: `Bearer ${forged}` },
        });
        await expectWellRefused(refused, `key ${JSON.stringify(forged).slice(0, 120)}`);
        expect(refused.status).toBe(401);
      }),
      { numRuns: RUNS },
    );
  });

  it("the embed's page, board and oEmbed: any id, theme, url, format and size", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileString, fc.constant(liveId)),
        fc.record(
          {
            theme: hostileString,
            url: hostileString,
            format: hostileString,
            maxwidth: hostileString,
            maxheight: hostileString,
          },
          { requiredKeys: [] },
        ),
        async (id, query) => {
          const params = new URLSearchParams(query as Record<string, string>);
          const segment = encodeURIComponent(id).slice(0, 4000);
          for (const path of [`/embed/campaigns/${segment}?${params}`, `/api/embed/campaigns/${segment}`]) {
            await expectWellRefused(await t.request(path.slice(0, 8000)), path.slice(0, 200));
          }
          // oEmbed answers a format other than JSON 501 Not Implemented, as its specification says; nothing else 5xx.
          const oembed = `/api/oembed?${params}`.slice(0, 8000);
          const answer = await t.request(oembed);
          const otherFormat = query.format !== undefined && query.format !== "json";
          if (answer.status === 501) expect(otherFormat, oembed.slice(0, 200)).toBe(true);
          else await expectWellRefused(answer, oembed.slice(0, 200));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("tokens of the emailed links, in the query and in the path", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (token, callbackURL) => {
        const query = new URLSearchParams({ token, callbackURL });
        for (const path of [
          `/api/auth/verify-email?${query}`,
          `/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL })}`,
        ]) {
          await expectWellRefused(await t.request(path.slice(0, 8000)), path.slice(0, 120));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("the admin lists' ranges, searches, statuses and pages", async () => {
    const paths = [
      "suspicious",
      "clicks/countries",
      "clicks/over-time",
      "campaigns",
      "users",
      "messages",
      "audit",
      "investigate",
      "prize-ledger",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.record(
          {
            range: hostileString,
            q: hostileString,
            status: hostileString,
            offset: hostileString,
            limit: hostileString,
            flag: hostileString,
            address: hostileString,
            promoter: hostileString,
            user: hostileString,
            year: hostileString,
          },
          { requiredKeys: [] },
        ),
        async (path, query) => {
          const params = new URLSearchParams(query as Record<string, string>);
          const response = await t.request(`/api/admin/${path}?${params}`, { cookie: who.admin.cookie });
          await expectWellRefused(response, `${path}?${params}`.slice(0, 200));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("campaign ids in every path that takes one", async () => {
    const paths = (id: string) => [
      ["GET", `/api/campaigns/${id}`],
      ["GET", `/api/campaigns/${id}/leaderboard`],
      ["GET", `/api/campaigns/${id}/rules`],
      ["GET", `/campaigns/${id}/rules`],
      ["POST", `/api/campaigns/${id}/join`],
      ["POST", `/api/campaigns/${id}/funding`],
      ["POST", `/api/campaigns/${id}/artwork`],
      ["GET", `/campaigns/${id}`],
      ["GET", `/media/covers/${id}.png`],
      ["POST", `/api/admin/campaigns/${id}/end`],
      ["DELETE", `/api/admin/campaigns/${id}`],
    ];
    await fc.assert(
      fc.asyncProperty(hostileString, async (id) => {
        for (const [method, path] of paths(encodeURIComponent(id).slice(0, 2000))) {
          const response = await t.request(path as string, {
            method,
            cookie: who.admin.cookie,
            json: method === "GET" ? undefined : {},
          });
          await expectWellRefused(response, `${method} ${path?.slice(0, 120)}`);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
