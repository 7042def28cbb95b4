import { formatCents } from "../../core/money.js";
import type { MailMessage } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";

/** The emails of winner verification (PRODUCT.md): to the admins who approve, and to the candidates. */

const adminFooter = "You received this email because you are a FanBoost admin.";
const promoterFooter = "You received this email because you promoted a FanBoost campaign.";

/** A result starts waiting for an admin's approval. */
export function approvalNeededMail(input: {
  to: string;
  title: string;
  candidates: Array<{ handle: string; clicks: number; amountCents: number }>;
  approvalUrl: string;
}): Promise<MailMessage> {
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Result to approve: "${input.title}"`,
    preview: "No prize is paid until an admin approves the result with its evidence.",
    heading: `"${input.title}" waits for your approval`,
    paragraphs: [
      "Its review window is over. No prize is paid until an admin approves the result, with the evidence beside the button: the winner against the runner-up, risk reasons, linked accounts and the winner's verification.",
    ],
    list: input.candidates.map(
      (candidate) =>
        `@${candidate.handle}: ${candidate.clicks} verified click${candidate.clicks === 1 ? "" : "s"}, ${formatCents(candidate.amountCents)}`,
    ),
    action: { label: "Review the result", url: input.approvalUrl },
    footer: adminFooter,
  });
}

/** Once a day while any result waits for approval. */
export function approvalDigestMail(input: {
  to: string;
  waiting: Array<{ title: string; hours: number }>;
  queueUrl: string;
}): Promise<MailMessage> {
  const count = input.waiting.length;
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `${count} result${count === 1 ? "" : "s"} waiting for approval`,
    preview: "Winners are paid only once a result is approved.",
    heading: `${count} result${count === 1 ? "" : "s"} waiting for approval`,
    paragraphs: ["These results have finished their review and wait for an admin's decision:"],
    list: input.waiting.map(
      (result) => `"${result.title}": waiting ${result.hours < 1 ? "under an hour" : `${Math.floor(result.hours)} h`}`,
    ),
    action: { label: "Open the approval queue", url: input.queueUrl },
    footer: adminFooter,
  });
}

/** An admin approved the result for this winner. */
export function prizeApprovedMail(input: {
  to: string;
  title: string;
  amountCents: number;
  verified: boolean;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Your ${amount} prize for "${input.title}" is approved`,
    preview: input.verified ? "It is paid in the next payout run." : "Verify your eligibility to get paid.",
    heading: "Your prize is approved",
    paragraphs: [
      `FanBoost reviewed the result of "${input.title}" and approved your prize of ${amount}.`,
      input.verified
        ? "It is paid with the next weekly payout run on Friday, or sooner when you press Request Payout on your Earnings page (from $50)."
        : "One step is left: confirm on your Earnings page that you still live where the campaign is open and that your payout account is in your own name. The prize is paid once you have.",
    ],
    action: { label: "Open your earnings", url: `${input.publicUrl}/earnings` },
    footer: promoterFooter,
  });
}

/** A candidate was passed over: by an admin with a reason, or by what their verification found. */
export function passedOverMail(input: {
  to: string;
  title: string;
  why: string;
  publicUrl: string;
}): Promise<MailMessage> {
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `The prize of "${input.title}" passes to another promoter`,
    preview: input.why,
    heading: "You were passed over for the prize",
    paragraphs: [
      `The prize of "${input.title}" passes to the next eligible promoter. ${input.why}`,
      "If you think this is a mistake, write to us through the Contact page within 14 days.",
    ],
    action: { label: "Open your dashboard", url: `${input.publicUrl}/promoter-dashboard` },
    footer: promoterFooter,
  });
}
