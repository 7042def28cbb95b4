import { countryList, DEFAULT_MINIMUM_AGE, minimumAgeByState, usStates } from "./eligibility";
import { formatCents, MIN_PAYOUT_CENTS, PLATFORM_FEE_PERCENT, splitPrize } from "./money";

/**
 * A campaign's official rules (PRODUCT.md Official rules and eligibility), generated from its settings when it launches
 * and frozen then: the server stores the sections with this template's version and their hash, so a later change of
 * this text, of REVIEW_HOURS or of the click rules changes no launched campaign's rules.
 */
export const OFFICIAL_RULES_VERSION = 3;

/**
 * The settings the rules were generated from, as they were at launch, frozen with them. From version 3 the rules name
 * the click checks without their limits (PRODUCT.md Fraud engine: a published line is a target); the limits stay
 * frozen here all the same.
 */
export type RulesSettings = {
  title: string;
  artistName: string;
  prizeCents: number;
  /** ISO timestamps of the launch and of the end the timer was set to. */
  startsAt: string;
  endsAt: string;
  reviewHours: number;
  /** The version of the click rules (fraud/rules.ts) that judges the campaign's clicks. */
  clickRulesVersion: number;
  /** Counted clicks one network may give one link in an hour before its visits are checked. */
  networkClickLimit: number;
  /** Visits from one address in 5 minutes past which its next visits are checked. */
  challengeBurst: number;
  /** Visits a minute from one address past which none counts. */
  rateLimitPerMinute: number;
  /** From version 2: the countries whose residents may enter (ISO codes). */
  allowedCountries?: string[];
  /** From version 2: a promoter's prizes in a calendar year from which payment waits for tax information (cents). */
  taxThresholdCents?: number;
};

/** The settings the current template states: all of them. */
export type CurrentRulesSettings = Required<RulesSettings>;

export type RulesSection = { id: string; heading: string; paragraphs: string[] };

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const at = (iso: string) => `${when.format(new Date(iso))} UTC`;
const hours = (count: number) => (count === 1 ? "1 hour" : `${count} hours`);

/** A tie split three ways, as an example in cents the reader can check. */
function tieExample(prizeCents: number): string {
  const parts = splitPrize(prizeCents, 3).map(formatCents);
  return `For example, a three-way tie for ${formatCents(prizeCents)} pays ${parts[0]} to the earliest of the three to join, ${parts[1]} to the next and ${parts[2]} to the last.`;
}

/** The ages of majority that differ from 18, in words: "19 in Alabama and Nebraska, 21 in Mississippi". */
function statesOfOtherAges(): string {
  const byAge = new Map<number, string[]>();
  for (const [state, age] of Object.entries(minimumAgeByState)) {
    byAge.set(age, [...(byAge.get(age) ?? []), usStates[state] ?? state]);
  }
  return [...byAge.entries()]
    .sort(([a], [b]) => a - b)
    .map(([age, states]) => `${age} in ${states.join(" and ")}`)
    .join(", ");
}

export function officialRulesSections(settings: CurrentRulesSettings): RulesSection[] {
  const prize = formatCents(settings.prizeCents);
  const minimumPayout = formatCents(MIN_PAYOUT_CENTS);
  return [
    {
      id: "sponsor",
      heading: "Sponsor and administrator",
      paragraphs: [
        `"${settings.title}" is a contest of skill among promoters, sponsored by ${settings.artistName} (the artist), who funded the prize, and administered by FanBoost. These rules, the Terms of Service and the Privacy Policy apply to it; where they differ, these rules decide for this campaign.`,
      ],
    },
    {
      id: "dates",
      heading: "Dates",
      paragraphs: [
        `The campaign started on ${at(settings.startsAt)} and ends on ${at(settings.endsAt)}.`,
        "FanBoost may pause the campaign (visits to its links then do not count) or end it early when it breaks the Terms of Service or the law. An early end is the end for these rules: the result is decided from the clicks counted until then.",
      ],
    },
    {
      id: "entry",
      heading: "How to enter",
      paragraphs: [
        "Sign in to FanBoost as a promoter, join the campaign and receive a personal tracking link. Entry is free: no purchase is needed to take part. Before your first join you state the country you live in (and, in the United States, the state) and confirm your age. Joining records that you accept these rules.",
      ],
    },
    {
      id: "prize",
      heading: "Prize",
      paragraphs: [
        `The prize is ${prize} in US dollars, paid in full to the winner. The artist paid a ${PLATFORM_FEE_PERCENT}% platform fee on top of it, which is never taken from the prize.`,
        `Promoters tied for the most verified clicks share the prize equally. When it does not divide exactly, the remaining cents go one each to the tied promoters who joined the campaign earliest, so the parts always add up to ${prize}. ${tieExample(settings.prizeCents)}`,
      ],
    },
    {
      id: "clicks",
      heading: "Verified clicks",
      paragraphs: [
        `Clicks are judged under version ${settings.clickRulesVersion} of FanBoost's click rules, for the whole campaign. A click counts when a person opens a promoter's tracking link in a browser while the campaign is live. Each visitor's address counts once per campaign, for whichever promoter's link it opens first.`,
        "Never counted: visits by bots, crawlers and link previews; HEAD requests; links loaded inside another page or prefetched by a browser; repeat visits from an address already counted; visits by the promoter or the artist while signed in; and bursts of visits from one address.",
        "Visits from data centres' and VPN providers' networks never count, whatever check they pass. Some visits must first pass a quick check in the browser: those from addresses that sent many visits in a short time or were recently flagged, and from networks that already gave one link many counted clicks. Without the check a visit does not count; the visitor still reaches the song. FanBoost does not publish the limits of its checks, and the tracking page does not say whether a visit counted: the promoter's dashboard does.",
      ],
    },
    {
      id: "winning",
      heading: "Winning",
      paragraphs: [
        "When the campaign ends, the eligible promoter whose link has the most verified clicks is the potential winner, provided it has at least one. If a promoter with more clicks is not eligible, the next eligible promoter is. If no eligible promoter has a verified click, there is no winner and the prize is refunded to the artist.",
      ],
    },
    {
      id: "eligibility",
      heading: "Who can win",
      paragraphs: [
        `Open to FanBoost promoters who live in ${countryList(settings.allowedCountries)} and have reached the age of majority where they live: ${DEFAULT_MINIMUM_AGE}, or in the United States ${statesOfOtherAges()}. Void where prohibited. A promoter who stated a country outside this list cannot join; one who stated it falsely is not eligible and forfeits any prize.`,
        "Never eligible to win: a suspended account; the campaign's artist, who cannot join it either; and a promoter who won a campaign that ended in the 30 days before this campaign ends (a share of a tied prize counts as a win).",
        "One person, one entry: accounts that FanBoost finds to belong to one person (sharing a device, an e-mail address, a payout bank account, or a legal name and a network) are one entry. An account linked to the artist, or to another promoter of the campaign, is reviewed before it can win.",
      ],
    },
    {
      id: "review",
      heading: "Review and voided clicks",
      paragraphs: [
        `When the campaign ends, its result is provisional and under review for ${hours(settings.reviewHours)}. FanBoost may void clicks it finds fraudulent (bought or scripted traffic, click farms, bots, incentivised or misleading traffic, or a promoter opening their own link to add to their count) and disqualify the promoter responsible; the potential winners are then decided again from the clicks that remain, also after the review while no prize of the campaign has been paid.`,
        "FanBoost checks each link's traffic against the rest of the campaign's (where visits came from, which browsers, languages, networks, countries and hours, whether a person started them), whether each visit's browser ran the tracking page and what the page found there, whether each request is consistent with the browser it claims to be, and which accounts are linked. A potential winner whose traffic looks bought is flagged, and the prize waits until FanBoost has reviewed the flag.",
      ],
    },
    {
      id: "verification",
      heading: "Verification before any prize is paid",
      paragraphs: [
        "Every prize is subject to verification. A potential winner becomes the winner once both are done: FanBoost has approved the result with its evidence, and the potential winner has confirmed on their Earnings page that they still live where the campaign is open and are of age there, and that their payout account is in their own legal name in that country.",
        "A potential winner who no longer qualifies, or whom FanBoost passes over for fraud or another breach of these rules, does not win and is told why; the prize passes to the next eligible promoter, who is verified the same way. When the prize is passed over for fraud, every account linked to that person is passed over too. If nobody eligible remains, the prize is refunded to the artist.",
      ],
    },
    {
      id: "payment",
      heading: "How winners are told and paid",
      paragraphs: [
        "Potential winners are told by email and on their dashboard when the review ends, and every promoter who joined is told the result.",
        `Before a prize is paid, the winner connects a payout account on their Earnings page for the country they stated they live in, and completes the payment provider's identity and bank checks; until then it stays pending. Verified and approved prizes are paid in a weekly payout run on Fridays, by FanBoost, or when the winner requests a payout (from ${minimumPayout} ready).`,
        `When a payout would bring a winner's prizes paid in one calendar year to ${formatCents(settings.taxThresholdCents)} or more, it waits until the winner has given the payment provider their tax information (a W-9 form in the United States, a W-8BEN form elsewhere); FanBoost keeps only whether it was given. Winners are responsible for any taxes on their prize.`,
      ],
    },
    {
      id: "changes",
      heading: "These rules do not change",
      paragraphs: [
        "These rules were fixed when the campaign launched. The prize, the dates, who can win, the tie split, the review window, the verification and the version of the click rules stated here stay as they are for this campaign, whatever changes later.",
      ],
    },
  ];
}
