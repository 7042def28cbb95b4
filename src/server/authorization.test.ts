import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi } from "../core/api/admin";
import { apiKeysApi } from "../core/api/api-keys";
import { campaignsApi } from "../core/api/campaigns";
import type { ApiKeyScope } from "../core/api-keys";
import { signUp, type TestUser } from "./testing/accounts";
import { createLiveCampaign, joinAs } from "./testing/campaigns";
import { okRoute } from "./testing/contract-call";
import { makeAdmin } from "./testing/payouts";
import { createTestApp, createTestAuth, type TestApp } from "./testing/test-app";

/**
 * The authorization matrix: every route the app registers and every Better Auth endpoint (they share one
 * `/api/auth/*` route, so they are listed from the auth instance) has one row of expected answers for an anonymous
 * visitor, a promoter, the artist who owns the test campaigns, another artist and an admin. A route without a row, or
 * a row without a route, fails the test: a new route cannot ship without its authorization being stated here.
 */

const roles = ["anonymous", "promoter", "artist", "otherArtist", "admin"] as const;
type Role = (typeof roles)[number];
type Expected = Record<Role, number>;

type Fixtures = { draftId: string; liveId: string; shortCode: string; unknownId: string };
type Call = { path: string; json?: unknown; body?: string; headers?: Record<string, string> };
type Row = {
  call: (fx: Fixtures) => Call;
  expect: Expected;
  /** Ends the caller's session: run after every other row. */
  last?: boolean;
};

const all = (status: number): Expected => ({
  anonymous: status,
  promoter: status,
  artist: status,
  otherArtist: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Expected => ({ ...all(403), anonymous: 401, admin: status });
/** The artist dashboard's APIs: the artist who owns the fixture's campaigns, and another artist. */
const artistOnly = (artist: number, otherArtist: number): Expected => ({
  ...all(403),
  anonymous: 401,
  artist,
  otherArtist,
});
const closed = all(404);
const at = (path: string) => () => ({ path });

/** Routes of the app itself, as `METHOD path` exactly as Hono registered them. */
const appRows: Record<string, Row> = {
  // A tracking path without its code: SPEC.md's 'Invalid tracking link - missing short code'.
  "GET /t": { call: at("/t"), expect: all(400) },
  "HEAD /t": { call: at("/t"), expect: all(400) },
  "GET /t/": { call: at("/t/"), expect: all(400) },
  "HEAD /t/": { call: at("/t/"), expect: all(400) },
  "GET /t/:code": { call: (fx) => ({ path: `/t/${fx.shortCode}` }), expect: all(200) },
  // The tracking page's script is public, alike for everyone; this app has no web build, so nobody gets it (served
  // built in click-confirmations.test.ts).
  "GET /visit.js": { call: at("/visit.js"), expect: all(404) },
  "HEAD /t/:code": { call: (fx) => ({ path: `/t/${fx.shortCode}` }), expect: all(200) },
  "GET /track": { call: at("/track"), expect: all(400) },
  "HEAD /track": { call: at("/track"), expect: all(400) },
  "GET /track/": { call: at("/track/"), expect: all(400) },
  "HEAD /track/": { call: at("/track/"), expect: all(400) },
  "GET /track/:code": { call: (fx) => ({ path: `/track/${fx.shortCode}` }), expect: all(200) },
  "HEAD /track/:code": { call: (fx) => ({ path: `/track/${fx.shortCode}` }), expect: all(200) },

  "GET /api/health": { call: at("/api/health"), expect: all(200) },
  "GET /api/ready": { call: at("/api/ready"), expect: all(200) },
  "GET /api/diag/database": { call: at("/api/diag/database"), expect: adminOnly(200) },
  "GET /api/admin/system": { call: at("/api/admin/system"), expect: adminOnly(200) },
  "POST /api/admin/system/test-email": {
    call: () => ({ path: "/api/admin/system/test-email", json: {} }),
    expect: adminOnly(200),
  },
  "GET /api/me": { call: at("/api/me"), expect: all(200) },

  "GET /api/public/campaigns": { call: at("/api/public/campaigns"), expect: all(200) },
  "GET /api/public/campaign-settings": { call: at("/api/public/campaign-settings"), expect: all(200) },
  "GET /api/public/metrics": { call: at("/api/public/metrics"), expect: all(200) },
  "GET /api/campaigns": { call: at("/api/campaigns"), expect: all(200) },
  "POST /api/campaigns": {
    call: () => ({ path: "/api/campaigns", json: {} }),
    expect: { anonymous: 401, promoter: 403, artist: 400, otherArtist: 400, admin: 403 },
  },
  "GET /api/campaigns/:id": {
    call: (fx) => ({ path: `/api/campaigns/${fx.draftId}` }),
    expect: { ...all(404), artist: 200, admin: 200 },
  },
  "GET /api/campaigns/:id/rules": {
    // A live campaign's rules are public, like its page (a draft has none: official-rules.test.ts).
    call: (fx) => ({ path: `/api/campaigns/${fx.liveId}/rules` }),
    expect: all(200),
  },
  "POST /api/campaigns/:id/funding": {
    call: (fx) => ({ path: `/api/campaigns/${fx.draftId}/funding`, json: {} }),
    expect: { ...all(404), anonymous: 401, artist: 200 },
  },
  "POST /api/campaigns/:id/sandbox-payment": {
    call: (fx) => ({
      path: `/api/campaigns/${fx.draftId}/sandbox-payment`,
      json: { number: "4000000000000002", expiry: "12/34", cvc: "123" },
    }),
    expect: { ...all(404), anonymous: 401, artist: 402 },
  },
  "POST /api/campaigns/:id/join": {
    call: (fx) => ({ path: `/api/campaigns/${fx.liveId}/join`, json: {} }),
    expect: { anonymous: 401, promoter: 200, artist: 403, otherArtist: 201, admin: 201 },
  },
  "POST /api/admin/campaigns/:id/end": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/end`, json: {} }),
    expect: adminOnly(404),
  },
  "DELETE /api/admin/campaigns/:id": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}` }),
    expect: adminOnly(404),
  },
  "GET /api/campaigns/:id/leaderboard": {
    call: (fx) => ({ path: `/api/campaigns/${fx.liveId}/leaderboard` }),
    expect: all(200),
  },
  "GET /api/campaigns/:id/leaderboard/stream": {
    call: (fx) => ({ path: `/api/campaigns/${fx.liveId}/leaderboard/stream` }),
    expect: all(200),
  },
  "GET /api/public/leaderboards": { call: at("/api/public/leaderboards"), expect: all(200) },
  "GET /api/public/leaderboards/stream": { call: at("/api/public/leaderboards/stream"), expect: all(200) },
  // An embed is public or nothing: a draft's is not shown even to its artist or an admin.
  "GET /embed/campaigns/:id": { call: (fx) => ({ path: `/embed/campaigns/${fx.liveId}` }), expect: all(200) },
  "HEAD /embed/campaigns/:id": { call: (fx) => ({ path: `/embed/campaigns/${fx.draftId}` }), expect: closed },
  "GET /api/embed/campaigns/:id": { call: (fx) => ({ path: `/api/embed/campaigns/${fx.draftId}` }), expect: closed },
  "GET /api/embed/campaigns/:id/stream": {
    call: (fx) => ({ path: `/api/embed/campaigns/${fx.liveId}/stream` }),
    expect: all(200),
  },
  "GET /api/oembed": { call: at("/api/oembed"), expect: all(400) },

  "GET /api/artist/overview": { call: at("/api/artist/overview"), expect: artistOnly(200, 200) },
  "GET /api/artist/campaigns": { call: at("/api/artist/campaigns"), expect: artistOnly(200, 200) },
  "GET /api/artist/campaigns/stream": { call: at("/api/artist/campaigns/stream"), expect: artistOnly(200, 200) },
  "GET /api/artist/campaigns/:id/analytics": {
    call: (fx) => ({ path: `/api/artist/campaigns/${fx.draftId}/analytics` }),
    expect: artistOnly(200, 404),
  },
  "DELETE /api/artist/campaigns/:id": {
    call: (fx) => ({ path: `/api/artist/campaigns/${fx.unknownId}` }),
    expect: artistOnly(404, 404),
  },

  "POST /api/account/handle": {
    call: () => ({ path: "/api/account/handle", json: { handle: "x" } }),
    expect: signedIn(400),
  },
  "GET /api/account/api-keys": { call: at("/api/account/api-keys"), expect: signedIn(200) },
  "POST /api/account/api-keys": {
    call: () => ({ path: "/api/account/api-keys", json: { name: "x", scopes: [] } }),
    expect: signedIn(400),
  },
  "POST /api/account/api-keys/:id/revoke": {
    call: (fx) => ({ path: `/api/account/api-keys/${fx.unknownId}/revoke`, json: {} }),
    expect: signedIn(404),
  },
  "GET /api/account/webhooks": { call: at("/api/account/webhooks"), expect: signedIn(200) },
  "POST /api/account/webhooks": {
    call: () => ({ path: "/api/account/webhooks", json: { url: "https://example.com/hooks", events: [] } }),
    expect: signedIn(400),
  },
  "DELETE /api/account/webhooks/:id": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}` }),
    expect: signedIn(404),
  },
  "POST /api/account/webhooks/:id/rotate-secret": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}/rotate-secret`, json: {} }),
    expect: signedIn(404),
  },
  "POST /api/account/webhooks/:id/enable": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}/enable`, json: {} }),
    expect: signedIn(404),
  },
  "POST /api/account/webhooks/:id/test": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}/test`, json: {} }),
    expect: signedIn(404),
  },
  "GET /api/account/webhooks/:id/deliveries": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}/deliveries` }),
    expect: signedIn(404),
  },
  "POST /api/account/webhooks/:id/deliveries/:deliveryId/replay": {
    call: (fx) => ({ path: `/api/account/webhooks/${fx.unknownId}/deliveries/msg_x/replay`, json: {} }),
    expect: signedIn(404),
  },
  // The public API takes API keys only: a session cookie opens none of it; its description is public.
  "GET /api/v1/campaigns": { call: at("/api/v1/campaigns"), expect: all(401) },
  "POST /api/v1/campaigns": { call: () => ({ path: "/api/v1/campaigns", json: {} }), expect: all(401) },
  "GET /api/v1/campaigns/:id/analytics": {
    call: (fx) => ({ path: `/api/v1/campaigns/${fx.liveId}/analytics` }),
    expect: all(401),
  },
  "GET /api/v1/links": { call: at("/api/v1/links"), expect: all(401) },
  "GET /api/v1/earnings": { call: at("/api/v1/earnings"), expect: all(401) },
  "GET /api/v1/payouts": { call: at("/api/v1/payouts"), expect: all(401) },
  "GET /api/v1/openapi.json": { call: at("/api/v1/openapi.json"), expect: all(200) },
  "GET /api/v1/docs": { call: at("/api/v1/docs"), expect: all(200) },
  "POST /api/account/eligibility": {
    call: () => ({ path: "/api/account/eligibility", json: { country: "US", state: "NY" } }),
    expect: signedIn(400),
  },
  "GET /api/account/email-preferences": { call: at("/api/account/email-preferences"), expect: signedIn(200) },
  "POST /api/account/email-preferences": {
    call: () => ({ path: "/api/account/email-preferences", json: { kind: "news", on: true } }),
    expect: signedIn(200),
  },
  "GET /email/unsubscribe": { call: at("/email/unsubscribe?u=x&k=news&t=bad"), expect: all(400) },
  "POST /email/unsubscribe": {
    call: () => ({ path: "/email/unsubscribe?u=x&k=news&t=bad", body: "" }),
    expect: all(400),
  },
  "POST /api/account/email": { call: () => ({ path: "/api/account/email", json: {} }), expect: signedIn(400) },
  "GET /api/account/email/confirm": { call: at("/api/account/email/confirm?token=unknown"), expect: all(302) },
  "GET /api/account/email/undo": { call: at("/api/account/email/undo?token=unknown"), expect: all(302) },
  "GET /api/account/sessions": { call: at("/api/account/sessions"), expect: signedIn(200) },
  "POST /api/account/sessions/:id/revoke": {
    call: () => ({ path: "/api/account/sessions/no-such-session/revoke", json: {} }),
    expect: signedIn(404),
  },
  "POST /api/account/delete": {
    call: () => ({ path: "/api/account/delete", json: { password: "not the password" } }),
    expect: signedIn(400),
  },
  "GET /api/notifications": { call: at("/api/notifications"), expect: signedIn(200) },
  "GET /api/notifications/stream": { call: at("/api/notifications/stream"), expect: signedIn(200) },
  "POST /api/notifications/read": {
    call: () => ({ path: "/api/notifications/read", json: {} }),
    expect: signedIn(200),
  },
  "GET /api/promoter/dashboard": { call: at("/api/promoter/dashboard"), expect: signedIn(200) },
  "GET /api/promoter/dashboard/stream": { call: at("/api/promoter/dashboard/stream"), expect: signedIn(200) },

  "GET /api/earnings": { call: at("/api/earnings"), expect: signedIn(200) },
  "GET /api/payouts/account": { call: at("/api/payouts/account"), expect: signedIn(200) },
  "POST /api/payouts/account": { call: () => ({ path: "/api/payouts/account", json: {} }), expect: signedIn(200) },
  "POST /api/payouts/account-link": {
    call: () => ({ path: "/api/payouts/account-link", json: {} }),
    expect: signedIn(200),
  },
  "POST /api/payouts/request": { call: () => ({ path: "/api/payouts/request", json: {} }), expect: signedIn(400) },
  "GET /api/payouts/candidacies": { call: at("/api/payouts/candidacies"), expect: signedIn(200) },
  "POST /api/payouts/candidacies/:campaignId/verify": {
    call: (fx) => ({
      path: `/api/payouts/candidacies/${fx.liveId}/verify`,
      json: { country: "US", state: "NY", age_confirmed: true, legal_name: "Test Promoter", own_account: true },
    }),
    expect: signedIn(404),
  },
  "GET /api/admin/payouts": { call: at("/api/admin/payouts"), expect: adminOnly(200) },
  "GET /api/admin/prize-ledger": { call: at("/api/admin/prize-ledger"), expect: adminOnly(200) },
  "POST /api/admin/payouts/:payoutId/pay": {
    call: (fx) => ({ path: `/api/admin/payouts/${fx.unknownId}/pay`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/payouts/:payoutId/pass-on": {
    call: (fx) => ({
      path: `/api/admin/payouts/${fx.unknownId}/pass-on`,
      json: { grounds: "fraud", reason: "Bought clicks" },
    }),
    expect: adminOnly(404),
  },
  "POST /api/admin/payouts/:payoutId/approve": {
    call: (fx) => ({ path: `/api/admin/payouts/${fx.unknownId}/approve`, json: {} }),
    expect: adminOnly(404),
  },
  "GET /api/admin/approvals": { call: at("/api/admin/approvals"), expect: adminOnly(200) },
  "GET /api/admin/approvals/:campaignId": {
    call: (fx) => ({ path: `/api/admin/approvals/${fx.liveId}` }),
    expect: adminOnly(200),
  },
  "GET /api/admin/users/:id/links": {
    call: (fx) => ({ path: `/api/admin/users/${fx.unknownId}/links` }),
    expect: adminOnly(200),
  },
  "GET /api/admin/stats": { call: at("/api/admin/stats"), expect: adminOnly(200) },
  "GET /api/admin/campaigns": { call: at("/api/admin/campaigns?status=draft"), expect: adminOnly(200) },
  "POST /api/admin/campaigns/:id/pause": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/pause`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/campaigns/:id/resume": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/resume`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/campaigns/:id/hide": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/hide`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/campaigns/:id/show": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/show`, json: {} }),
    expect: adminOnly(404),
  },
  "GET /api/admin/clicks/verdicts": { call: at("/api/admin/clicks/verdicts?range=1h"), expect: adminOnly(200) },
  "GET /api/admin/clicks/over-time": { call: at("/api/admin/clicks/over-time?range=30d"), expect: adminOnly(200) },
  "GET /api/admin/users": { call: at("/api/admin/users?q=example"), expect: adminOnly(200) },
  "POST /api/admin/users/:id/grant-admin": {
    call: (fx) => ({ path: `/api/admin/users/${fx.unknownId}/grant-admin`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/users/:id/revoke-admin": {
    call: (fx) => ({ path: `/api/admin/users/${fx.unknownId}/revoke-admin`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/users/:id/ban": {
    call: (fx) => ({ path: `/api/admin/users/${fx.unknownId}/ban`, json: {} }),
    expect: adminOnly(404),
  },
  "POST /api/admin/users/:id/unban": {
    call: (fx) => ({ path: `/api/admin/users/${fx.unknownId}/unban`, json: {} }),
    expect: adminOnly(404),
  },
  "GET /api/admin/messages": { call: at("/api/admin/messages?status=all"), expect: adminOnly(200) },
  "POST /api/admin/messages/:id/handled": {
    call: (fx) => ({ path: `/api/admin/messages/${fx.unknownId}/handled`, json: {} }),
    expect: adminOnly(404),
  },
  "GET /api/admin/investigate": {
    call: (fx) => ({ path: `/api/admin/investigate?campaign=${fx.liveId}` }),
    expect: adminOnly(200),
  },
  "POST /api/admin/flags/:id/dismiss": {
    call: () => ({ path: "/api/admin/flags/999999999/dismiss", json: { reason: "Looked fine" } }),
    expect: adminOnly(404),
  },
  "POST /api/admin/campaigns/:id/release": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.unknownId}/release`, json: {} }),
    expect: adminOnly(404),
  },
  "GET /api/admin/campaigns/:id/risk": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.liveId}/risk` }),
    expect: adminOnly(200),
  },
  "GET /api/admin/campaigns/:id/replay": {
    call: (fx) => ({ path: `/api/admin/campaigns/${fx.liveId}/replay?network_limit=5` }),
    expect: adminOnly(200),
  },
  "GET /api/admin/outbox": { call: at("/api/admin/outbox"), expect: adminOnly(200) },
  "POST /api/admin/outbox/:id/resend": {
    call: (fx) => ({ path: `/api/admin/outbox/${fx.unknownId}/resend`, json: {} }),
    expect: adminOnly(409),
  },
  "GET /api/admin/outbox/:id/html": {
    call: (fx) => ({ path: `/api/admin/outbox/${fx.unknownId}/html` }),
    expect: adminOnly(404),
  },
  "GET /api/admin/audit": { call: at("/api/admin/audit"), expect: adminOnly(200) },
  "GET /api/admin/client-errors": { call: at("/api/admin/client-errors"), expect: adminOnly(200) },

  "GET /api/admin/clicks/top-ips": { call: at("/api/admin/clicks/top-ips"), expect: adminOnly(200) },
  "GET /api/admin/clicks/top-user-agents": { call: at("/api/admin/clicks/top-user-agents"), expect: adminOnly(200) },
  "GET /api/admin/clicks/countries": { call: at("/api/admin/clicks/countries"), expect: adminOnly(200) },
  "GET /api/admin/clicks/rate-limiting": { call: at("/api/admin/clicks/rate-limiting"), expect: adminOnly(200) },
  "GET /api/admin/clicks/recent": { call: at("/api/admin/clicks/recent"), expect: adminOnly(200) },
  "GET /api/admin/suspicious": { call: at("/api/admin/suspicious?range=7d"), expect: adminOnly(200) },
  "POST /api/admin/clicks/void": { call: () => ({ path: "/api/admin/clicks/void", json: {} }), expect: adminOnly(400) },

  "POST /api/clicks/verify": {
    call: () => ({ path: "/api/clicks/verify", json: { code: "NoSuchCode1", payload: "e30=" } }),
    expect: all(404),
  },
  "POST /api/clicks/confirm": {
    call: () => ({ path: "/api/clicks/confirm", json: { token: "1.AAAAAAAAAAAAAAAAAAAAAA" } }),
    expect: all(400),
  },
  "POST /api/contact": {
    call: () => ({
      path: "/api/contact",
      json: { name: "Sam", email: "sam@example.com", subject: "Hi", message: "Hello", type: "general" },
    }),
    expect: all(201),
  },

  "POST /api/client-errors": {
    call: () => ({
      path: "/api/client-errors",
      json: {
        id: "0b6f3f4e-0000-4000-8000-000000000001",
        kind: "error",
        type: "unknown",
        severity: "high",
        name: "Error",
        message: "boom",
        path: "/",
      },
    }),
    expect: all(201),
  },

  "POST /api/artwork": {
    // Not an image: an artist is told so; anyone else may not upload.
    call: () => ({ path: "/api/artwork", body: "not an image", headers: { "Content-Type": "image/png" } }),
    expect: { anonymous: 401, promoter: 403, artist: 400, otherArtist: 400, admin: 403 },
  },
  "POST /api/campaigns/:id/artwork": {
    call: (fx) => ({ path: `/api/campaigns/${fx.draftId}/artwork`, json: { key: null } }),
    expect: { ...all(404), anonymous: 401, artist: 200 },
  },
  "GET /media/artwork/:key/:variant": { call: at(`/media/artwork/${"0".repeat(32)}/640.webp`), expect: all(404) },
  "GET /media/covers/:file": { call: (fx) => ({ path: `/media/covers/${fx.liveId}.png` }), expect: all(200) },

  "GET /sandbox/connect/:token": { call: at("/sandbox/connect/no-such-token"), expect: all(404) },
  "POST /sandbox/connect/:token": {
    call: () => ({
      path: "/sandbox/connect/no-such-token",
      body: "action=later",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    expect: all(404),
  },

  // A campaign's page, public (its API decides what a viewer sees); the old pop-up's address leads there.
  "GET /campaigns/:id": { call: (fx) => ({ path: `/campaigns/${fx.liveId}` }), expect: all(200) },
  "HEAD /campaigns/:id": { call: (fx) => ({ path: `/campaigns/${fx.liveId}` }), expect: all(200) },
  "GET /join-campaign": { call: (fx) => ({ path: `/join-campaign?campaign=${fx.liveId}` }), expect: all(301) },

  // The web app: every client route is public; the screens ask the API, which decides.
  "GET /*": { call: at("/admin/payouts"), expect: all(200) },
  "HEAD /*": { call: at("/earnings"), expect: all(200) },
};

/** Routes that exist only with Stripe configured; their rows run against a Stripe-configured app. */
const stripeRows: Record<string, Row> = {
  // Authenticated by the provider's signature, not a session: without one it is refused for everybody.
  "POST /api/webhooks/stripe": { call: () => ({ path: "/api/webhooks/stripe", body: "{}" }), expect: all(400) },
};

/** Better Auth endpoints, as `METHOD /api/auth/path`; the unexposed ones answer 404 to everyone. */
const authRows: Record<string, Row> = {
  "POST /api/auth/sign-up/email": { call: () => ({ path: "/api/auth/sign-up/email", json: {} }), expect: all(400) },
  "POST /api/auth/sign-in/email": {
    call: () => ({
      path: "/api/auth/sign-in/email",
      json: { email: "nobody@example.com", password: "wrong password" },
    }),
    expect: all(401),
  },
  "POST /api/auth/sign-out": { call: () => ({ path: "/api/auth/sign-out", json: {} }), expect: all(200), last: true },
  // Page scripts never get a session token: the session is read through /api/me and /api/account/sessions.
  "GET /api/auth/get-session": { call: at("/api/auth/get-session"), expect: closed },
  "POST /api/auth/get-session": { call: () => ({ path: "/api/auth/get-session", json: {} }), expect: closed },
  "POST /api/auth/request-password-reset": {
    call: () => ({ path: "/api/auth/request-password-reset", json: { email: "nobody@example.com" } }),
    expect: all(200),
  },
  "GET /api/auth/reset-password/:token": {
    call: at("/api/auth/reset-password/not-a-token?callbackURL=%2Fauth%2Freset-password"),
    expect: all(302),
  },
  "POST /api/auth/reset-password": {
    call: () => ({ path: "/api/auth/reset-password", json: { token: "not-a-token", newPassword: "long enough 123" } }),
    expect: all(400),
  },
  "GET /api/auth/verify-email": {
    call: at("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth%2Femail-verified"),
    expect: all(302),
  },
  "POST /api/auth/send-verification-email": {
    // Everyone here is verified already.
    call: () => ({ path: "/api/auth/send-verification-email", json: {} }),
    expect: signedIn(400),
  },
  "POST /api/auth/update-user": { call: () => ({ path: "/api/auth/update-user", json: {} }), expect: signedIn(400) },

  "POST /api/auth/sign-in/social": { call: () => ({ path: "/api/auth/sign-in/social", json: {} }), expect: closed },
  "GET /api/auth/callback/:id": { call: at("/api/auth/callback/google"), expect: closed },
  "POST /api/auth/callback/:id": { call: () => ({ path: "/api/auth/callback/google", json: {} }), expect: closed },
  "POST /api/auth/verify-password": {
    call: () => ({ path: "/api/auth/verify-password", json: { password: "x" } }),
    expect: closed,
  },
  // The app's own change asks for the password (POST /api/account/email).
  "POST /api/auth/change-email": { call: () => ({ path: "/api/auth/change-email", json: {} }), expect: closed },
  "POST /api/auth/change-password": {
    call: () => ({ path: "/api/auth/change-password", json: {} }),
    expect: signedIn(400),
  },
  "POST /api/auth/update-session": { call: () => ({ path: "/api/auth/update-session", json: {} }), expect: closed },
  "POST /api/auth/delete-user": { call: () => ({ path: "/api/auth/delete-user", json: {} }), expect: closed },
  "GET /api/auth/list-sessions": { call: at("/api/auth/list-sessions"), expect: closed },
  "POST /api/auth/revoke-session": { call: () => ({ path: "/api/auth/revoke-session", json: {} }), expect: closed },
  "POST /api/auth/revoke-sessions": { call: () => ({ path: "/api/auth/revoke-sessions", json: {} }), expect: closed },
  "POST /api/auth/revoke-other-sessions": {
    call: () => ({ path: "/api/auth/revoke-other-sessions", json: {} }),
    expect: signedIn(200),
  },
  "POST /api/auth/link-social": { call: () => ({ path: "/api/auth/link-social", json: {} }), expect: closed },
  "GET /api/auth/list-accounts": { call: at("/api/auth/list-accounts"), expect: closed },
  "GET /api/auth/delete-user/callback": { call: at("/api/auth/delete-user/callback"), expect: closed },
  "POST /api/auth/unlink-account": { call: () => ({ path: "/api/auth/unlink-account", json: {} }), expect: closed },
  "POST /api/auth/refresh-token": { call: () => ({ path: "/api/auth/refresh-token", json: {} }), expect: closed },
  "POST /api/auth/get-access-token": {
    call: () => ({ path: "/api/auth/get-access-token", json: {} }),
    expect: closed,
  },
  "GET /api/auth/account-info": { call: at("/api/auth/account-info"), expect: closed },
  "GET /api/auth/ok": { call: at("/api/auth/ok"), expect: closed },
  "GET /api/auth/error": { call: at("/api/auth/error"), expect: closed },
};

/** Middleware (`use`, `all`) and the one proxy route behind which the Better Auth rows sit. */
const notRoutes = new Set(["GET /api/auth/*", "POST /api/auth/*"]);

function registeredRoutes(app: TestApp["app"]): Set<string> {
  return new Set(app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`));
}

function betterAuthEndpoints(t: TestApp): Set<string> {
  const auth = createTestAuth(t);
  const keys = new Set<string>();
  for (const endpoint of Object.values(auth.api) as Array<{
    path?: string;
    options?: { method?: string | string[] };
  }>) {
    if (!endpoint.path) continue;
    const methods = endpoint.options?.method ?? "GET";
    for (const method of Array.isArray(methods) ? methods : [methods]) keys.add(`${method} /api/auth${endpoint.path}`);
  }
  return keys;
}

/**
 * The public API as each kind of key holder meets it: a key is only as strong as its holder stands now (ADR 042). A
 * banned holder's key is refused outright; a demoted admin's key keeps only what a promoter may do; a revoked key,
 * or none, opens nothing. Every /api/v1 route has a row here too.
 */
const keyHolders = ["none", "revoked", "promoter", "artist", "admin", "demotedAdmin", "bannedArtist"] as const;
type KeyHolder = (typeof keyHolders)[number];
type KeyRow = { call: (fx: Fixtures) => Call; expect: Record<KeyHolder, number> };
/** What a key that opens the route answers, by who holds it; no key and a revoked key are 401 everywhere. */
const byKey = (open: Omit<Record<KeyHolder, number>, "none" | "revoked" | "bannedArtist">) => ({
  none: 401,
  revoked: 401,
  bannedArtist: 401,
  ...open,
});
const keyRows: Record<string, KeyRow> = {
  "GET /api/v1/campaigns": {
    call: at("/api/v1/campaigns"),
    expect: byKey({ promoter: 403, artist: 200, admin: 403, demotedAdmin: 403 }),
  },
  "POST /api/v1/campaigns": {
    call: () => ({ path: "/api/v1/campaigns", json: {} }),
    expect: byKey({ promoter: 403, artist: 400, admin: 403, demotedAdmin: 403 }),
  },
  "GET /api/v1/campaigns/:id/analytics": {
    call: (fx) => ({ path: `/api/v1/campaigns/${fx.liveId}/analytics` }),
    expect: byKey({ promoter: 403, artist: 200, admin: 403, demotedAdmin: 403 }),
  },
  "GET /api/v1/links": {
    call: at("/api/v1/links"),
    expect: byKey({ promoter: 200, artist: 403, admin: 200, demotedAdmin: 200 }),
  },
  "GET /api/v1/earnings": {
    call: at("/api/v1/earnings"),
    expect: byKey({ promoter: 200, artist: 403, admin: 200, demotedAdmin: 200 }),
  },
  "GET /api/v1/payouts": {
    call: at("/api/v1/payouts"),
    expect: byKey({ promoter: 403, artist: 403, admin: 200, demotedAdmin: 403 }),
  },
};
/** Each holder's key, with every scope its account could give when the key was made. */
let keys: Record<Exclude<KeyHolder, "none">, string>;

let t: TestApp;
let stripe: TestApp;
let users: Record<Exclude<Role, "anonymous">, TestUser>;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  stripe = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_matrix",
      STRIPE_PUBLISHABLE_KEY: "pk_test_matrix",
      STRIPE_WEBHOOK_SECRET: "whsec_matrix",
    },
  });
  users = {
    promoter: await signUp(t, "promoter"),
    artist: await signUp(t, "artist"),
    otherArtist: await signUp(t, "artist"),
    admin: await signUp(t, "promoter"),
  };
  await makeAdmin(t, users.admin);
  const draft = await okRoute(t, campaignsApi.create, {
    cookie: users.artist.cookie,
    body: { title: "Draft", artist_name: "A", song_link: "https://open.spotify.com/track/d", prize_cents: 10_00 },
  });
  const liveId = await createLiveCampaign(t, users.artist);
  fixtures = {
    draftId: draft.campaign.id,
    liveId,
    shortCode: await joinAs(t, users.promoter, liveId),
    unknownId: randomUUID(),
  };
  const keyOf = async (holder: TestUser, scopes: ApiKeyScope[]) =>
    (await okRoute(t, apiKeysApi.create, { cookie: holder.cookie, body: { name: "Matrix", scopes } }, 201)).secret;
  // An artist who promotes nobody's campaign has no tracking links: their keys cannot be given links:read.
  const artistScopes: ApiKeyScope[] = ["campaigns:read", "campaigns:write"];
  const revoked = await okRoute(
    t,
    apiKeysApi.create,
    { cookie: users.artist.cookie, body: { name: "Old", scopes: artistScopes } },
    201,
  );
  await okRoute(t, apiKeysApi.revoke, { params: { id: revoked.key.id }, cookie: users.artist.cookie });
  const demoted = await signUp(t, "promoter");
  await makeAdmin(t, demoted);
  const banned = await signUp(t, "artist");
  keys = {
    revoked: revoked.secret,
    promoter: await keyOf(users.promoter, ["links:read"]),
    artist: await keyOf(users.artist, artistScopes),
    admin: await keyOf(users.admin, ["links:read", "payouts:read"]),
    demotedAdmin: await keyOf(demoted, ["links:read", "payouts:read"]),
    bannedArtist: await keyOf(banned, artistScopes),
  };
  await okRoute(t, adminApi.revokeAdmin, { params: { id: demoted.id }, cookie: users.admin.cookie });
  await okRoute(t, adminApi.banUser, { params: { id: banned.id }, cookie: users.admin.cookie, body: {} });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function answer(app: TestApp, method: string, row: Row, role: Role): Promise<number> {
  const call = row.call(fixtures);
  const response = await app.request(call.path, {
    method,
    json: call.json,
    body: call.body,
    headers: call.headers,
    cookie: role === "anonymous" ? undefined : users[role].cookie,
  });
  // Streams stay open; the status is what is checked.
  await response.body?.cancel();
  return response.status;
}

async function runRows(app: TestApp, rows: Record<string, Row>) {
  const ordered = Object.entries(rows).sort(([, a], [, b]) => Number(Boolean(a.last)) - Number(Boolean(b.last)));
  const mismatches: string[] = [];
  for (const [key, row] of ordered) {
    const method = key.split(" ")[0] as string;
    for (const role of roles) {
      const status = await answer(app, method, row, role);
      if (status !== row.expect[role]) mismatches.push(`${key} as ${role}: ${status}, expected ${row.expect[role]}`);
    }
  }
  expect(mismatches).toEqual([]);
}

describe("authorization matrix", () => {
  it("has a row for every route the app registers, and a route for every row", () => {
    const registered = [...registeredRoutes(t.app)].filter((key) => !notRoutes.has(key));
    expect(registered.filter((key) => !(key in appRows)).sort()).toEqual([]);
    expect(Object.keys(appRows).filter((key) => !registered.includes(key))).toEqual([]);
    const stripeOnly = [...registeredRoutes(stripe.app)].filter((key) => !notRoutes.has(key) && !(key in appRows));
    expect(stripeOnly.sort()).toEqual(Object.keys(stripeRows).sort());
  });

  it("has a row for every Better Auth endpoint, and an endpoint for every row", () => {
    const endpoints = [...betterAuthEndpoints(t)];
    expect(endpoints.filter((key) => !(key in authRows)).sort()).toEqual([]);
    expect(Object.keys(authRows).filter((key) => !endpoints.includes(key))).toEqual([]);
  });

  it("answers every Stripe-only route as its row says", async () => {
    await runRows(stripe, stripeRows);
  });

  it("has a key row for every public API route that takes a key, and a route for every key row", () => {
    const keyed = [...registeredRoutes(t.app)].filter(
      (key) => key.includes(" /api/v1/") && !key.endsWith("/openapi.json") && !key.endsWith("/docs"),
    );
    expect(keyed.sort()).toEqual(Object.keys(keyRows).sort());
  });

  it("answers every public API route as its key row says, for each kind of key holder", async () => {
    const mismatches: string[] = [];
    for (const [key, row] of Object.entries(keyRows)) {
      const method = key.split(" ")[0] as string;
      const call = row.call(fixtures);
      for (const holder of keyHolders) {
        const response = await t.request(call.path, {
          method,
          json: call.json,
          headers: { Origin: "", ...(holder === "none" ? {} : { Authorization: `Bearer ${keys[holder]}` }) },
        });
        await response.body?.cancel();
        if (response.status !== row.expect[holder]) {
          mismatches.push(`${key} with ${holder}'s key: ${response.status}, expected ${row.expect[holder]}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("answers every route and endpoint as its row says, for each kind of caller", async () => {
    await runRows(t, { ...appRows, ...authRows });
  });
});
