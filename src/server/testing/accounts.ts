import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { accountsApi } from "../../core/api/accounts.js";
import type { EligibilityInput } from "../../core/eligibility-rules.js";
import { listOutbox } from "../mail/outbox.js";
import { bodyOf, callRoute, okRoute } from "./contract-call.js";
import type { TestClient } from "./test-app.js";

export type TestUser = { id: string; email: string; password: string; cookie: string };

/** The session cookie(s) a response (or a contract call's answer) set, as a Cookie header value. */
export function cookiesFrom(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * The newest link in the newest email to `to` whose subject matches, as a path the test app can request. Waits up to
 * two seconds for it: some emails (a password reset) are sent after the answer, so an address's existence can't be
 * timed.
 */
export async function emailedLink(t: TestClient, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const mail = (await listOutbox(t.database.db, to)).find((candidate) => subject.test(candidate.subject));
    link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  }
  if (!link) throw new Error(`No email to ${to} matching ${subject}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Opens the verification link the sign-up emailed, as its owner would. */
export async function verifyEmail(t: TestClient, email: string) {
  const response = await t.request(await emailedLink(t, email, /verify your/i));
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toMatch(/error/);
}

/** The device cookie of a test user's browser (set at sign-up), to sign another account up from the same device. */
export function deviceCookieOf(user: Pick<TestUser, "cookie">): string {
  const device = user.cookie.split("; ").find((cookie) => cookie.startsWith("fanboost_device="));
  if (!device) throw new Error("this user's browser has no device cookie");
  return device;
}

/** Where test users live unless a test says otherwise: a state whose age of majority is 18. */
export const testResidence = { country: "US", state: "NY", age_confirmed: true } as const;

/** The user states where they live and confirms their age, as the join dialog or settings would. */
export async function stateEligibility(t: TestClient, user: Pick<TestUser, "cookie">, residence: EligibilityInput) {
  return okRoute(t, accountsApi.setEligibility, { cookie: user.cookie, body: residence });
}

/**
 * Signs up through the real endpoint and returns the user with a session cookie; the email is verified through the
 * emailed link, as a real user's would be, unless `verified: false`. The user has stated `testResidence` and so may
 * join campaigns (the one helper every test that joins relies on), unless `eligible: false`.
 */
export async function signUp(
  t: TestClient,
  userType: "artist" | "promoter",
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean; eligible?: boolean; cookie?: string } = {},
): Promise<TestUser> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail(userType);
  const password = (overrides.password as string | undefined) ?? "correct horse battery";
  const answer = await callRoute(t, accountsApi.signUp, {
    // A browser's cookies, to sign up from a device another account used (its device cookie).
    ...(options.cookie ? { cookie: options.cookie } : {}),
    body: {
      email,
      password,
      first_name: "Test",
      last_name: userType === "artist" ? "Artist" : "Promoter",
      user_type: userType,
      ...(userType === "artist" ? { artist_name: "The Testers" } : {}),
      ...overrides,
    },
  });
  const { user } = bodyOf(answer, 200);
  const normalized = email.trim().toLowerCase();
  if (options.verified !== false) await verifyEmail(t, normalized);
  const signedUp = {
    id: user.id,
    email: normalized,
    password,
    cookie: [options.cookie, cookiesFrom(answer)].filter(Boolean).join("; "),
  };
  if (options.eligible !== false) await stateEligibility(t, signedUp, testResidence);
  return signedUp;
}
