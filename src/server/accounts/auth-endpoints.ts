import { z } from "zod";
import { passwordChangeSchema, profileUpdateSchema, signInSchema, signUpSchema } from "../../core/auth-rules.js";
import type { SessionUser } from "../http/session-user.js";
import { EMAIL_VERIFIED_PATH, RESET_PASSWORD_PATH } from "./auth-paths.js";

const signUpBody = signUpSchema.transform((value) => ({
  ...value,
  name: value.name ?? `${value.first_name} ${value.last_name}`,
  artist_name: value.user_type === "artist" ? value.artist_name : null,
  social_handle: value.user_type === "promoter" ? value.social_handle : null,
  callbackURL: EMAIL_VERIFIED_PATH,
}));

/** Better Auth's tokens are URL-safe random strings; anything else is refused before it reaches a query. */
const tokenPattern = /^[A-Za-z0-9_.-]{1,512}$/;
const token = z.string({ error: "Invalid token" }).regex(tokenPattern, "Invalid token");

/**
 * A sign-up verification link's token. Better Auth's verify-email also accepts its own email-change tokens (stateless,
 * valid a day); the app changes addresses itself (email-change.ts), so a token that carries `updateTo` is refused.
 */
const verificationToken = token.refine((value) => {
  try {
    const payload: unknown = JSON.parse(Buffer.from(value.split(".")[1] ?? "", "base64url").toString("utf8"));
    return !(typeof payload === "object" && payload !== null && "updateTo" in payload);
  } catch {
    // Not a token at all: Better Auth answers it as an invalid link.
    return true;
  }
}, "Invalid token");

/** The emailed links return to one page of the app, the one the app put in them. */
const returnTo = (path: string) => z.literal(path, { error: "Invalid link" });

/**
 * The Better Auth endpoints the app exposes, each with the body it accepts (validated with SPEC.md's messages
 * before Better Auth sees it; Better Auth receives the parsed value, so unknown fields never reach it). Every other
 * endpoint of the library answers 404: a new library endpoint is closed until it gets a row here.
 */
export const authEndpoints: readonly AuthEndpoint[] = [
  { method: "POST", path: "/sign-up/email", body: () => signUpBody },
  { method: "POST", path: "/sign-in/email", body: () => signInSchema },
  { method: "POST", path: "/sign-out", body: () => z.object({}) },
  {
    method: "POST",
    path: "/request-password-reset",
    body: () =>
      signInSchema.pick({ email: true }).transform(({ email }) => ({ email, redirectTo: RESET_PASSWORD_PATH })),
  },
  { method: "GET", path: "/reset-password/:token", query: z.object({ callbackURL: returnTo(RESET_PASSWORD_PATH) }) },
  {
    method: "POST",
    path: "/reset-password",
    body: () => z.object({ token, newPassword: signInSchema.shape.password }),
  },
  {
    method: "GET",
    path: "/verify-email",
    query: z.object({ token: verificationToken, callbackURL: returnTo(EMAIL_VERIFIED_PATH) }),
  },
  {
    method: "POST",
    path: "/send-verification-email",
    signedIn: true,
    body: (user) => z.object({}).transform(() => ({ email: user?.email, callbackURL: EMAIL_VERIFIED_PATH })),
  },
  {
    method: "POST",
    path: "/update-user",
    signedIn: true,
    body: (user) => profileUpdateSchema(user?.userType ?? "promoter"),
  },
  {
    method: "POST",
    path: "/change-password",
    signedIn: true,
    // Every other session ends with the old password.
    body: () => passwordChangeSchema.transform((value) => ({ ...value, revokeOtherSessions: true })),
  },
  { method: "POST", path: "/revoke-other-sessions", signedIn: true, body: () => z.object({}) },
];

export type AuthEndpoint = {
  method: "GET" | "POST";
  /** Better Auth's path, below `/api/auth`; `:name` matches one path segment. */
  path: string;
  /** Answered 401 before Better Auth when nobody is signed in. */
  signedIn?: boolean;
  /** The body accepted, for the signed-in user when there is one. */
  body?: (user: SessionUser | null) => z.ZodType;
  /** The query parameters accepted (a GET's input). */
  query?: z.ZodType;
};

const matchers = authEndpoints.map((endpoint) => ({
  endpoint,
  // A `:token` segment must look like a token; any other parameter is one path segment.
  pattern: new RegExp(
    `^${endpoint.path.replace(/:token\b/g, tokenPattern.source.slice(1, -1)).replace(/:[A-Za-z]+/g, "[^/]+")}$`,
  ),
}));

/** The exposed endpoint for a request below `/api/auth`, or undefined. */
export function findAuthEndpoint(method: string, path: string): AuthEndpoint | undefined {
  return matchers.find((entry) => entry.endpoint.method === method && entry.pattern.test(path))?.endpoint;
}
