import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { authMessages, normalizeHandle, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../core/auth-rules.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { account, rateLimit, session, user, verification } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";
import { grantListedAdmin } from "./admins.js";
import { isBanned } from "./bans.js";
import { DEVICE_ID_HEADER, recordEmailMark, recordSignInMarks } from "./identity-marks.js";
import { passwordHashing } from "./password-hashing.js";
import { voidPendingEmailChanges } from "./pending-email-changes.js";
import { ensurePromoterProfile, isHandleTaken } from "./promoter-profile.js";
import { clearSignInAttempts } from "./sign-in-hold.js";

/** Set by our own middleware from the socket (or a trusted proxy); any client-sent value is dropped first. */
export const CLIENT_IP_HEADER = "x-fanboost-client-ip";

/** Profile fields: chosen at sign-up, changed by their user through `update-user` (both validated in routes.ts). */
const profileField = { type: "string", required: false, input: true } as const;

export function createAuth(deps: { config: Config; db: Database; mailer: Mailer; log: Logger }) {
  const { config, db, mailer, log } = deps;
  return betterAuth({
    appName: "FanBoost",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    logger: { level: "warn", log: (level, message) => log[level]({ component: "better-auth" }, message) },
    trustedOrigins: [...config.trustedOrigins],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      password: passwordHashing(config.nodeEnv),
      resetPasswordTokenExpiresIn: 60 * 60,
      // Not awaited, so the answer takes as long whether or not the email exists.
      sendResetPassword: async ({ user: recipient, url }) => {
        composeEmail({
          to: recipient.email,
          subject: "Reset your FanBoost password",
          preview: "Choose a new password within an hour.",
          heading: "Reset your password",
          paragraphs: [
            `Hi ${recipient.name}, someone asked to reset the password of your FanBoost account. Open the link within an hour to choose a new one.`,
            "If it wasn't you, ignore this email: your password stays the same.",
          ],
          action: { label: "Choose a new password", url },
        })
          .then((message) => mailer.send(message))
          .catch((error: unknown) => log.error({ err: error }, "password reset email failed"));
      },
      // The reset proves the owner is back: their other reset links and email changes not yet confirmed stop working,
      // and the sign-in hold is lifted.
      onPasswordReset: async ({ user: owner }) => {
        await db.execute(
          sql`delete from verification where identifier like 'reset-password:%' and value = ${owner.id}`,
        );
        await voidPendingEmailChanges(db, owner.id);
        await clearSignInAttempts(db, owner.email.toLowerCase());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening the link verifies the address and nothing more: whoever opens it is not signed in as its owner.
      autoSignInAfterVerification: false,
      afterEmailVerification: (verified) => grantListedAdmin(db, config.adminEmails, verified),
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: recipient, url }) => {
        await mailer.send(
          // No name: whoever signs up chooses it, and the address may be someone else's.
          await composeEmail({
            to: recipient.email,
            subject: "Verify your FanBoost email address",
            preview: "Confirm your address within 24 hours.",
            heading: "Confirm your email address",
            paragraphs: [
              "Please confirm that this is your email address by opening the link within 24 hours.",
              "A verified email address is needed before prize money can be paid to you. If you did not sign up for FanBoost, ignore this email.",
            ],
            action: { label: "Verify my email", url },
          }),
        );
      },
    },
    // The email address changes through the app's own flow (email-change.ts), which asks for the password.
    user: {
      additionalFields: {
        first_name: profileField,
        last_name: profileField,
        artist_name: profileField,
        social_handle: profileField,
        // Never user input, so Better Auth refuses it in update-user; the create hook below takes it from sign-up.
        user_type: { type: "string", required: false, input: false, defaultValue: "promoter" },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 15 * 60, max: 5 },
        "/reset-password": { window: 15 * 60, max: 10 },
        "/change-password": { window: 15 * 60, max: 10 },
        "/change-email": { window: 15 * 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          /** A banned user gets no session, whatever the way in (sign-in, sign-up, email verification). */
          before: async (created) => {
            if (await isBanned(db, created.userId)) {
              throw new APIError("FORBIDDEN", { message: "This account has been suspended." });
            }
          },
          /** Every way in records the browser's device and the address's network (one person, one entry). */
          after: async (created, context) => {
            await recordSignInMarks(db, created.userId, {
              deviceId: context?.headers?.get(DEVICE_ID_HEADER) ?? null,
              ip: created.ipAddress ?? null,
            });
          },
        },
      },
      user: {
        create: {
          /** The role chosen at sign-up (validated in routes.ts); the only time it is ever written. */
          before: async (data, context) => {
            const body = context?.body as { user_type?: unknown; social_handle?: unknown } | undefined;
            const userType = body?.user_type === "artist" ? "artist" : "promoter";
            // A handle someone has is said at sign-up, not silently replaced by a generated one.
            const handle = typeof body?.social_handle === "string" ? normalizeHandle(body.social_handle) : undefined;
            if (userType === "promoter" && handle && (await isHandleTaken(db, handle))) {
              throw new APIError("BAD_REQUEST", { message: authMessages.socialHandleTaken });
            }
            return { data: { ...data, user_type: userType } };
          },
          after: async (created) => {
            const fields = created as typeof created & { user_type?: string; social_handle?: string | null };
            if (fields.user_type === "promoter") await ensurePromoterProfile(db, created.id, fields.social_handle);
            await recordEmailMark(db, created.id, created.email);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
