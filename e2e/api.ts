import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { expect } from "vitest";
import { type Account, accountsApi } from "../src/core/api/accounts";
import { type CreateCampaignBody, campaignsApi } from "../src/core/api/campaigns";
import type { BodyOf } from "../src/core/api/contract";
import { cookiesFrom } from "../src/server/testing/accounts";
import { browserHints, browserUa } from "../src/server/testing/clicks";
import { callRoute, okRoute, overHttp, type RouteCaller } from "../src/server/testing/contract-call";
import type { AppServer } from "./harness";

/**
 * The running server for the contract helpers of src/server/testing/contract-call.ts (`callRoute`, `okRoute`,
 * `refusedRoute`): each call goes over HTTP as a browser on the server's origin sends it (its Origin header, the
 * session's cookies), and answers the body that the route's contract types.
 */
export const api = (server: AppServer): RouteCaller => overHttp(server.url);

/** The account the session `cookies` is signed in to (`GET /api/me`); a session that is signed out fails. */
export async function accountOf(server: AppServer, cookies: string): Promise<Account> {
  const account = await okRoute(api(server), accountsApi.me, { cookie: cookies });
  if (!account) throw new Error("The session is signed out");
  return account;
}

/**
 * Opens a tracking link as a plain HTTP client (a browser's user agent and its client hints unless `userAgent` says
 * else), from `localAddress` when given: no Fetch Metadata, as an older browser sends. Not `fetch`: Node's sends
 * `Sec-Fetch-Mode: cors`, which is a script loading the link, never a person's click.
 */
export function openLink(
  server: AppServer,
  path: string,
  options: { userAgent?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{ status: number; verdict: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        localAddress: options.localAddress,
        headers: {
          "User-Agent": options.userAgent ?? browserUa,
          ...(options.userAgent === undefined ? browserHints : {}),
          ...options.headers,
        },
      },
      (res) => {
        res.resume();
        const verdict = res.headers["x-click-verdict"];
        res.on("end", () => resolve({ status: res.statusCode ?? 0, verdict: verdict as string | undefined }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Opens the verification link the dev outbox holds for `email`, as its owner would. */
export async function verifyEmailViaOutbox(server: AppServer, email: string) {
  let mail: { text: string } | undefined;
  await expect.poll(() => (mail = server.findEmail(email, /verify your/i)), { timeout: 10_000 }).toBeTruthy();
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  const response = await fetch(link, { redirect: "manual" });
  expect(response.headers.get("location")).toMatch(/\/auth\/email-verified$/);
}

/**
 * Each sign-up through the API comes from an address of its own, as people's do (sign-ups are limited per address); the
 * server believes it only behind a trusted proxy (TRUST_PROXY), and sees the journey's own address otherwise.
 */
export const ownAddress = () => ({ "X-Forwarded-For": `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });

/** Signs up through the API from an address of its own, then verifies the email (the dev outbox's link); the cookies. */
async function signUpVerified(server: AppServer, body: BodyOf<typeof accountsApi.signUp>): Promise<string> {
  const signedUp = await callRoute(api(server), accountsApi.signUp, { body, headers: ownAddress() });
  expect(signedUp.status).toBe(200);
  await verifyEmailViaOutbox(server, body.email);
  return stateResidence(server, cookiesFrom(signedUp));
}

/** Where journeys' users live unless a journey says otherwise. */
export const e2eResidence = { country: "US", state: "NY", age_confirmed: true } as const;

/**
 * The one helper that makes a journey's account eligible to join campaigns in one click: it states `e2eResidence`.
 * Every sign-up through the API goes through it. Answers the cookies.
 */
export async function stateResidence(server: AppServer, cookies: string): Promise<string> {
  await okRoute(api(server), accountsApi.setEligibility, { cookie: cookies, body: e2eResidence });
  return cookies;
}

/** Signs up through the API with a verified email (the link from the dev outbox); returns the session cookies. */
export const signUpViaApi = (
  server: AppServer,
  userType: "artist" | "promoter",
  email = `${userType}-${randomBytes(3).toString("hex")}@example.com`,
): Promise<string> =>
  signUpVerified(server, {
    email,
    password: "a long password",
    first_name: "T",
    last_name: "U",
    user_type: userType,
    artist_name: userType === "artist" ? "Band" : undefined,
  });

/** Signs up the address that ADMIN_EMAILS names; it is an admin once its email is verified. Returns the cookies. */
export const signUpAdmin = (server: AppServer, email: string): Promise<string> =>
  signUpVerified(server, {
    email,
    password: "a long password",
    first_name: "Ada",
    last_name: "Admin",
    user_type: "promoter",
  });

/** A campaign's title and any other create fields a journey sets. */
type CampaignFields = Partial<CreateCampaignBody> & { title: string };

/** A campaign by the artist signed in with `artistCookies` (a new one without), paid with the sandbox's test card; returns its id. */
export async function fundedCampaign(
  server: AppServer,
  campaign: CampaignFields,
  artistCookies?: string,
): Promise<string> {
  const artist = artistCookies ?? (await signUpViaApi(server, "artist"));
  const created = await okRoute(
    api(server),
    campaignsApi.create,
    {
      cookie: artist,
      body: {
        artist_name: "Band",
        song_link: "https://open.spotify.com/track/e2e",
        prize_cents: 5000,
        duration_days: 7,
        ...campaign,
      },
    },
    201,
  );
  const params = { id: created.campaign.id };
  await callRoute(api(server), campaignsApi.startFunding, { params, cookie: artist });
  const paid = await callRoute(api(server), campaignsApi.sandboxPayment, {
    params,
    cookie: artist,
    body: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
  });
  expect(paid.status).toBe(200);
  return params.id;
}

/** A funded campaign (sandbox card) with one joined promoter; returns the campaign id and the tracking code. */
export async function liveCampaignWithLink(server: AppServer, campaign: CampaignFields) {
  const id = await fundedCampaign(server, campaign);
  const promoter = await signUpViaApi(server, "promoter");
  const { link } = await okRoute(api(server), campaignsApi.join, { params: { id }, cookie: promoter });
  return { id, promoter, shortCode: link.short_code };
}
