import { formatCents, MIN_PAYOUT_CENTS, PLATFORM_FEE_PERCENT } from "../../core/money";
import type { LegalSection } from "../components/marketing/legal-document";

const fee = `${PLATFORM_FEE_PERCENT}%`;

export const termsIntro =
  "These terms are the agreement between you and FanBoost when you use the site, start a campaign or promote one. They include the official rules of every campaign. Please read them; by creating an account you accept them.";

export const termsSections: readonly LegalSection[] = [
  {
    id: "eligibility",
    heading: "Who can use FanBoost",
    paragraphs: [
      "You must be 18 or older to use FanBoost. If you are 13 to 17, you may use it only with the consent of a parent or legal guardian, who accepts these terms on your behalf and is responsible for your use, including receiving any payout. FanBoost is not for children under 13.",
      "You may hold one account. The details you give us must be true, and you are responsible for keeping your password secret and for what happens under your account.",
    ],
  },
  {
    id: "campaigns",
    heading: "Campaigns and payment",
    paragraphs: [
      `An artist starts a campaign by choosing a prize and a duration and paying the prize plus a platform fee of ${fee} of the prize, by card, through our payment provider Stripe. A campaign goes live only when the payment is confirmed, and ends when its timer runs out or when FanBoost ends it.`,
      "You must own or have the right to promote the song you link to, and the link must point to a recognised music service. We may pause, hide or end a campaign that breaks these terms or the law.",
    ],
  },
  {
    id: "contest-rules",
    heading: "Official campaign rules",
    paragraphs: ["Every campaign is a contest of skill among its promoters, run under these rules:"],
    list: [
      "How to enter: sign in, join the campaign and receive a personal tracking link. Entry is free; no purchase is needed to take part as a promoter.",
      "Verified clicks: a click counts when a person opens your tracking link while the campaign is live. Each visitor address counts once per campaign. Visits by bots, search crawlers and link-preview services, HEAD requests, repeat visits from the same address, and visits by you or the campaign's artist while signed in are recorded but never counted. Visits beyond normal limits from one address may be rate-limited and not counted.",
      "Winning: when the campaign ends, the promoter whose link has the most verified clicks wins the whole prize, provided it has at least one verified click.",
      "Ties: promoters tied for the most verified clicks share the prize equally. When the prize does not divide exactly, the remaining cents go one each to the tied promoters who joined the campaign earliest.",
      "No winner: if no link has a verified click, there is no winner and the prize is refunded to the artist.",
      "Fair play: buying clicks, using bots, scripts, click farms, incentivised or misleading traffic, or any other way of faking interest is forbidden. FanBoost monitors traffic for such patterns, may void clicks it finds fraudulent, and may disqualify a promoter and withhold or reclaim a prize won through fraud.",
      "One win per promoter per 30 days: a promoter may win at most one campaign in any 30-day period.",
      "Artists may not promote their own campaigns, and their clicks on their campaigns' links never count.",
      "FanBoost's records of clicks and verdicts decide the result. You can ask us to review a result through the Contact page within 14 days of a campaign's end.",
    ],
  },
  {
    id: "payouts",
    heading: "Payouts",
    paragraphs: [
      "Prizes are paid through Stripe to a payout account you connect on your Earnings page; you must complete Stripe's verification to receive money.",
      `Pending prizes are paid in a weekly payout run on Fridays and usually arrive in 1 to 3 business days. With ${formatCents(MIN_PAYOUT_CENTS)} or more unpaid you may request a payout at any time. A prize stays pending until you set up a payout account. You are responsible for any taxes on your winnings.`,
    ],
  },
  {
    id: "fees-refunds",
    heading: "Fees and refunds",
    paragraphs: [
      `The platform fee is ${fee} of the prize, rounded to the cent, charged once with the prize when a campaign is funded. Winners receive the whole prize; the fee is never taken from it.`,
      "If a campaign ends without a winner, the prize is refunded to the artist and the fee is kept. If FanBoost cancels a funded campaign before it ends, the prize and the fee are refunded. Other than that, payments for campaigns that have started are not refundable.",
    ],
  },
  {
    id: "conduct",
    heading: "Your content and conduct",
    paragraphs: [
      "You keep the rights to your music and content. You allow FanBoost to show your campaign's title, artist name, genre, description and link on the site and in link previews while the campaign is listed.",
      "Do not use FanBoost to spam, harass, mislead, infringe others' rights or break the law, and do not try to disrupt or probe the service.",
    ],
  },
  {
    id: "termination",
    heading: "Suspension and closing your account",
    paragraphs: [
      "We may suspend or close an account that breaks these terms. You may close your account at any time through the Contact page; unpaid prizes you have won are paid out first if your payout account is set up.",
    ],
  },
  {
    id: "liability",
    heading: "Disclaimers and liability",
    paragraphs: [
      "FanBoost is provided as it is. We work to keep it available and accurate but do not promise that it will be uninterrupted or error-free, or that a campaign will reach any number of listeners. To the extent the law allows, our liability to you is limited to the fees you paid us in the 12 months before the claim.",
    ],
  },
  {
    id: "changes",
    heading: "Changes and contact",
    paragraphs: [
      "We may update these terms; we will show the date of the latest version above, and material changes will not affect campaigns already running. Questions about these terms are welcome through the Contact page.",
    ],
  },
];
