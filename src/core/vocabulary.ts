/**
 * The domain's words, declared once: the database schema (its check constraints), the API contracts, the server and
 * the screens import them. Every map from one of these to a text is a `Record` over its union, so a new word does not
 * compile until it has its text. SQL keeps its literals (`status = 'active'`) where partial indexes need them; a test
 * holds the schema's check constraints to these lists.
 */

/** A list of words as an object of the same words by name: `wordsOf(["a", "b"]).a === "a"`. */
function wordsOf<const Words extends readonly string[]>(words: Words): { readonly [W in Words[number]]: W } {
  return Object.fromEntries(words.map((word) => [word, word])) as { readonly [W in Words[number]]: W };
}

/** A campaign's life (PRODUCT.md): unpaid, live, paused by an admin, ended (result decided), completed, cancelled. */
export const campaignStatuses = ["draft", "active", "paused", "ended", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Each status by name (`campaignStatus.active`), so no code spells a status as a bare string. */
export const campaignStatus = wordsOf(campaignStatuses);

/** Funded and running: its timer counts down (paused only stops clicks from counting). */
export const runningCampaignStatuses = ["active", "paused"] as const satisfies readonly CampaignStatus[];
/** Its result is decided: final or under review (ended), or settled (completed). */
export const finishedCampaignStatuses = ["ended", "completed"] as const satisfies readonly CampaignStatus[];
/** Shown to anyone while public: running or finished. */
export const publicCampaignStatuses = [
  ...runningCampaignStatuses,
  ...finishedCampaignStatuses,
] as const satisfies readonly CampaignStatus[];

export const isRunning = (status: CampaignStatus) => (runningCampaignStatuses as readonly string[]).includes(status);
export const isFinished = (status: CampaignStatus) => (finishedCampaignStatuses as readonly string[]).includes(status);

/**
 * What the server decided about a visit to a tracking link (PRODUCT.md Clicks). Only `counted` moves counters.
 * `banned`: the link's promoter is suspended. `challenged`: it would have counted from a suspicious address and waits
 * for its proof-of-work. `not_navigation`: loaded by a page or prefetched, not opened by a person. `hosting`: from a
 * data centre's or a VPN's network, which never counts toward a prize.
 */
export const clickVerdicts = [
  "counted",
  "duplicate",
  "bot",
  "rate_limited",
  "self",
  "inactive",
  "voided",
  "banned",
  "challenged",
  "not_navigation",
  "hosting",
] as const;
export type ClickVerdict = (typeof clickVerdicts)[number];
/** Each verdict by name (`clickVerdict.counted`). */
export const clickVerdict = wordsOf(clickVerdicts);

/** Suspicious activity (SPEC.md section 9): what a flag is about, how serious it is, and where its review stands. */
export const flagTypes = [
  "rate_limit",
  "bot_detection",
  "geo_anomaly",
  "fingerprint_abuse",
  "network_concentration",
  "winner_risk",
  "linked_to_artist",
  "linked_promoter",
  "other",
] as const;
export type FlagType = (typeof flagTypes)[number];
/** Each flag type by name (`flagType.rate_limit`). */
export const flagType = wordsOf(flagTypes);
export const flagSeverities = ["high", "medium", "low"] as const;
export type FlagSeverity = (typeof flagSeverities)[number];
export const flagStatuses = ["open", "dismissed", "actioned"] as const;
export type FlagStatus = (typeof flagStatuses)[number];

/** A winner's payout: `pending` until a transfer claims it (`processing`), then `paid`, or `failed` and retried. */
export const payoutStatuses = ["pending", "processing", "paid", "failed"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/** Not paid yet, and not being paid right now. */
export const unpaidPayoutStatuses = ["pending", "failed"] as const satisfies readonly PayoutStatus[];
/**
 * Why an unpaid payout may not be paid for now: `banned`, its winner was banned after the result; `flagged`, a fraud
 * flag about the winner's link (a risky winner, a network concentrated on it, a burst through it, an account linked to
 * the artist or to another promoter of the campaign) is or was open, until an admin dismisses it (or passes the prize
 * on); `tax_info`, the payout would bring the winner's prizes paid this calendar year to the reporting threshold and the
 * payment provider does not have their tax information yet, until it does (no admin lifts it, and the prize is not
 * passed on for it); `approval`, the result waits for an admin's approval with the evidence (PRODUCT.md Winner
 * verification); `verification`, the winner has not yet confirmed that they still qualify.
 */
export const payoutHoldReasons = ["banned", "flagged", "tax_info", "approval", "verification"] as const;
export const payoutHoldReason = wordsOf(payoutHoldReasons);
export type PayoutHoldReason = (typeof payoutHoldReasons)[number];

/**
 * Where an ended campaign's result stands, as boards and dashboards say it: `provisional` while under review,
 * `verifying` once the review is over and a winner waits for approval or their own verification, `final` after.
 */
export const resultStates = ["provisional", "verifying", "final"] as const;
export type ResultState = (typeof resultStates)[number];

/** Money going back to an artist: why, and how far it got. */
export const refundReasons = ["no_winner", "cancelled"] as const;
export type RefundReason = (typeof refundReasons)[number];
/** Each refund reason by name (`refundReason.cancelled`: prize and fee back; `no_winner`: the prize back). */
export const refundReason = wordsOf(refundReasons);
export const refundStatuses = ["pending", "processing", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Why a promoter with clicks could not win (the contest rules of /terms). The rules decide the first four whenever a
 * result is decided; the others are decisions about the person (an admin passed them over for fraud, `disqualified`,
 * or on other grounds, `passed_over`; they no longer qualified at their verification, `not_verified`; their account is
 * linked to one passed over for fraud, `linked`) and stand when the result is decided again.
 */
export const exclusionReasons = [
  "recent_win",
  "banned",
  "artist",
  "deleted",
  "disqualified",
  "passed_over",
  "not_verified",
  "linked",
] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];
/** Each exclusion reason by name (`exclusionReason.disqualified`). */
export const exclusionReason = wordsOf(exclusionReasons);
/** The exclusions that are decisions about a person, kept when a result is decided again. */
export const lastingExclusionReasons = [
  "disqualified",
  "passed_over",
  "not_verified",
  "linked",
] as const satisfies readonly ExclusionReason[];

/**
 * Why an admin passes a candidate's prize on (PRODUCT.md Winner verification): `fraud` (bought clicks, shared
 * accounts: the candidate is disqualified, and every account linked to them is skipped) or `ineligible` (another rule).
 */
export const passOnGrounds = ["fraud", "ineligible"] as const;
export type PassOnGround = (typeof passOnGrounds)[number];

/**
 * Who approves a click-decided result before its prize can be paid (`RESULT_APPROVAL`): an admin, always (`admin`), or
 * the server itself for a candidate with no risk reason, no linked account, no open flag and no verification problem
 * (`auto`).
 */
export const resultApprovalModes = ["admin", "auto"] as const;
export type ResultApprovalMode = (typeof resultApprovalModes)[number];
/** Each approval mode by name (`resultApprovalMode.auto`). */
export const resultApprovalMode = wordsOf(resultApprovalModes);

/**
 * What a candidate's verification can find wrong (PRODUCT.md Winner verification): they live where the campaign is not
 * open (`residence`), their payout account is in another country (`account_country`) or in another person's name
 * (`account_name`).
 */
export const verificationProblems = ["residence", "account_country", "account_name"] as const;
export type VerificationProblem = (typeof verificationProblems)[number];

/**
 * What ties two accounts to one person (PRODUCT.md Winner verification, one person one entry): a first-party device id
 * and a network seen at sign-up or sign-in, the normalised e-mail address, the payout account's bank fingerprint and its
 * legal name. Shared devices, e-mails and payout accounts link accounts; a shared legal name links them with a shared
 * network.
 */
export const identityMarkKinds = ["device", "network", "email", "payout_account", "legal_name"] as const;
export type IdentityMarkKind = (typeof identityMarkKinds)[number];

/**
 * The rank rule, the same on every board, dashboard and email: promoters rank by counted clicks, equal clicks share a
 * rank (1, 1, 3: one plus the links of the campaign with more counted clicks), and without a counted click there is no
 * rank yet. The SQL that counts the links ahead is `promotersAheadOf` (src/server/db/rank.ts).
 */
export function rankOf(clicks: number, promotersAhead: number): number | null {
  return clicks > 0 ? promotersAhead + 1 : null;
}

/**
 * Why the fraud rules treated a visit as they did, beyond its verdict (PRODUCT.md Fraud engine); each click keeps its
 * codes. A visit is challenged because its address is busy (`address_burst`: over 20 visits in 5 minutes) or was
 * flagged within the hour (`address_flagged`), because it comes from a data centre (`hosting_network`), or because its
 * network gave the link more counted clicks in an hour than the limit (`network_limit`); a challenged visit whose check
 * was solved also keeps `challenge_solved`. The request's own consistency (request-facts.ts): client hints a browser of
 * its agent never sends or of another version (`hints_contradict`), none from a Chromium that sends them
 * (`hints_missing`), a phone's agent with a desktop's hint (`mobile_contradicts`), a cross-site navigation no person
 * started (`no_activation`). The page's script, at confirmation: automation found in the browser (`automation`), or a
 * confirmation without the script's proof (`unproven`).
 */
export const clickReasons = [
  "address_burst",
  "address_flagged",
  "hosting_network",
  "network_limit",
  "challenge_solved",
  "hints_contradict",
  "hints_missing",
  "mobile_contradicts",
  "no_activation",
  "automation",
  "unproven",
] as const;
export type ClickReason = (typeof clickReasons)[number];
/** Each reason by name (`clickReason.network_limit`). */
export const clickReason = wordsOf(clickReasons);

/**
 * Why a promoter's clicks on a campaign look bought (the fraud engine's risk, fraud/rules.ts): each reason comes with
 * its evidence.
 */
export const riskReasons = [
  "network_concentration",
  "as_concentration",
  "hosting_share",
  "agents_per_network",
  "regular_timing",
  "country_mix",
  "unconfirmed_share",
  "challenges_failed",
  "checks_needed",
  "inconsistent_requests",
  "forced_navigation",
  "automation",
  "divergence",
] as const;
export type RiskReason = (typeof riskReasons)[number];

/**
 * What a link's traffic is compared with its campaign's by (the fraud engine's divergence): referrers' hosts, browser
 * families, languages, network operators, countries, hours, whether a person started the navigation, in-app browsers,
 * the page's confirmation, and checks needed.
 */
export const divergenceDimensions = [
  "referrer",
  "browser",
  "language",
  "operator",
  "country",
  "hour",
  "activation",
  "in_app",
  "confirmation",
  "checks",
] as const;
export type DivergenceDimension = (typeof divergenceDimensions)[number];

/**
 * What an address that is not on the public internet is (the outbound requests' rule, ADR 042): this machine
 * (`loopback`), a private network (10/8, 172.16/12, 192.168/16, IPv6 site-local), a carrier's shared space
 * (`shared`, 100.64/10), a link's own (`link_local`: 169.254/16 with the clouds' metadata services, fe80::/10),
 * IPv6's private networks (`unique_local`, fc00::/7), "no address" (`unspecified`: 0/8, ::), `multicast`, the ranges
 * kept for examples (`documentation`), and whatever else is set aside (`reserved`: 240/4, benchmarking, protocol
 * assignments, IPv6 outside global unicast). An IPv6 form of an IPv4 address is what its IPv4 address is.
 */
export const addressKinds = [
  "loopback",
  "private",
  "shared",
  "link_local",
  "unique_local",
  "unspecified",
  "multicast",
  "documentation",
  "reserved",
] as const;
export type AddressKind = (typeof addressKinds)[number];
/** What `WEBHOOK_LOCAL_RECEIVERS` opens in development: this machine and the private networks, nothing else. */
export const localAddressKinds = ["loopback", "private", "unique_local"] as const satisfies readonly AddressKind[];

/**
 * A key as its owner sees it: `active`; `suspended` while its holder is banned (it works again when the ban is lifted);
 * `revoked`, for good.
 */
export const apiKeyStatuses = ["active", "suspended", "revoked"] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];
/** Each key status by name (`apiKeyStatus.suspended`). */
export const apiKeyStatus = wordsOf(apiKeyStatuses);

/**
 * An endpoint as its owner sees it: `active`; `disabled` after a run of failed deliveries, until its owner enables it;
 * `suspended` while its owner is banned (events are neither queued nor sent), until the ban is lifted.
 */
export const webhookEndpointStatuses = ["active", "disabled", "suspended"] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];
/** Each endpoint status by name (`webhookEndpointStatus.disabled`). */
export const webhookEndpointStatus = wordsOf(webhookEndpointStatuses);
