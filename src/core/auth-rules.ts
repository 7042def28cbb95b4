import { z } from "zod";

/** Sign-up and sign-in rules of SPEC.md section 5, word for word; the modal and the server use the same schemas. */

export const PASSWORD_MIN_LENGTH = 8;
export const userTypes = ["artist", "promoter"] as const;
export type UserType = (typeof userTypes)[number];

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
} as const;

const simpleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login trims and lowercases the email (SPEC.md section 5). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const email = z
  .string({ error: authMessages.emailRequired })
  .transform(normalizeEmail)
  .pipe(z.string().min(1, authMessages.emailRequired).regex(simpleEmail, authMessages.emailInvalid));

const password = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort);

export const signInSchema = z.object({ email, password });

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

/** What the server accepts at `POST /api/auth/sign-up/email` (SPEC.md's metadata names). */
export const signUpSchema = z
  .object({
    email,
    password,
    name: z.string().trim().max(200).optional(),
    first_name: trimmed(authMessages.firstNameRequired).pipe(z.string().max(100)),
    last_name: trimmed(authMessages.lastNameRequired).pipe(z.string().max(100)),
    artist_name: optionalText,
    social_handle: optionalText,
    user_type: z.enum(userTypes, { error: "Choose Artist or Promoter" }),
  })
  .superRefine((value, ctx) => {
    if (value.user_type === "artist" && !value.artist_name) {
      ctx.addIssue({ code: "custom", path: ["artist_name"], message: authMessages.artistNameRequired });
    }
  });

/** The modal's signup form adds the confirmation and the terms checkbox, checked in the browser. */
export const signUpFormSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
    firstName: trimmed(authMessages.firstNameRequired),
    lastName: trimmed(authMessages.lastNameRequired),
    artistName: z.string().trim(),
    socialHandle: z.string().trim(),
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

/** Promoter handles: the social handle when it is usable, otherwise `promoter-` plus 5 random alphanumerics. */
export function normalizeHandle(socialHandle: string | undefined | null): string | undefined {
  const handle = (socialHandle ?? "")
    .trim()
    .replace(/^@+/, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, "");
  return handle.length >= 2 && handle.length <= 30 ? handle : undefined;
}
