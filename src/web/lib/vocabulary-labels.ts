import type {
  ClickReason,
  ClickVerdict,
  clickVerdict,
  DivergenceDimension,
  ExclusionReason,
  IdentityMarkKind,
  PayoutHoldReason,
  ResultState,
  RiskReason,
  VerificationProblem,
} from "../../core/vocabulary";

/**
 * The domain's words (src/core/vocabulary.ts) as the screens say them. Each map covers its whole union, so a new
 * verdict or reason does not compile until it has its text here.
 */

/** Each stored verdict in words an admin reads at a glance. */
export const verdictLabels: Record<ClickVerdict, string> = {
  counted: "Counted",
  duplicate: "Repeat visitor",
  bot: "Bot, link preview or HEAD request",
  rate_limited: "Rate limited",
  self: "Own click",
  inactive: "Campaign not live",
  voided: "Voided after review",
  banned: "Promoter banned",
  challenged: "Challenged, not solved",
  not_navigation: "Not a click (embedded or prefetched)",
  hosting: "Data centre or VPN",
};

/** Each reason a visit did not count, in words a promoter understands. */
export const notCountedReasons: Record<Exclude<ClickVerdict, typeof clickVerdict.counted>, string> = {
  duplicate: "Repeat visitor (counted once per campaign)",
  bot: "Automated visit or link preview",
  rate_limited: "Too many visits from one network",
  self: "Your own click",
  inactive: "Campaign not live at the time",
  voided: "Voided after review",
  banned: "Link suspended",
  challenged: "Didn't pass the automated-traffic check",
  not_navigation: "Loaded by another page or prefetched, not opened by a person",
  hosting: "From a data centre or VPN",
};

/** Why the fraud rules checked a visit, as the admin's click lists say it. */
export const clickReasonLabels: Record<ClickReason, string> = {
  address_burst: "Address busy (over 20 visits in 5 minutes)",
  address_flagged: "Address flagged within the hour",
  hosting_network: "Data centre network",
  network_limit: "Network past its hourly limit on the link",
  challenge_solved: "Browser check solved",
  hints_contradict: "Client hints contradict the browser",
  hints_missing: "Chromium without its client hints",
  mobile_contradicts: "Phone and desktop both claimed",
  no_activation: "Cross-site navigation no person started",
  automation: "Automation found by the page's script",
  unproven: "Confirmed without the page's script",
};

/** The same reasons in words a promoter understands, about their visitors and never naming an address. */
export const visitReasonLabels: Record<ClickReason, string> = {
  address_burst: "The visitor's connection had just made many visits",
  address_flagged: "The visitor's connection was recently flagged for automated traffic",
  hosting_network: "Came from a data centre or cloud server, not a home or phone connection",
  network_limit: "One network had already given your link its limit of counted visits this hour",
  challenge_solved: "Passed the browser check",
  hints_contradict: "The browser's own headers contradicted what it said it was",
  hints_missing: "The browser left out headers its kind always sends",
  mobile_contradicts: "The browser said it was both a phone and a desktop",
  no_activation: "Another site sent the visitor on without a tap or a click",
  automation: "The page found signs of an automated browser",
  unproven: "The page's script never ran, yet the visit was confirmed",
};

/** Why a promoter with clicks cannot win (the contest rules of /terms), beside their name on a board. */
export const exclusionLabels: Record<ExclusionReason, string> = {
  recent_win: "Not eligible: won a campaign in the last 30 days",
  banned: "Not eligible: account suspended",
  artist: "Not eligible: the campaign's artist",
  deleted: "Not eligible: account deleted",
  disqualified: "Not eligible: disqualified after review",
  passed_over: "Not eligible: passed over after review",
  not_verified: "Not eligible: no longer met the rules at verification",
  linked: "Not eligible: account linked to a disqualified promoter",
};

/** Why an admin cannot pay a winner's prize for now, on the payouts page. */
export const holdLabels: Record<PayoutHoldReason, string> = {
  banned: "the winner was banned",
  flagged: "a fraud flag about the winner is open",
  tax_info: "waiting for the winner's tax information",
  approval: "waiting for an admin's approval of the result",
  verification: "waiting for the winner to verify their eligibility",
};

/** Each reason a promoter's clicks look bought (the fraud engine's risk), as the admin's risk panel names it. */
export const riskReasonLabels: Record<RiskReason, string> = {
  network_concentration: "One network",
  as_concentration: "One provider",
  hosting_share: "Data centres",
  agents_per_network: "Many browsers on one network",
  regular_timing: "Machine-regular timing",
  country_mix: "Out-of-place country",
  unconfirmed_share: "No browser confirmed",
  challenges_failed: "Browser checks left unsolved",
  checks_needed: "Counted only after the check",
  inconsistent_requests: "Browsers contradicting themselves",
  forced_navigation: "Sent on without a tap",
  automation: "Automated browsers",
  divergence: "Unlike the campaign's other traffic",
};

/** Each dimension a link's traffic is compared with its campaign's by, as the approval view names it. */
export const divergenceDimensionLabels: Record<DivergenceDimension, string> = {
  referrer: "Referrers",
  browser: "Browsers",
  language: "Languages",
  operator: "Network operators",
  country: "Countries",
  hour: "Hours",
  activation: "Who started the navigation",
  in_app: "In-app browsers",
  confirmation: "Confirmed by the page",
  checks: "Checks needed",
};

/** What two linked accounts share, as the admin's evidence names it. */
export const identityMarkLabels: Record<IdentityMarkKind, string> = {
  device: "Same browser",
  network: "Same network",
  email: "Same e-mail address",
  payout_account: "Same payout bank account",
  legal_name: "Same legal name",
};

/** What a winner's verification found wrong, in words an admin reads. */
export const verificationProblemLabels: Record<VerificationProblem, string> = {
  residence: "Lives where the campaign is not open",
  account_country: "Payout account in another country",
  account_name: "Payout account in another person's name",
};

/** Where an ended campaign's result stands, on its board and the artist's dashboard. */
export const resultStateLabels: Record<ResultState, string> = {
  provisional: "Under review",
  verifying: "Verifying the winner",
  final: "Final",
};
