import { z } from "zod";
import { requiredText } from "./text-rules.js";

/** The contact form of SPEC.md (Static pages, section 5): name, email, subject and message required. */
export const inquiryTypes = [
  { value: "general", label: "General inquiry" },
  { value: "artist", label: "Artist support" },
  { value: "promoter", label: "Promoter support" },
  { value: "technical", label: "Technical issue" },
  { value: "billing", label: "Billing & payments" },
  { value: "partnership", label: "Partnership" },
] as const;

export type InquiryType = (typeof inquiryTypes)[number]["value"];

export const contactMessageSchema = z.object({
  name: requiredText("Name", { max: 120 }),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .pipe(z.email({ message: "Please enter a valid email address" }))
    .transform((email) => email.toLowerCase()),
  type: z
    .enum(inquiryTypes.map((type) => type.value) as [InquiryType, ...InquiryType[]], {
      error: "Please choose an inquiry type",
    })
    .default("general"),
  subject: requiredText("Subject", { max: 200 }),
  message: requiredText("Message", { max: 5000, multiline: true }),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
