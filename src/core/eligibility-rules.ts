import { z } from "zod";
import { eligibilityMessages, isCountryCode, minimumAge, usStates } from "./eligibility.js";

/** What the promoter states (settings and the join dialog): `state` is asked in the US only. */
export const eligibilitySchema = z
  .object({
    country: z
      .string({ error: eligibilityMessages.countryRequired })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, eligibilityMessages.countryRequired),
    state: z.string().trim().toUpperCase().max(2).nullish(),
    age_confirmed: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
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
  })
  .transform((value) => ({
    country: value.country,
    state: value.country === "US" ? (value.state ?? null) : null,
  }));

export type EligibilityInput = z.input<typeof eligibilitySchema>;
