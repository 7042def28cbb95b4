import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { expect } from "vitest";
import type { AppServer } from "./harness";

/** POSTs JSON to the running server as a browser on its origin would; returns status, body and session cookies. */
export async function apiPost(
  server: AppServer,
  path: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const cookies = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, cookies };
}

const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Opens a tracking link as a plain HTTP client (a browser's user agent unless `userAgent` says else), from
 * `localAddress` when given: no Fetch Metadata, as an older browser sends. Not `fetch`: Node's sends
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
        headers: { "User-Agent": options.userAgent ?? browserUa, ...options.headers },
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

/** Signs up through the API with a verified email (the link from the dev outbox); returns the session cookies. */
export async function signUpViaApi(
  server: AppServer,
  userType: "artist" | "promoter",
  email = `${userType}-${randomBytes(3).toString("hex")}@example.com`,
): Promise<string> {
  const result = await apiPost(
    server,
    "/api/auth/sign-up/email",
    {
      email,
      password: "a long password",
      first_name: "T",
      last_name: "U",
      user_type: userType,
      artist_name: userType === "artist" ? "Band" : undefined,
    },
    undefined,
    ownAddress(),
  );
  expect(result.status).toBe(200);
  await verifyEmailViaOutbox(server, email);
  return result.cookies;
}

/** Signs up the address that ADMIN_EMAILS names; it is an admin once its email is verified. Returns the cookies. */
export async function signUpAdmin(server: AppServer, email: string): Promise<string> {
  const admin = await apiPost(
    server,
    "/api/auth/sign-up/email",
    {
      email,
      password: "a long password",
      first_name: "Ada",
      last_name: "Admin",
      user_type: "promoter",
    },
    undefined,
    ownAddress(),
  );
  expect(admin.status).toBe(200);
  await verifyEmailViaOutbox(server, email);
  return admin.cookies;
}

/** A campaign by the artist signed in with `artistCookies` (a new one without), paid with the sandbox's test card; returns its id. */
export async function fundedCampaign(
  server: AppServer,
  campaign: Record<string, unknown>,
  artistCookies?: string,
): Promise<string> {
  const artist = artistCookies ?? (await signUpViaApi(server, "artist"));
  const created = await apiPost(
    server,
    "/api/campaigns",
    {
      artist_name: "Band",
      song_link: "https://open.spotify.com/track/e2e",
      prize_cents: 5000,
      duration_days: 7,
      ...campaign,
    },
    artist,
  );
  expect(created.status).toBe(201);
  const id = (created.json.campaign as { id: string }).id;
  await apiPost(server, `/api/campaigns/${id}/funding`, {}, artist);
  const paid = await apiPost(
    server,
    `/api/campaigns/${id}/sandbox-payment`,
    { number: "4242424242424242", expiry: "12/34", cvc: "123" },
    artist,
  );
  expect(paid.status).toBe(200);
  return id;
}

/** A funded campaign (sandbox card) with one joined promoter; returns the campaign id and the tracking code. */
export async function liveCampaignWithLink(server: AppServer, campaign: Record<string, unknown>) {
  const id = await fundedCampaign(server, campaign);
  const promoter = await signUpViaApi(server, "promoter");
  const joined = await apiPost(server, `/api/campaigns/${id}/join`, {}, promoter);
  return { id, promoter, shortCode: (joined.json.link as { short_code: string }).short_code };
}
