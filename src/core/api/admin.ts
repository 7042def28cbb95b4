import type {
  CampaignStatus,
  ClickReason,
  ClickVerdict,
  DivergenceDimension,
  ExclusionReason,
  FlagSeverity,
  FlagStatus,
  FlagType,
  IdentityMarkKind,
  PassOnGround,
  PayoutHoldReason,
  RiskReason,
  VerificationProblem,
} from "../vocabulary.js";
import type { ClientErrorGroup } from "./client-errors.js";
import { del, get, post } from "./contract.js";
import type { PayoutList } from "./payouts.js";

/** The admin console's APIs (`/api/admin/*`, every one behind the admin guard). */

export const timeRanges = ["1h", "24h", "7d", "30d"] as const;
export type TimeRange = (typeof timeRanges)[number];
type RangeQuery = { range?: TimeRange };
type PageQuery = { q?: string; offset?: number; limit?: number };

/** The dashboard's stat cards (SPEC.md Admin dashboard, with the placeholders made real). */
export type AdminStats = {
  /** Counted clicks, all time. */
  total_clicks: number;
  /** Visits that did not count, whatever the reason. */
  blocked_clicks: number;
  /** Suspicious-activity flags still open. */
  open_flags: number;
  /** Distinct addresses that ever clicked. */
  unique_ips: number;
};

/** SPEC.md section 3 dashboard stats' names (topIPs: ip, count; topUserAgents: userAgent, count). */
export type AddressCount = { ip: string; count: number };
export type UserAgentCount = { userAgent: string; count: number };
export type CountryCount = { country: string; count: number };
export type VerdictCount = { verdict: ClickVerdict; count: number };

export type RateLimitingStats = {
  flagsByType: Array<{ type: FlagType; count: number }>;
  blockedByVerdict: VerdictCount[];
};

/** Counted clicks per bucket: 5 minutes for 1h, an hour for 24h, 6 hours for 7d, a day for 30d. */
export type ClicksOverTime = { bucket_minutes: number; points: Array<{ time: string; counted: number }> };

/** SPEC.md's suspicious item (type, severity, details, timestamp) with what it is about. */
export type SuspiciousItem = {
  id: number;
  type: FlagType;
  severity: FlagSeverity;
  status: FlagStatus;
  /** Why it was dismissed, or what was done. */
  resolution: string | null;
  details: string;
  timestamp: string;
  campaign_id: string | null;
  tracking_link_id: string | null;
};

/** One stored click, as the real-time list shows it: the address with its last part hidden. */
export type ClickEventView = {
  id: number;
  campaign_id: string;
  campaign_title: string;
  promoter_handle: string;
  verdict: ClickVerdict;
  masked_ip: string;
  country: string | null;
  ts: string;
};

export type AdminCampaign = {
  id: string;
  title: string;
  artist_name: string;
  artist_email: string;
  status: CampaignStatus;
  is_public: boolean;
  prize_cents: number;
  platform_fee_cents: number;
  total_clicks: number;
  promoter_count: number;
  created_at: string;
  ends_at: string | null;
};
export const adminCampaignStatuses = ["all", "draft", "active", "paused", "ended", "completed", "cancelled"] as const;
export type AdminCampaignQuery = PageQuery & { status?: (typeof adminCampaignStatuses)[number] };
export type CampaignState = { ok: true; status: CampaignStatus; is_public: boolean };

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: "artist" | "promoter" | "admin";
  /** The role chosen at sign-up (an admin's too): what the record line counts. */
  account_type: "artist" | "promoter";
  handle: string | null;
  created_at: string;
  /** Campaigns the user created (as an artist). */
  campaigns_created: number;
  /** Campaigns the user joined (as a promoter). */
  campaigns_joined: number;
  wins: number;
  paid_cents: number;
  open_flags: number;
  /** Keys not revoked and webhook endpoints not disabled: suspended while the user is banned. */
  api_keys: number;
  webhook_endpoints: number;
  banned_at: string | null;
  ban_reason: string | null;
};

export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  type: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
};

export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  transport: "outbox" | "smtp";
  created_at: string;
  /** Whether it has an HTML part (`emailHtml` gives it, to preview as the recipient's mail app shows it). */
  has_html: boolean;
  /** The outbox's state: waiting, being sent, sent, or failed (with its reason, and when it is tried again). */
  status: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
};

export type AuditRow = {
  id: string;
  actor_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  summary: string;
  created_at: string;
};

/** Void a promoter's or an address's counted clicks on a campaign; `flag_id`: the flag this acts on. */
export type VoidClicksBody = {
  campaign_id: string;
  promoter_id?: string;
  ip_hash?: string;
  reason?: string;
  flag_id?: number;
};
/**
 * `redecided`: the campaign's result was under review, so its winners and pending payouts were decided again;
 * `final`: its result was already final and stays; `live`: it has not ended.
 */
export type VoidClicksResult = {
  clicks_voided: number;
  result: "redecided" | "final" | "live";
  winners: Array<{ handle: string; amount_cents: number }>;
};

/** Dismissing a flag needs its reason: the dialog asks for it before the server would refuse it. */
export const dismissFlagMessages = { reasonNeeded: "Give a reason for dismissing the flag" } as const;

/** What can be investigated: exactly one of these (a flag opens its own subject). */
export type InvestigateQuery = {
  flag?: number;
  address?: string;
  fingerprint?: string;
  promoter?: string;
  link?: string;
  campaign?: string;
  user?: string;
};
/** `network`: a network-concentration flag's network (IPv4 /24, IPv6 /48) on its campaign, opened from the flag. */
export type InvestigationKind = "address" | "fingerprint" | "network" | "promoter" | "link" | "campaign";

/** One stored click as an investigation shows it: everything but the raw address. */
export type InvestigatedClick = {
  id: number;
  ts: string;
  campaign_id: string;
  campaign_title: string;
  promoter_id: string;
  promoter_handle: string;
  verdict: ClickVerdict;
  country: string | null;
  user_agent: string | null;
  referrer: string | null;
  fingerprint: string | null;
  masked_ip: string;
  ip_hash: string;
  /** The address's network (/24 or /48) and autonomous system, kept after the address is cleared. */
  network: string | null;
  asn: number | null;
  /** Why the fraud rules checked the visit, beyond its verdict. */
  reasons: ClickReason[];
  /** Whether the page's script confirmed that a browser ran it (counted visits only). */
  confirmed: boolean;
};

/** A subject's clicks of the last 30 days: the newest 200, and every figure over all of them. */
export type Investigation = {
  subject: { kind: InvestigationKind; key: string; label: string };
  /** The flag it was opened from. */
  flag: SuspiciousItem | null;
  total_clicks: number;
  verdicts: VerdictCount[];
  clicks: InvestigatedClick[];
  /** Other flags about the subject, newest first. */
  flags: SuspiciousItem[];
  /** Each campaign and promoter it touched, with their review state (a void changes the winners only under review). */
  links: Array<{
    campaign_id: string;
    campaign_title: string;
    campaign_status: CampaignStatus;
    review_until: string | null;
    under_review: boolean;
    promoter_id: string;
    promoter_handle: string;
    clicks: number;
    counted: number;
  }>;
  /** Hours with activity, newest first: visits, counted ones, flags raised. */
  timeline: Array<{ time: string; clicks: number; counted: number; flags: number }>;
};

/** Why a promoter's clicks look bought, one reason with its evidence (the fraud engine's risk). */
export type RiskReasonView = { code: RiskReason; points: number; evidence: string };

/** A campaign's promoters by risk under the current rules, riskiest first. */
export type CampaignRiskView = {
  rules_version: number;
  /** A winner at this score or more is flagged and their prize waits for an admin. */
  threshold: number;
  /** Links with fewer counted clicks are not assessed. */
  min_clicks: number;
  /** Where the data-centre and VPN classification of networks comes from, credited beside the risks. */
  network_data: string[];
  promoters: Array<{
    promoter_id: string;
    handle: string;
    link_id: string;
    counted: number;
    challenged: number;
    score: number;
    risky: boolean;
    reasons: RiskReasonView[];
  }>;
};

/** What the current rules would change on a campaign's stored clicks; nothing is written. */
export type FraudReplay = {
  campaign: { id: string; title: string; status: CampaignStatus };
  rules_version: number;
  network_limit: number;
  /** The stored clicks by the version of the rules that decided them (null: before versions were recorded). */
  clicks_by_version: Array<{ version: number | null; clicks: number }>;
  changes: Array<{ handle: string; from: ClickVerdict; to: ClickVerdict; rule: string; clicks: number }>;
  promoters: Array<{
    handle: string;
    counted_before: number;
    counted_after: number;
    score: number;
    risky: boolean;
    reasons: RiskReasonView[];
    /** How the link's traffic compares with its campaign's, dimension by dimension, when it could be compared. */
    divergence: DivergenceView | null;
  }>;
  /** The promoters with the most counted clicks, before exclusions. */
  leaders_before: string[];
  leaders_after: string[];
  leaders_change: boolean;
};

/**
 * A link's traffic in figures an admin compares side by side (the winner, the runner-up, the campaign's other links):
 * shares are of the counted clicks unless said otherwise, from 0 to 1; null when there is nothing to share.
 */
export type TrafficProfile = {
  links: number;
  counted: number;
  /** Of the counted clicks whose page asked for it: a browser running the page confirmed them. */
  confirmed_share: number | null;
  /** Counted only after solving the browser check. */
  checked_share: number | null;
  /** From data centres' networks, of the visits that could count (counted and challenged). */
  hosting_share: number | null;
  networks: number;
  top_network: string | null;
  top_network_share: number | null;
  user_agents: number;
  top_country: string | null;
  top_country_share: number | null;
  /** Arrived with no referrer at all. */
  no_referrer_share: number | null;
  top_referrer: string | null;
  top_referrer_share: number | null;
};

/**
 * A link's traffic against its pool (the campaign's other links that raise no other reason, with the platform's clean
 * traffic when they hold too few clicks): each dimension that diverges, with its two distributions side by side.
 */
export type DivergenceView = {
  pool: "campaign" | "campaign and platform" | "none";
  pool_clicks: number;
  dimensions: Array<{
    dimension: DivergenceDimension;
    /** Total variation distance: 0 the same, 1 nothing in common. */
    distance: number;
    link: Array<{ value: string; share: number }>;
    pool: Array<{ value: string; share: number }>;
  }>;
};

/** What an account shares with another (the linked-accounts evidence). */
export type AccountLinkView = {
  user_id: string;
  email: string;
  name: string;
  handle: string | null;
  banned: boolean;
  evidence: Array<{ kind: IdentityMarkKind; value: string }>;
};

/** A candidate (or the runner-up) with everything an admin weighs before approving (PRODUCT.md Winner verification). */
export type ApprovalCandidate = {
  /** None for the runner-up, who has no payout yet. */
  payout_id: string | null;
  promoter_id: string;
  user_id: string;
  handle: string;
  name: string;
  email: string;
  clicks: number;
  amount_cents: number | null;
  holds: PayoutHoldReason[];
  approved_at: string | null;
  waiting_since: string | null;
  risk: { score: number; risky: boolean; reasons: RiskReasonView[] };
  /** How the link's traffic diverges from its campaign's (null: too few counted clicks to tell). */
  divergence: DivergenceView | null;
  traffic: TrafficProfile;
  open_flags: SuspiciousItem[];
  linked_accounts: AccountLinkView[];
  verification: {
    country: string;
    state: string | null;
    minimum_age: number;
    stated_legal_name: string;
    account_country: string | null;
    account_legal_name: string | null;
    problem: VerificationProblem | null;
    at: string;
  } | null;
  payout_account: { ready: boolean; country: string | null; legal_name: string | null };
};

/** GET /api/admin/approvals/:campaignId: a result's evidence, the candidates beside the runner-up. */
export type ApprovalView = {
  campaign: {
    id: string;
    title: string;
    artist_name: string;
    status: CampaignStatus;
    prize_cents: number;
    ends_at: string | null;
    review_until: string | null;
    under_review: boolean;
  };
  candidates: ApprovalCandidate[];
  runner_up: ApprovalCandidate | null;
  /** Every other link of the campaign, pooled. */
  others: TrafficProfile;
  passed_over: Array<{ handle: string; reason: ExclusionReason; note: string | null; decided_at: string }>;
};

/** The console's approval queue: each result waiting for an admin, the longest wait first. */
export type ApprovalQueueItem = {
  campaign_id: string;
  title: string;
  waiting_since: string;
  candidates: Array<{
    payout_id: string;
    handle: string;
    clicks: number;
    amount_cents: number;
    verified: boolean;
    open_flags: number;
  }>;
};

/** Pass On: why (fraud also skips every account linked to the one passed over), in words the promoter is shown. */
export type PassOnBody = { grounds: PassOnGround; reason: string };

type Paged<T> = { items: T[]; total: number };

/**
 * Where an admin downloads a calendar year's prize ledger (`?year=2026`) as CSV: a file, not a JSON answer, so a plain
 * link opens it.
 */
export const prizeLedgerPath = "/api/admin/prize-ledger";
/** The first calendar year of the ledger: FanBoost paid no prize before it. */
export const PRIZE_LEDGER_FIRST_YEAR = 2024;

export const adminApi = {
  stats: get<AdminStats>()("/api/admin/stats"),

  campaigns: get<Paged<AdminCampaign>, AdminCampaignQuery>()("/api/admin/campaigns"),
  endCampaign: post<{ ok: true; status: "ended" | "completed"; winners: number }>()("/api/admin/campaigns/:id/end"),
  deleteCampaign: del<{ ok: true; result: "removed" | "cancelled" }>()("/api/admin/campaigns/:id"),
  pauseCampaign: post<CampaignState>()("/api/admin/campaigns/:id/pause"),
  resumeCampaign: post<CampaignState>()("/api/admin/campaigns/:id/resume"),
  hideCampaign: post<CampaignState>()("/api/admin/campaigns/:id/hide"),
  showCampaign: post<CampaignState>()("/api/admin/campaigns/:id/show"),

  payouts: get<PayoutList>()("/api/admin/payouts"),
  payPayout: post<{ ok: true; transfer_id: string }>()("/api/admin/payouts/:payoutId/pay"),
  /** Passes an unpaid prize on to the next eligible promoter(s), who wait for approval in turn, or back to the artist. */
  passOnPayout: post<{ ok: true; winners: string[] }, PassOnBody>()("/api/admin/payouts/:payoutId/pass-on"),
  /** Approves the result for one candidate: their prize is paid once they have verified. */
  approvePayout: post<{ ok: true }>()("/api/admin/payouts/:payoutId/approve"),
  approvalQueue: get<{ items: ApprovalQueueItem[] }>()("/api/admin/approvals"),
  approvalView: get<ApprovalView>()("/api/admin/approvals/:campaignId"),

  topIps: get<{ items: AddressCount[] }, RangeQuery>()("/api/admin/clicks/top-ips"),
  topUserAgents: get<{ items: UserAgentCount[] }, RangeQuery>()("/api/admin/clicks/top-user-agents"),
  countries: get<{ items: CountryCount[] }, RangeQuery>()("/api/admin/clicks/countries"),
  verdicts: get<{ items: VerdictCount[] }, RangeQuery>()("/api/admin/clicks/verdicts"),
  overTime: get<ClicksOverTime, RangeQuery>()("/api/admin/clicks/over-time"),
  rateLimiting: get<RateLimitingStats, RangeQuery>()("/api/admin/clicks/rate-limiting"),
  recentClicks: get<{ items: ClickEventView[] }>()("/api/admin/clicks/recent"),
  suspicious: get<{ items: SuspiciousItem[] }, RangeQuery>()("/api/admin/suspicious"),
  investigate: get<Investigation, InvestigateQuery>()("/api/admin/investigate"),
  dismissFlag: post<{ ok: true }, { reason: string }>()("/api/admin/flags/:id/dismiss"),
  voidClicks: post<VoidClicksResult, VoidClicksBody>()("/api/admin/clicks/void"),
  /** Ends a campaign's review early: its result is final and its payouts can be paid. */
  releaseResults: post<{ ok: true }>()("/api/admin/campaigns/:id/release"),
  campaignRisk: get<CampaignRiskView>()("/api/admin/campaigns/:id/risk"),
  /** `network_limit`: replay with another NETWORK_CLICK_LIMIT than the configured one, before changing it. */
  fraudReplay: get<FraudReplay, { network_limit?: number }>()("/api/admin/campaigns/:id/replay"),

  users: get<Paged<AdminUser>, PageQuery>()("/api/admin/users"),
  grantAdmin: post<{ ok: true }>()("/api/admin/users/:id/grant-admin"),
  revokeAdmin: post<{ ok: true }>()("/api/admin/users/:id/revoke-admin"),
  banUser: post<{ ok: true }, { reason?: string }>()("/api/admin/users/:id/ban"),
  unbanUser: post<{ ok: true }>()("/api/admin/users/:id/unban"),
  /** The accounts linked to this one, with what they share (one person, one entry). */
  userLinks: get<{ items: AccountLinkView[] }>()("/api/admin/users/:id/links"),

  messages: get<{ items: ContactMessageView[] }, { status?: "open" | "all" }>()("/api/admin/messages"),
  markMessageHandled: post<{ ok: true }>()("/api/admin/messages/:id/handled"),
  outbox: get<{ items: OutboxEmail[] }>()("/api/admin/outbox"),
  resendEmail: post<{ ok: true }>()("/api/admin/outbox/:id/resend"),
  /** An email's HTML part, for a preview in a sandboxed frame (no script of it runs). */
  emailHtml: get<{ html: string }>()("/api/admin/outbox/:id/html"),
  audit: get<{ items: AuditRow[] }, { offset?: number }>()("/api/admin/audit"),
  /** Crashes and serious errors reported by browsers, grouped by fingerprint, newest first. */
  clientErrors: get<{ items: ClientErrorGroup[] }>()("/api/admin/client-errors"),
} as const;
