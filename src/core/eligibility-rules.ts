import { z } from "zod";
import { eligibilityMessages, isCountryCode, minimumAge, usStates, verificationMessages } from "./eligibility.js";

/** Where the promoter lives and that they are of age there: `state` is asked in the US only. */
const residenceFields = {
  country: z
    .string({ error: eligibilityMessages.countryRequired })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, eligibilityMessages.countryRequired),
  state: z.string().trim().toUpperCase().max(2).nullish(),
  age_confirmed: z.boolean().optional(),
};

function checkResidence(
  value: { country: string; state?: string | null | undefined; age_confirmed?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.country === "US" && !(value.state && value.state in usStates)) {
    ctx.addIssue({ code: "custom", path: ["state"], message: eligibilityMessages.stateRequired });
  }
  if (value.age_confirmed !== true) {
    ctx.addIssue({
      code: "custom",
      path: ["age_confirmed"],
      message: eligibilityMessages.ageRequired(minimumAge(value.country, value.state)),
    });
  }
}

const residence = (value: { country: string; state?: string | null | undefined }) => ({
  country: value.country,
  state: value.country === "US" ? (value.state ?? null) : null,
});

/** What the promoter states (settings and the join dialog). */
export const eligibilitySchema = z.object(residenceFields).superRefine(checkResidence).transform(residence);

export type EligibilityInput = z.input<typeof eligibilitySchema>;

/**
 * A candidate's verification (PRODUCT.md Winner verification): where they live now and their age, as at a join, and the
 * legal name on their payout account, which they confirm is their own.
 */
export const winnerVerificationSchema = z
  .object({
    ...residenceFields,
    legal_name: z
      .string({ error: verificationMessages.legalNameRequired })
      .trim()
      .min(1, verificationMessages.legalNameRequired)
      .max(120, verificationMessages.legalNameTooLong),
    own_account: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    checkResidence(value, ctx);
    if (value.own_account !== true) {
      ctx.addIssue({ code: "custom", path: ["own_account"], message: verificationMessages.ownAccount });
    }
  })
  .transform((value) => ({ ...residence(value), legalName: value.legal_name }));

export type WinnerVerificationInput = z.input<typeof winnerVerificationSchema>;
