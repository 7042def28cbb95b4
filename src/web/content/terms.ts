import { formatCents, MIN_PAYOUT_CENTS, PLATFORM_FEE_PERCENT } from "../../core/money";
import type { LegalSection } from "../components/marketing/legal-document";

const fee = `${PLATFORM_FEE_PERCENT}%`;
const minimumPayout = formatCents(MIN_PAYOUT_CENTS);

export const termsUpdated = "2026-11-28";

export const termsIntro =
  "These terms are the agreement between you and FanBoost when you use the site, start a campaign or promote one. They include the official rules of every campaign. Please read them; by creating an account you accept them.";

export const termsSections: readonly LegalSection[] = [
  {
    id: "eligibility",
    heading: "Who can use FanBoost",
    paragraphs: [
      "You must be 18 or older to use FanBoost. If you are 13 to 17, you may use it only with the consent of a parent or legal guardian, who accepts these terms on your behalf and is responsible for your use. To join a campaign you must have reached the age of majority where you live (18, or 19 in Alabama and Nebraska and 21 in Mississippi). FanBoost is not for children under 13.",
      "You may not use FanBoost where the law of your country forbids taking part in prize competitions, or if we have closed an account of yours before.",
    ],
  },
  {
    id: "accounts",
    heading: "Your account",
    paragraphs: [
      "You may hold one account. The details you give us must be true and kept up to date, and you are responsible for keeping your password secret and for everything done under your account. Tell us straight away through the Contact page if you think someone else has used it.",
      "When you sign up you choose whether you are an artist or a promoter. Every account can join campaigns as a promoter; artist accounts can also start campaigns.",
    ],
  },
  {
    id: "campaigns",
    heading: "Campaigns",
    paragraphs: [
      "An artist starts a campaign by adding a song, choosing a prize and a duration, and funding it. A campaign goes live only when the payment is confirmed, and ends when its timer runs out or when FanBoost ends it.",
      "You must own or have the right to promote the song you link to, and the link must point to a recognised music service. We may pause, hide or end a campaign that breaks these terms or the law.",
    ],
  },
  {
    id: "contest-rules",
    heading: "Official campaign rules",
    paragraphs: [
      "Every campaign is a contest of skill among its promoters. Each campaign has its own official rules, linked from its page and from its tracking links: they are generated from its settings when it launches and do not change afterwards, and they state its prize, dates, tie split, review window and the version of the click rules that judges it. Where they differ from these terms, a campaign's official rules decide. Every campaign is run under these rules:",
    ],
    list: [
      {
        lead: "How to enter",
        text: "Sign in, join the campaign and receive a personal tracking link. Entry is free; no purchase is needed to take part as a promoter.",
      },
      {
        lead: "Verified clicks",
        text: "A click counts when a person opens your tracking link while the campaign is live. Each visitor address counts once per campaign: one counted click per address, whichever promoter's link it opens first. Visits by bots, search crawlers and link-preview services, HEAD requests, repeat visits from the same address, and visits by you or by the campaign's artist while signed in are recorded but never counted; opening your own link signed out to add to your count breaks the fair-play rule. Unusually many visits from one address may be rate-limited and not counted, and some visits must first pass a quick check in the browser. We do not publish the limits of these checks, and the tracking page does not say whether a visit counted: your dashboard does.",
      },
      {
        lead: "Winning",
        text: "When the campaign's timer ends, the eligible promoter whose link has the most verified clicks is the potential winner of the whole prize, provided it has at least one verified click. If a promoter with more clicks is not eligible, the next eligible promoter is; the campaign's leaderboard shows who was not eligible and why.",
      },
      {
        lead: "Verification before any prize is paid",
        text: "Every prize is subject to verification. A potential winner wins once FanBoost has approved the result with its evidence and they have confirmed on their Earnings page that they still live where the campaign is open, are of age there, and that their payout account is in their own legal name. One who no longer qualifies, or whom we pass over for fraud or another breach of these rules, is told why, and the prize passes to the next eligible promoter, who is verified the same way.",
      },
      {
        lead: "One person, one entry",
        text: "You may enter a campaign once. Accounts we find to belong to one person (sharing a device, an e-mail address, a payout bank account, or a legal name and a network) count as one entry; when a prize is passed over for fraud, every account linked to that person is passed over too. An account linked to the campaign's artist or to another of its promoters is reviewed before it can win.",
      },
      {
        lead: "Ties",
        text: "Eligible promoters tied for the most verified clicks share the prize equally. When the prize does not divide exactly, the remaining cents go one each to the tied promoters who joined the campaign earliest.",
      },
      {
        lead: "No winner",
        text: "If no eligible promoter's link has a verified click, there is no winner and the prize is refunded to the artist.",
      },
      {
        lead: "Fair play",
        text: "Buying clicks, using bots, scripts, click farms, incentivised or misleading traffic, or any other way of faking interest is forbidden. FanBoost monitors traffic for such patterns and may void clicks it finds fraudulent, disqualify the promoter responsible, and withhold or reclaim a prize won through fraud.",
      },
      {
        lead: "One win per promoter per 30 days",
        text: "A promoter who won a campaign that ended in the 30 days before another campaign ends is not eligible to win that campaign. A share of a tied prize counts as a win.",
      },
      {
        lead: "Who can enter",
        text: "Before your first join you tell us the country you live in (and, in the United States, the state) and confirm that you have reached the age of majority there. A campaign is open to the countries its official rules name, by default every country where our payment provider can pay prizes; we refuse a join from anywhere else. Stating where you live falsely makes you ineligible for any prize, and your payout account is opened in the country you stated.",
      },
      {
        lead: "Who can never win",
        text: "A suspended account, and the campaign's own artist, are never eligible to win.",
      },
      {
        lead: "Artists cannot promote their own campaigns",
        text: "An artist may not join a campaign they started, and their visits to its links never count.",
      },
      {
        lead: "Results",
        text: "FanBoost's records of clicks and their verdicts decide the result. When a campaign ends its result is provisional and under review for the time its official rules state (48 hours unless they say otherwise): we check its clicks for fraud, and if we void clicks the winners are decided again from the clicks that remain, also after the review while no prize of the campaign has been paid. No prize is paid while the result is under review, nor before it is approved and its winner verified. When the review ends, or earlier once we have reviewed the result, the potential winners are told. You can ask us to review a final result through the Contact page within 14 days of a campaign's end.",
      },
    ],
  },
  {
    id: "fees",
    heading: "Fees",
    paragraphs: [
      `The platform fee is ${fee} of the prize, rounded to the cent. It is charged once, together with the prize, when the artist funds the campaign by card through our payment provider Stripe. Winners receive the whole prize; the fee is never taken from it. Promoters pay nothing.`,
    ],
  },
  {
    id: "payouts",
    heading: "Payouts",
    paragraphs: [
      "Prizes are paid through Stripe Connect to a payout account you connect on your Earnings page; you must complete Stripe's identity and bank checks to receive money. A prize stays pending until your payout account is ready.",
      `Once a prize is approved and its winner verified, it is paid in a weekly payout run on Fridays and usually arrive within 1 to 3 business days. You may also request a payout yourself at any time once ${minimumPayout} or more is pending; ${minimumPayout} is the minimum payout you can request. You are responsible for any taxes on your winnings.`,
      "When a payout would bring the prizes paid to you in a calendar year to the reporting amount its official rules state ($2,000 for 2026 in the United States), it waits until you have given Stripe your tax information (a W-9 form in the United States, a W-8BEN form elsewhere). We keep only whether you gave it.",
    ],
  },
  {
    id: "refunds",
    heading: "Refunds",
    paragraphs: [
      "If a campaign ends without a winner, the prize is refunded to the artist's card and the platform fee is kept. If a funded campaign is cancelled before it ends, both the prize and the fee are refunded.",
      "Apart from these cases, payments for campaigns that have gone live are not refundable.",
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
      "We may suspend or close an account that breaks these terms, and void its clicks in running campaigns. You may close your account at any time through the Contact page; prizes you have already won are paid out first if your payout account is set up.",
    ],
  },
  {
    id: "liability",
    heading: "Disclaimers and liability",
    paragraphs: [
      "FanBoost is provided as it is. We work to keep it available and accurate but do not promise that it will be uninterrupted or error-free, or that a campaign will reach any number of listeners. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to the fees you paid us in the 12 months before the claim. Nothing in these terms limits liability that the law does not allow us to limit.",
    ],
  },
  {
    id: "changes",
    heading: "Changes and contact",
    paragraphs: [
      "We may update these terms; the date of the latest version is shown at the top, and changes never alter the rules of a campaign that is already running. Questions about these terms are welcome through the Contact page.",
    ],
  },
];
