import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  authMessages,
  fieldErrors,
  generatedHandle,
  handleChangeSchema,
  isValidHandle,
  normalizeHandle,
  passwordResetFormSchema,
  signUpSchema,
} from "./auth-rules";

describe("the handle rule", () => {
  it("takes 3 to 30 letters, digits, underscores or hyphens", () => {
    for (const handle of ["abc", "Night_Owl", "dj-nova", "promoter-a1b2c", "x".repeat(30)]) {
      expect(isValidHandle(handle), handle).toBe(true);
    }
    for (const handle of ["ab", "x".repeat(31), "beat.hunter", "has space", "@at", "émile", ""]) {
      expect(isValidHandle(handle), handle).toBe(false);
    }
  });

  it("holds for every generated default, which is SPEC.md's promoter- plus 5 alphanumerics", () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (draws) => {
        const handle = generatedHandle((size) => draws.next().value % size);
        expect(handle).toMatch(/^promoter-[a-z0-9]{5}$/);
        expect(isValidHandle(handle)).toBe(true);
        expect(handleChangeSchema.safeParse({ handle }).success).toBe(true);
      }),
    );
  });

  it("is the same at sign-up: the social handle's @ goes, nothing else is altered", () => {
    expect(normalizeHandle(" @Beat_Hunter ")).toBe("Beat_Hunter");
    expect(normalizeHandle("beat.hunter")).toBeUndefined();
    expect(normalizeHandle("@ab")).toBeUndefined();
    const signUp = (social_handle: string) =>
      signUpSchema.safeParse({
        email: "fan@example.com",
        password: "correct horse battery",
        first_name: "F",
        last_name: "L",
        user_type: "promoter",
        social_handle,
      }).success;
    expect(signUp("@dj-nova")).toBe(true);
    expect(signUp("dj.nova")).toBe(false);
    expect(signUp("ab")).toBe(false);
  });
});

describe("the password reset form", () => {
  const refusals = (newPassword: string, confirmPassword: string) => {
    const parsed = passwordResetFormSchema.safeParse({ newPassword, confirmPassword });
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it("takes a password under the sign-up rules, typed twice, and says every problem at once", () => {
    expect(refusals("a long password", "a long password")).toEqual({});
    expect(refusals("", "")).toEqual({ newPassword: authMessages.passwordRequired });
    expect(refusals("short", "other")).toEqual({
      newPassword: authMessages.passwordTooShort,
      confirmPassword: authMessages.passwordsDoNotMatch,
    });
    expect(refusals("x".repeat(129), "x".repeat(129))).toEqual({ newPassword: authMessages.passwordTooLong });
  });
});
