import { z } from "zod";

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

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactMessageSchema = z.object({
  name: required("Name", 120),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .pipe(z.email({ message: "Please enter a valid email address" }))
    .transform((email) => email.toLowerCase()),
  type: z
    .enum(inquiryTypes.map((type) => type.value) as [InquiryType, ...InquiryType[]], {
      error: "Please choose an inquiry type",
    })
    .default("general"),
  subject: required("Subject", 200),
  message: required("Message", 5000),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
