import { z } from "zod";
import { hasForbiddenCharacters, optionalText, requiredText, textMessages } from "./text-rules.js";

/** Sign-up and sign-in rules of SPEC.md section 5, word for word; the modal and the server use the same schemas. */

export const PASSWORD_MIN_LENGTH = 8;
export const userTypes = ["artist", "promoter"] as const;
export type UserType = (typeof userTypes)[number];

/** The handle rule in words: the settings field's hint and every refusal say the same. */
export const handleRuleText = "3 to 30 letters, digits, underscores or hyphens";

export const authMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  artistNameRequired: "Artist name is required",
  passwordsDoNotMatch: "Passwords do not match",
  termsRequired: "You must agree to the terms and conditions",
  fallback: "Authentication failed",
  passwordTooLong: "Password must be at most 128 characters",
  socialHandleInvalid: `Social handle must be ${handleRuleText}`,
  socialHandleTaken: "That social handle is already taken. Choose another, or leave it blank.",
  accountTypeFixed: "Your account type cannot be changed",
} as const;

export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;

const simpleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login trims and lowercases the email (SPEC.md section 5). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const email = z
  .string({ error: authMessages.emailRequired })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, authMessages.emailRequired)
      .max(EMAIL_MAX_LENGTH, authMessages.emailInvalid)
      .regex(simpleEmail, authMessages.emailInvalid)
      .refine((value) => !hasForbiddenCharacters(value), authMessages.emailInvalid),
  );

const password = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const signInSchema = z.object({ email, password });

const firstName = requiredText("First name", { max: NAME_MAX_LENGTH, requiredMessage: authMessages.firstNameRequired });
const lastName = requiredText("Last name", { max: NAME_MAX_LENGTH, requiredMessage: authMessages.lastNameRequired });
const displayName = optionalText("Name", { max: 2 * NAME_MAX_LENGTH + 1 });
const artistName = optionalText("Artist name", { max: NAME_MAX_LENGTH });

/**
 * The one rule for the handle a promoter appears as on the leaderboards, wherever it is made (sign-up, settings, the
 * generated default): 3 to 30 letters, digits, underscores or hyphens, unique in any letter case (the database's unique
 * index on lower(handle)).
 */
export const handlePattern = /^[A-Za-z0-9_-]{3,30}$/;
export const isValidHandle = (handle: string) => handlePattern.test(handle);

/** SPEC.md's default handle: `promoter-` plus 5 random alphanumerics. */
export const GENERATED_HANDLE_PREFIX = "promoter-";
export const GENERATED_HANDLE_SUFFIX_LENGTH = 5;
const GENERATED_HANDLE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A default handle, drawing each character with `randomIndex(size)` (a whole number below `size`). */
export function generatedHandle(randomIndex: (size: number) => number): string {
  const suffix = Array.from(
    { length: GENERATED_HANDLE_SUFFIX_LENGTH },
    () => GENERATED_HANDLE_ALPHABET[randomIndex(GENERATED_HANDLE_ALPHABET.length)],
  ).join("");
  return `${GENERATED_HANDLE_PREFIX}${suffix}`;
}

/** A social handle as people write it (`@beat_hunter`), under the handle rule; blank means none. */
const socialHandle = optionalText("Social handle", { max: 31 }).refine(
  (value) => value === null || isValidHandle(value.replace(/^@/, "")),
  authMessages.socialHandleInvalid,
);

export const settingsMessages = {
  handleInvalid: `Your handle must be ${handleRuleText}`,
  handleTaken: "That handle is already taken",
  currentPasswordRequired: "Current password is required",
} as const;

/** The handle others see on the leaderboards, as its owner chooses it: refused, never silently altered. */
export const handleChangeSchema = z.object({
  handle: z
    .string({ error: settingsMessages.handleInvalid })
    .trim()
    .refine(isValidHandle, settingsMessages.handleInvalid),
});

/** Changing the password: the current one, and a new one under the sign-up rules. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: settingsMessages.currentPasswordRequired })
    .min(1, settingsMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  newPassword: password,
});

/** Choosing a new password from a reset link: under the sign-up rules, typed twice. */
export const passwordResetFormSchema = z
  .object({ newPassword: password, confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch });
    }
  });

/** What the server accepts at `POST /api/auth/sign-up/email` (SPEC.md's metadata names). */
export const signUpSchema = z
  .object({
    email,
    password,
    name: displayName,
    first_name: firstName,
    last_name: lastName,
    artist_name: artistName,
    social_handle: socialHandle,
    user_type: z.enum(userTypes, { error: "Choose Artist or Promoter" }),
  })
  .superRefine((value, ctx) => {
    if (value.user_type === "artist" && !value.artist_name) {
      ctx.addIssue({ code: "custom", path: ["artist_name"], message: authMessages.artistNameRequired });
    }
  });

/** The profile fields a user may change on their own account (`POST /api/auth/update-user`); never the role. */
export function profileUpdateSchema(userType: UserType) {
  return z
    .object({
      name: displayName.optional(),
      first_name: firstName.optional(),
      last_name: lastName.optional(),
      artist_name: artistName.optional(),
      social_handle: socialHandle.optional(),
    })
    .catchall(z.unknown())
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (key in profileFields) continue;
        const message = key === "user_type" ? authMessages.accountTypeFixed : `${key} cannot be changed here`;
        ctx.addIssue({ code: "custom", path: [key], message });
      }
      if (userType === "artist" && "artist_name" in value && !value.artist_name) {
        ctx.addIssue({ code: "custom", path: ["artist_name"], message: authMessages.artistNameRequired });
      }
      if (Object.keys(value).length === 0) ctx.addIssue({ code: "custom", path: [], message: "Nothing to change" });
    })
    .transform(({ name, first_name, last_name, artist_name, social_handle }) => ({
      name: name ?? undefined,
      first_name,
      last_name,
      artist_name,
      social_handle,
    }));
}
const profileFields = { name: true, first_name: true, last_name: true, artist_name: true, social_handle: true };

/** The modal's signup form adds the confirmation and the terms checkbox, checked in the browser. */
export const signUpFormSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
    firstName,
    lastName,
    artistName: z.string().trim().max(NAME_MAX_LENGTH, textMessages.tooLong("Artist name", NAME_MAX_LENGTH)),
    socialHandle,
    userType: z.enum(userTypes),
    acceptTerms: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.userType === "artist" && !value.artistName) {
      ctx.addIssue({ code: "custom", path: ["artistName"], message: authMessages.artistNameRequired });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch });
    }
    if (!value.acceptTerms) {
      ctx.addIssue({ code: "custom", path: ["acceptTerms"], message: authMessages.termsRequired });
    }
  });

/** First message per field, for showing under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The handle a sign-up's social handle gives (without its `@`), when it meets the handle rule. */
export function normalizeHandle(socialHandle: string | undefined | null): string | undefined {
  const handle = (socialHandle ?? "").trim().replace(/^@/, "");
  return isValidHandle(handle) ? handle : undefined;
}
