import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { z } from "zod";
import { accountsApi, optionalEmailKinds } from "../../core/api/accounts.js";
import { authMessages, handleChangeSchema, PASSWORD_MAX_LENGTH, signInSchema } from "../../core/auth-rules.js";
import { eligibilitySchema } from "../../core/eligibility-rules.js";
import type { ServerContext } from "../context/server-context.js";
import type { AppEnv } from "../http/app-env.js";
import { reply, routePath } from "../http/contracts.js";
import { errorBody, tooManyRequestsBody } from "../http/error-body.js";
import { validate, validationErrorBody } from "../http/validate.js";
import { emailPreferencesOf, setEmailPreference } from "../mail/email-preferences.js";
import { loadAccount } from "./account.js";
import { listSessions, revokeSession } from "./account-sessions.js";
import { changeHandle } from "./account-settings.js";
import { type Auth, CLIENT_IP_HEADER } from "./auth.js";
import { findAuthEndpoint } from "./auth-endpoints.js";
import { EMAIL_VERIFIED_PATH } from "./auth-paths.js";
import { stateEligibility } from "./eligibility.js";
import { confirmEmailChange, type EmailChangeOutcome, requestEmailChange, undoEmailChange } from "./email-change.js";
import { authRequiredMessage, currentUser, type Guards } from "./guards.js";
import { DEVICE_COOKIE, DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from "./identity-marks.js";
import { voidPendingEmailChanges } from "./pending-email-changes.js";
import {
  beginSignInAttempt,
  clearSignInAttempts,
  recordSignInFailure,
  signInHeldMessage,
  signInHold,
  withdrawSignInAttempt,
} from "./sign-in-hold.js";

/**
 * Better Auth's answers as the browser gets them: errors in the API's one error envelope (it writes `{ code, message }`
 * at the top level); successes, redirects and session cookies pass through, without the session token some answers
 * carry in their body (sign-in, sign-up, change-password): the token travels in its HTTP-only cookie only.
 */
async function forBrowser(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("json")) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (response.status < 400) {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (body === null || typeof body !== "object" || !("token" in body)) {
      return new Response(body === null ? null : JSON.stringify(body), { status: response.status, headers });
    }
    const { token: _token, ...rest } = body;
    return Response.json(rest, { status: response.status, headers });
  }
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return Response.json(errorBody(body?.code?.toLowerCase() ?? "error", body?.message || "Authentication failed"), {
    status: response.status,
    headers,
  });
}

const emailPreferenceBody = z.object({
  kind: z.enum(optionalEmailKinds, { error: "Choose reminders, results or news" }),
  on: z.boolean({ error: "Say true or false" }),
});

const changeEmailBody = z.object({
  newEmail: signInSchema.shape.email,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH),
});

/** A browser keeps its device id a year from its last sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const linkToken = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "Invalid link")
    .catch(""),
});

export function accountRoutes(deps: {
  auth: Auth;
  context: ServerContext;
  guards: Guards;
  adminEmails: readonly string[];
}) {
  const { auth, context, guards } = deps;
  const { db } = context;
  const emailChange = { db, auth, mailer: context.mailer, publicUrl: context.publicUrl, adminEmails: deps.adminEmails };
  const app = new Hono<AppEnv>();

  /** Who is signed in: the account, or null when nobody is (not an error, so no 401 noise on every page). */
  app.get(routePath(accountsApi.me), async (c) => {
    const user = await guards.sessionUser(c);
    return c.json(reply(accountsApi.me, user ? ((await loadAccount(db, user.id)) ?? null) : null));
  });

  /** The handle others see on the leaderboards. */
  app.post(routePath(accountsApi.changeHandle), guards.requireUser, validate("json", handleChangeSchema), async (c) =>
    c.json(reply(accountsApi.changeHandle, await changeHandle(db, currentUser(c).id, c.req.valid("json").handle))),
  );

  /** Where the user lives and that they are of age there: asked before their first join. */
  app.post(routePath(accountsApi.setEligibility), guards.requireUser, validate("json", eligibilitySchema), async (c) =>
    c.json(reply(accountsApi.setEligibility, await stateEligibility(db, currentUser(c).id, c.req.valid("json")))),
  );

  /** The non-essential emails the user gets. */
  app.get(routePath(accountsApi.emailPreferences), guards.requireUser, async (c) =>
    c.json(reply(accountsApi.emailPreferences, await emailPreferencesOf(db, currentUser(c).id))),
  );
  app.post(
    routePath(accountsApi.setEmailPreference),
    guards.requireUser,
    validate("json", emailPreferenceBody),
    async (c) => {
      const { kind, on } = c.req.valid("json");
      await setEmailPreference(db, currentUser(c).id, kind, on);
      return c.json(reply(accountsApi.setEmailPreference, await emailPreferencesOf(db, currentUser(c).id)));
    },
  );

  /** A new email address: the link goes to it; the password confirms that the account's owner asks. */
  app.post(routePath(accountsApi.changeEmail), guards.requireUser, validate("json", changeEmailBody), async (c) =>
    c.json(
      reply(accountsApi.changeEmail, await requestEmailChange(emailChange, currentUser(c).id, c.req.valid("json"))),
    ),
  );
  /** The emailed links: they land on the verification page, which says what happened. */
  const landing = (outcome: EmailChangeOutcome) =>
    `${EMAIL_VERIFIED_PATH}?${outcome === "confirmed" || outcome === "undone" ? "email_change" : "error"}=${outcome}`;
  app.get("/account/email/confirm", validate("query", linkToken), async (c) =>
    c.redirect(landing(await confirmEmailChange(emailChange, c.req.valid("query").token)), 302),
  );
  app.get("/account/email/undo", validate("query", linkToken), async (c) =>
    c.redirect(landing(await undoEmailChange(emailChange, c.req.valid("query").token)), 302),
  );

  /** Where the account is signed in, and signing another device out (by session id). */
  app.get(routePath(accountsApi.listSessions), guards.requireUser, async (c) => {
    const user = currentUser(c);
    return c.json(reply(accountsApi.listSessions, await listSessions(db, user.id, user.sessionId)));
  });
  app.post(routePath(accountsApi.revokeSession), guards.requireUser, async (c) => {
    const user = currentUser(c);
    return c.json(
      reply(accountsApi.revokeSession, await revokeSession(db, user.id, user.sessionId, c.req.param("id") ?? "")),
    );
  });

  /**
   * Hands the request to Better Auth with the client address we resolved, the browser's device id (minted and set as a
   * cookie when it has none), and `body` when given.
   */
  const passOn = async (c: Context<AppEnv>, body: string | undefined) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.delete(DEVICE_ID_HEADER);
    const clientIp = c.get("clientIp");
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
    const sent = getCookie(c, DEVICE_COOKIE);
    const deviceId = sent && DEVICE_ID_PATTERN.test(sent) ? sent : randomBytes(16).toString("base64url");
    headers.set(DEVICE_ID_HEADER, deviceId);
    if (body !== undefined) headers.delete("content-length");
    const response = await forBrowser(
      await auth.handler(new Request(c.req.url, { method: c.req.method, headers, body })),
    );
    if (deviceId === sent) return response;
    // A copy: some answers (redirects) carry headers that cannot be changed.
    const answered = new Response(response.body, response);
    answered.headers.append(
      "Set-Cookie",
      serialize(DEVICE_COOKIE, deviceId, {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: context.publicUrl.startsWith("https:"),
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      }),
    );
    return answered;
  };

  /** Sign-in with the per-account hold around Better Auth's password check. */
  const signIn = async (c: Context<AppEnv>, email: string, body: string) => {
    if (!(await beginSignInAttempt(db, email))) {
      c.header("Retry-After", String(signInHold.holdMinutes * 60));
      return c.json(tooManyRequestsBody(signInHeldMessage), 429);
    }
    const response = await passOn(c, body);
    if (response.ok) await clearSignInAttempts(db, email);
    else if (response.status === 401) await recordSignInFailure(db, email);
    else await withdrawSignInAttempt(db, email);
    return response;
  };

  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const endpoint = findAuthEndpoint(c.req.method, c.req.path.slice("/api/auth".length));
    if (!endpoint) return c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404);
    const user = endpoint.signedIn || endpoint.body ? await guards.sessionUser(c) : null;
    if (endpoint.signedIn && !user) return c.json(errorBody("unauthorized", authRequiredMessage), 401);
    if (endpoint.query) {
      const query = endpoint.query.safeParse(c.req.query());
      if (!query.success) return c.json(validationErrorBody(query.error), 400);
    }
    if (!endpoint.body) return passOn(c, undefined);

    const text = await c.req.text();
    let json: unknown = {};
    if (text.trim() !== "") {
      try {
        json = JSON.parse(text);
      } catch {
        return c.json(errorBody("bad_request", "Malformed JSON in request body"), 400);
      }
    }
    const parsed = endpoint.body(user).safeParse(json);
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const body = JSON.stringify(parsed.data);
    if (endpoint.path === "/sign-in/email") {
      return signIn(c, (parsed.data as { email: string }).email, body);
    }
    const response = await passOn(c, body);
    // A new password ends an email change its old password asked for.
    if (endpoint.path === "/change-password" && response.ok && user) await voidPendingEmailChanges(db, user.id);
    return response;
  });
  return app;
}
