import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestApp } from "./test-app.js";

export type TestUser = { id: string; email: string; password: string; cookie: string };

/** The session cookie(s) a response set, as a Cookie header value. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/** Signs up through the real endpoint and returns the user with a session cookie. */
export async function signUp(
  t: TestApp,
  userType: "artist" | "promoter",
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail(userType);
  const password = (overrides.password as string | undefined) ?? "correct horse battery";
  const response = await t.request("/api/auth/sign-up/email", {
    method: "POST",
    json: {
      email,
      password,
      first_name: "Test",
      last_name: userType === "artist" ? "Artist" : "Promoter",
      user_type: userType,
      ...(userType === "artist" ? { artist_name: "The Testers" } : {}),
      ...overrides,
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email: email.trim().toLowerCase(), password, cookie: cookiesFrom(response) };
}
