import { formatCents } from "../../core/money.js";
import type { RefundReason } from "../../core/vocabulary.js";
import type { MailMessage } from "../mail/mailer.js";
import { composeEmail } from "../mail/templates/email-layout.js";

/** The emails of a campaign's end and its payouts (winners, payout sent, artist result). */

const verifiedClicks = (count: number) => `${count} verified click${count === 1 ? "" : "s"}`;

export type WinnerShare = { handle: string; clicks: number; amountCents: number };

export function winnerMail(input: {
  to: string;
  title: string;
  artistName: string;
  share: WinnerShare;
  winnerCount: number;
  publicUrl: string;
  /** Payout accounts need a verified email: an unverified winner is told first. */
  emailVerified: boolean;
  /**
   * The prize came to them after the result was announced: a promoter ahead of them was passed over (pass-on.ts), or
   * clicks were voided and the result decided again.
   */
  after?: "passed_on" | "recounted";
}): Promise<MailMessage> {
  const amount = formatCents(input.share.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `You won ${amount} promoting "${input.title}"!`,
    preview: `Your link finished on top with ${verifiedClicks(input.share.clicks)}.`,
    heading: `Congratulations @${input.share.handle}!`,
    paragraphs: [
      input.after === "passed_on"
        ? `"${input.title}" by ${input.artistName} has ended, and the promoter ahead of you was passed over after review: the prize passes to you, with ${verifiedClicks(input.share.clicks)} on your link. Your prize is ${amount}.`
        : input.after === "recounted"
          ? `"${input.title}" by ${input.artistName} has ended, and after review some clicks were voided: your link now leads with ${verifiedClicks(input.share.clicks)}. Your prize is ${amount}.`
          : `"${input.title}" by ${input.artistName} has ended and your link finished on top with ${verifiedClicks(input.share.clicks)}. Your prize is ${amount}.`,
      ...(input.winnerCount > 1
        ? [
            `You finished tied for first with ${input.winnerCount - 1} other promoter${input.winnerCount > 2 ? "s" : ""}, so the prize is split equally.`,
          ]
        : []),
      ...(input.emailVerified
        ? []
        : [
            "First, verify your email address: open the verification link we emailed you when you signed up, or sign in and choose Resend Verification Email on your Earnings page. We can only pay a verified address.",
          ]),
      "What happens next: FanBoost verifies every winner before a prize is paid. On your Earnings page, set up your payout account (a few minutes, once), then confirm that you still live where the campaign is open and that the account is in your own name. An admin approves the result with its evidence; you hear from us when they have.",
      "Once both are done the prize goes out with the weekly payout run on Friday and arrives in 1-3 business days; you can also press Request Payout once you have $50 or more ready.",
    ],
    action: { label: "Open your earnings", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you promoted a FanBoost campaign.",
  });
}

export function campaignEndedMail(input: {
  to: string;
  title: string;
  winners: WinnerShare[];
  prizeCents: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const prize = formatCents(input.prizeCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Your campaign "${input.title}" has ended`,
    preview: input.winners.length === 0 ? "No winner: your prize is refunded." : "See who won your prize.",
    heading: `"${input.title}" has ended`,
    paragraphs:
      input.winners.length === 0
        ? [
            `Nobody got a verified click before the timer ended, so there is no winner. Your prize of ${prize} is being refunded to your card; the platform fee is kept.`,
          ]
        : [
            "Verifying the winner: before the prize is paid, an admin approves the result with its evidence and the winner confirms they still meet your campaign's rules. If one of them does not, the prize passes to the next eligible promoter.",
            input.winners.length === 1 ? "The winner is:" : `${input.winners.length} promoters tied for first:`,
          ],
    list:
      input.winners.length === 0
        ? undefined
        : input.winners.map(
            (winner) => `@${winner.handle}: ${verifiedClicks(winner.clicks)}, ${formatCents(winner.amountCents)}`,
          ),
    action: { label: "See your campaigns", url: `${input.publicUrl}/artist-dashboard` },
    footer: "You received this email because you ran a FanBoost campaign.",
  });
}

export function payoutSentMail(input: {
  to: string;
  title: string;
  amountCents: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Your ${amount} FanBoost payout is on its way`,
    preview: "It usually arrives in 1-3 business days.",
    heading: `${amount} is on its way`,
    paragraphs: [
      `We sent ${amount} for "${input.title}" to your payout account. It usually arrives in 1-3 business days.`,
    ],
    action: { label: "Open your earnings", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you won a FanBoost campaign.",
  });
}

export function refundMail(input: {
  to: string;
  title: string;
  amountCents: number;
  reason: RefundReason;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Refund of ${amount} for "${input.title}"`,
    preview: "It usually shows on your card within 5-10 business days.",
    heading: `${amount} refunded`,
    paragraphs: [
      input.reason === "no_winner"
        ? `Nobody got a verified click before "${input.title}" ended, so its prize of ${amount} has been refunded to your card. The platform fee is kept, as our terms say.`
        : `"${input.title}" was cancelled, so its prize and platform fee, ${amount} in all, have been refunded to your card.`,
      "Refunds usually show on your card statement within 5-10 business days.",
    ],
    action: { label: "See your spending", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you paid for a FanBoost campaign.",
  });
}

/** How a promoter who did not win placed (non-essential: it carries its unsubscribe link). */
export function placedMail(input: {
  to: string;
  title: string;
  handle: string;
  rank: number | null;
  clicks: number;
  notEligible: boolean;
  publicUrl: string;
  unsubscribe: string;
}): Promise<MailMessage> {
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `"${input.title}" has ended: how you placed`,
    preview: input.rank === null ? "No verified clicks this time." : `You finished #${input.rank}.`,
    heading: `"${input.title}" has ended`,
    paragraphs: [
      input.rank === null
        ? `@${input.handle}, your link got no verified click this time, so you did not place.`
        : `@${input.handle}, you finished #${input.rank} with ${verifiedClicks(input.clicks)}.${
            input.notEligible
              ? " You were not eligible to win this one: one win per promoter every 30 days, as our terms say."
              : " Not a win this time."
          }`,
      "New campaigns start every week: the next prize could be yours.",
    ],
    action: { label: "Find a campaign", url: `${input.publicUrl}/join-campaign` },
    footer: "You received this email because you promoted a FanBoost campaign.",
    unsubscribe: input.unsubscribe,
  });
}

/** A day before the end, each promoter's standing (non-essential: it carries its unsubscribe link). */
export function endingSoonMail(input: {
  to: string;
  title: string;
  handle: string;
  rank: number | null;
  clicks: number;
  behindFirst: number;
  prizeCents: number;
  shortCode: string;
  publicUrl: string;
  unsubscribe: string;
}): Promise<MailMessage> {
  const standing =
    input.rank === 1
      ? `You're in first place with ${verifiedClicks(input.clicks)}: keep sharing to hold on.`
      : input.rank === null
        ? input.behindFirst === 0
          ? "Nobody has a verified click yet: the first one could be yours."
          : `You have no verified click yet; the leader has ${input.behindFirst}. There is still time.`
        : `You're #${input.rank} with ${verifiedClicks(input.clicks)}, ${input.behindFirst} behind first place.`;
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `24 hours left on "${input.title}"`,
    preview: standing,
    heading: `24 hours left to win ${formatCents(input.prizeCents)}`,
    paragraphs: [
      `"${input.title}" ends in about a day.`,
      standing,
      `Your link: ${input.publicUrl}/t/${input.shortCode}`,
    ],
    action: { label: "See your standing", url: `${input.publicUrl}/promoter-dashboard` },
    footer: "You received this email because you joined this FanBoost campaign.",
    unsubscribe: input.unsubscribe,
  });
}

export function payoutFailedMail(input: {
  to: string;
  title: string;
  amountCents: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `We couldn't send your ${amount} payout yet`,
    preview: "We try again automatically.",
    heading: "Your payout is delayed",
    paragraphs: [
      `The transfer of your ${amount} prize for "${input.title}" did not go through. We try again automatically over the next hours; you don't need to do anything unless your payout account needs attention.`,
      "If it keeps failing, check your payout account on your Earnings page, or contact us.",
    ],
    action: { label: "Check your payout account", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you won a FanBoost campaign.",
  });
}

export function payoutAccountReminderMail(input: {
  to: string;
  title: string;
  amountCents: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Your ${amount} prize is waiting for your payout account`,
    preview: "Set up payouts to receive it.",
    heading: `${amount} is waiting for you`,
    paragraphs: [
      `You won ${amount} with "${input.title}", but we can't pay it until you connect a payout account.`,
      "It takes a few minutes, once: choose Set Up Payouts on your Earnings page.",
    ],
    action: { label: "Set up payouts", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you won a FanBoost campaign.",
  });
}

/** A payout waits for the winner's tax information (the year's prizes reach the reporting threshold): once per hold. */
export function taxInfoNeededMail(input: {
  to: string;
  title: string;
  amountCents: number;
  thresholdCents: number;
  publicUrl: string;
}): Promise<MailMessage> {
  const amount = formatCents(input.amountCents);
  return composeEmail({
    to: input.to,
    inApp: true,
    subject: `Tax information needed for your ${amount} prize`,
    preview: "Your payout waits until the payment provider has your tax form.",
    heading: "Tax information needed",
    paragraphs: [
      `Your ${amount} prize for "${input.title}" brings the prizes paid to you this calendar year to ${formatCents(input.thresholdCents)} or more, so the law asks us to report them. Before we pay it, the payment provider needs your tax information: a W-9 form if you live in the United States, a W-8BEN form elsewhere.`,
      "On your Earnings page choose Give Tax Information, fill in the form (a few minutes, once), then request your payout. FanBoost keeps only whether the form was given, never its contents.",
    ],
    action: { label: "Open your earnings", url: `${input.publicUrl}/earnings` },
    footer: "You received this email because you won a FanBoost campaign.",
  });
}
