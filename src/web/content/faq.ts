import { formatCents, MIN_PAYOUT_CENTS, PLATFORM_FEE_PERCENT } from "../../core/money";
import { prizeAmounts } from "../../core/pricing";
import type { Faq } from "../components/marketing/faq-accordion";

export type FaqGroup = { id: string; title: string; items: readonly Faq[] };

const fee = `${PLATFORM_FEE_PERCENT}%`;
const minimumPayout = formatCents(MIN_PAYOUT_CENTS);
const example = prizeAmounts(500);

/** The help centre's four groups (SPEC.md); fee and click rules as PRODUCT.md states them. */
export const faqGroups: readonly FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    items: [
      {
        question: "What is FanBoost?",
        answer:
          "A marketplace where independent artists fund a cash prize for a song and fans (promoters) compete to bring it the most listeners. Each promoter shares a personal link; the one with the most verified clicks when the timer ends wins the prize.",
      },
      {
        question: "Do I need an account to browse?",
        answer:
          "No. Anyone can browse live campaigns, leaderboards and these pages. You need a free account to join a campaign as a promoter or to start one as an artist.",
      },
      {
        question: "How do I join a campaign?",
        answer:
          "Sign in, open Browse Campaigns and press Join Campaign on a card. You get a personal short link and a QR code right away; Copy My Link puts it on your clipboard.",
      },
      {
        question: "How do I start a campaign as an artist?",
        answer:
          "Sign up as an artist and press Start Campaign. Add your song link and genre, choose a prize and a duration, review the total and pay by card. The campaign goes live as soon as the payment is confirmed.",
      },
    ],
  },
  {
    id: "payments",
    title: "Payments & Earnings",
    items: [
      {
        question: "What does it cost an artist?",
        answer: `The prize you choose plus a ${fee} platform fee, paid once when you fund the campaign. For a ${formatCents(example.prizeCents)} prize you pay ${formatCents(example.totalCents)}. About 95% of what you pay goes to the winners; the ${fee} fee funds the platform.`,
      },
      {
        question: "How much does the winner receive?",
        answer:
          "The whole prize. The platform fee is charged to the artist on top of the prize, never taken from the winner.",
      },
      {
        question: "What happens if promoters tie?",
        answer:
          "The prize is split equally between everyone tied at the top. If it doesn't divide evenly, the leftover cents go one each to the tied promoters who joined the campaign earliest.",
      },
      {
        question: "How and when are winners paid?",
        answer: `Set up payouts once on your Earnings page: a Stripe Connect window asks for your payout details. Payouts go out weekly on Fridays and arrive within 1-3 business days. The minimum payout you can request yourself is ${minimumPayout}: with ${minimumPayout} or more pending, Request Payout sends it right away.`,
      },
      {
        question: "What if nobody wins?",
        answer:
          "If a campaign ends without a single verified click, the prize is refunded to the artist's card. The platform fee is not refunded.",
      },
    ],
  },
  {
    id: "rules",
    title: "Campaign Rules",
    items: [
      {
        question: "What counts as a verified click?",
        answer:
          "A visit to a promoter's link by a person: each visitor address counts once per campaign. Bots, search crawlers, link previews (the cards chat apps draw), HEAD requests, repeat visits and clicks by the promoter or the artist themselves are recorded but never counted.",
      },
      {
        question: "Do streams count?",
        answer:
          "No. FanBoost counts verified clicks on your link, not streams: no streaming service shares that data, and paying for streams can get artists penalised for artificial streaming.",
      },
      {
        question: "How often does the leaderboard update?",
        answer: "Live. Every verified click moves the leaderboard within a second or two, for everyone watching.",
      },
      {
        question: "Can artists promote their own campaign?",
        answer: "No. Artists cannot join their own campaign, and their clicks on its links never count.",
      },
      {
        question: "What happens to suspicious clicks?",
        answer:
          "Unusual patterns (bursts from one address, one device across many addresses, traffic from many countries at once) are flagged for review. Clicks found to be fraudulent are voided and can disqualify a promoter.",
      },
    ],
  },
  {
    id: "technical",
    title: "Technical Support",
    items: [
      {
        question: "I forgot my password.",
        answer:
          "Choose Sign In, then Forgot your password? and enter your email. We send a link to set a new password; it works once and expires after an hour.",
      },
      {
        question: "My tracking link says Link Not Found.",
        answer:
          "Check that the whole link was copied. If the campaign has ended or was taken down, its links stop working; browse the live campaigns for another one.",
      },
      {
        question: "The payout window didn't open.",
        answer:
          "Your browser blocked the popup. Allow popups for this site and press Set Up Payouts again; the window closes by itself when you're done.",
      },
      {
        question: "How do I delete my account and data?",
        answer:
          "Send a request through the Contact page. We delete your account data within 30 days, keeping only the payment records the law requires.",
      },
    ],
  },
];
