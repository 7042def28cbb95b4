import type { z } from "zod";
import type {
  handleChangeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  signInSchema,
  signUpSchema,
} from "../auth-rules.js";
import type { EligibilityInput } from "../eligibility-rules.js";
import { get, post } from "./contract.js";

/** The account APIs: who is signed in, and the Better Auth endpoints the app exposes (`/api/auth/*`). */

export type Role = "artist" | "promoter" | "admin";

/** Everything the browser needs to know about the signed-in user (`GET /api/me`). */
export type Account = {
  user: {
    id: string;
    email: string;
    email_verified: boolean;
    name: string;
    first_name: string | null;
    last_name: string | null;
    artist_name: string | null;
    social_handle: string | null;
    user_type: "artist" | "promoter";
  };
  role: Role;
  isAdmin: boolean;
  promoter: { id: string; handle: string; total_clicks_all_time: number } | null;
  /** Where they stated they live and the age they confirmed; null until they do (settings or the first join). */
  eligibility: EligibilityView | null;
};

/** A promoter's eligibility statement: ISO country, US state (US only), the age confirmed reaching there. */
export type EligibilityView = { country: string; state: string | null; minimum_age: number; stated_at: string };

type SessionAnswer = { user: { id: string; email: string } };

/** The non-essential emails a user can turn off (receipts, security and payout emails always go). */
export const optionalEmailKinds = ["reminders", "results", "news"] as const;
export type OptionalEmailKind = (typeof optionalEmailKinds)[number];
export type EmailPreferences = Record<OptionalEmailKind, boolean>;

/** One signed-in session of the user; `current`: the one this browser uses. No token: page scripts never see one. */
export type SessionView = {
  id: string;
  created_at: string;
  updated_at: string;
  ip_address: string | null;
  user_agent: string | null;
  current: boolean;
};

export const accountsApi = {
  me: get<Account | null>()("/api/me"),
  signUp: post<SessionAnswer, z.input<typeof signUpSchema>>()("/api/auth/sign-up/email"),
  signIn: post<SessionAnswer, z.input<typeof signInSchema>>()("/api/auth/sign-in/email"),
  signOut: post<{ success: boolean }>()("/api/auth/sign-out"),
  requestPasswordReset: post<{ status: boolean }, { email: string }>()("/api/auth/request-password-reset"),
  resetPassword: post<{ status: boolean }, { token: string; newPassword: string }>()("/api/auth/reset-password"),
  sendVerificationEmail: post<{ status: boolean }>()("/api/auth/send-verification-email"),
  updateUser: post<{ status: boolean }, z.input<ReturnType<typeof profileUpdateSchema>>>()("/api/auth/update-user"),
  /** Sends a confirmation link to the new address; the current password is asked. */
  changeEmail: post<{ sentTo: string }, { newEmail: string; password: string }>()("/api/account/email"),
  changePassword: post<{ token: string | null }, z.input<typeof passwordChangeSchema>>()("/api/auth/change-password"),
  listSessions: get<SessionView[]>()("/api/account/sessions"),
  revokeSession: post<{ ok: true }>()("/api/account/sessions/:id/revoke"),
  revokeOtherSessions: post<{ status: boolean }>()("/api/auth/revoke-other-sessions"),
  /** The handle others see on the leaderboards (not a Better Auth field: it lives on the promoter profile). */
  changeHandle: post<{ handle: string }, z.input<typeof handleChangeSchema>>()("/api/account/handle"),
  /** Deletes the account as the Privacy page promises; refused with the reason while something still needs it. */
  deleteAccount: post<{ ok: true }, { password: string }>()("/api/account/delete"),
  emailPreferences: get<EmailPreferences>()("/api/account/email-preferences"),
  /** States (or restates) where the user lives and confirms being of age there. */
  setEligibility: post<EligibilityView, EligibilityInput>()("/api/account/eligibility"),
  setEmailPreference: post<EmailPreferences, { kind: OptionalEmailKind; on: boolean }>()(
    "/api/account/email-preferences",
  ),
} as const;
