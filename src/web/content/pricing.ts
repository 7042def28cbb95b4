import { BadgeCheck, CalendarClock, Percent, Wallet } from "lucide-react";
import { formatCents, MIN_PAYOUT_CENTS, MIN_PRIZE_CENTS, PLATFORM_FEE_PERCENT } from "../../core/money";
import { prizeAmounts } from "../../core/pricing";
import type { Fact } from "../components/marketing/fact-grid";
import type { Faq } from "../components/marketing/faq-accordion";

const fee = `${PLATFORM_FEE_PERCENT}%`;
const minimumPayout = formatCents(MIN_PAYOUT_CENTS);
// A preset whose fee has cents: the example of the fee's rounding.
const withCents = prizeAmounts(250);

/** Where an artist's money goes and how winners are paid. */
export const moneyFacts: readonly Fact[] = [
  {
    icon: BadgeCheck,
    title: "100% of the prize to the winners",
    text: "Nothing is taken from the prize. A tie at the top splits it equally; leftover cents go to the tied promoters who joined earliest.",
  },
  {
    icon: Percent,
    title: `A ${fee} platform fee, on top`,
    text: `Paid once, with the prize, when you fund the campaign. About 95% of what you pay goes to the winners; the ${fee} funds the platform.`,
  },
  {
    icon: CalendarClock,
    title: "Weekly payouts on Fridays",
    text: "Winners are paid through Stripe Connect in the Friday payout run; the money arrives within 1-3 business days.",
  },
  {
    icon: Wallet,
    title: `${minimumPayout} minimum payout`,
    text: `With ${minimumPayout} or more pending, a winner can request a payout right away instead of waiting for Friday.`,
  },
];

export const pricingFaq: readonly Faq[] = [
  {
    question: "Is the fee taken from the prize?",
    answer: `No. The ${fee} fee is added on top of the prize and paid once when you fund the campaign. The winners receive the whole prize.`,
  },
  {
    question: "Can I choose my own amount?",
    answer: `Yes: any whole-dollar prize from ${formatCents(MIN_PRIZE_CENTS)}. The fee is ${fee} of it, rounded to the cent, and the payment screen shows the exact total before you pay.`,
  },
  {
    question: `Why does a ${formatCents(withCents.prizeCents)} prize cost ${formatCents(withCents.totalCents)}?`,
    answer: `The fee is ${fee} of the prize, rounded to the cent: ${formatCents(withCents.feeCents)} on a ${formatCents(withCents.prizeCents)} prize, so you pay ${formatCents(withCents.totalCents)}. Every total here and on the payment screen is the exact amount charged.`,
  },
  {
    question: "What if nobody wins?",
    answer:
      "If the campaign ends without a single verified click, the prize is refunded to your card; the fee is kept. If a funded campaign is cancelled before it ends, the prize and the fee are both refunded.",
  },
  {
    question: "Do promoters pay anything?",
    answer: "No. Joining campaigns, sharing links and receiving prizes is free for promoters.",
  },
];
