import { formatCents } from "../../core/money.js";
import type { MailMessage } from "../mail/mailer.js";

/** The emails of a campaign's end and its payouts (issue: winners, payout sent, artist result). */

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
}): MailMessage {
  const verify = input.emailVerified
    ? ""
    : "First, verify your email address: open the verification link we emailed you when you signed up, or sign in " +
      `at ${input.publicUrl}/earnings and choose Resend Verification Email. We can only pay a verified address.\n\n`;
  const tie =
    input.winnerCount > 1
      ? `You finished tied for first with ${input.winnerCount - 1} other promoter${input.winnerCount > 2 ? "s" : ""}, so the prize is split equally.\n\n`
      : "";
  return {
    to: input.to,
    subject: `You won ${formatCents(input.share.amountCents)} promoting "${input.title}"!`,
    text:
      `Congratulations @${input.share.handle}!\n\n` +
      `"${input.title}" by ${input.artistName} has ended and your link finished on top with ${input.share.clicks} verified clicks. ` +
      `Your prize is ${formatCents(input.share.amountCents)}.\n\n${tie}${verify}` +
      `How to get paid: open ${input.publicUrl}/earnings and choose Set Up Payouts to connect a payout account with Stripe ` +
      `(a few minutes, once). Payouts go out every Friday and arrive in 1-3 business days; ` +
      `you can also press Request Payout once you have $50 or more pending.\n`,
  };
}

export function campaignEndedMail(input: {
  to: string;
  title: string;
  winners: WinnerShare[];
  prizeCents: number;
  publicUrl: string;
}): MailMessage {
  const result =
    input.winners.length === 0
      ? `Nobody got a verified click before the timer ended, so there is no winner. Your prize of ${formatCents(input.prizeCents)} is being refunded to your card; the platform fee is kept.\n`
      : `${input.winners.length === 1 ? "The winner is" : `${input.winners.length} promoters tied for first:`}\n` +
        input.winners
          .map(
            (winner) => `- @${winner.handle}: ${winner.clicks} verified clicks, ${formatCents(winner.amountCents)}\n`,
          )
          .join("") +
        `\nThe prize of ${formatCents(input.prizeCents)} will be paid out to ${input.winners.length === 1 ? "them" : "them in equal parts"}.\n`;
  return {
    to: input.to,
    subject: `Your campaign "${input.title}" has ended`,
    text: `Your FanBoost campaign "${input.title}" has ended.\n\n${result}\nSee your campaigns at ${input.publicUrl}/artist-dashboard.\n`,
  };
}

export function payoutSentMail(input: {
  to: string;
  title: string;
  amountCents: number;
  publicUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your ${formatCents(input.amountCents)} FanBoost payout is on its way`,
    text:
      `We sent ${formatCents(input.amountCents)} for "${input.title}" to your payout account. ` +
      `It usually arrives in 1-3 business days.\n\nYour earnings: ${input.publicUrl}/earnings\n`,
  };
}
