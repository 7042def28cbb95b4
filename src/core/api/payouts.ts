import type { WinnerVerificationInput } from "../eligibility-rules.js";
import type { CampaignStatus, ExclusionReason, PayoutHoldReason, PayoutStatus } from "../vocabulary.js";
import { get, post } from "./contract.js";

/** The shapes of the earnings and payout APIs, shared by the server that sends them and the browser that reads them. */

/** One row of the earnings history (SPEC.md section 3 Earnings row), with the real rank and status. */
export type EarningsRow = {
  tracking_link_id: string;
  campaign_id: string;
  campaign_title: string;
  campaign_artist: string;
  campaign_status: CampaignStatus;
  ends_at: string | null;
  link_created_at: string;
  payout_created_at: string | null;
  paid_at: string | null;
  /** The payout, or for a live campaign the prize it could still win. */
  amount_cents: number;
  payout_status: PayoutStatus | null;
  failure_reason: string | null;
  /** The payout waits for the promoter's tax information (the year's prizes reach the reporting threshold). */
  tax_info_needed: boolean;
  /** The payout waits for an admin's approval or the promoter's own verification (PRODUCT.md Winner verification). */
  verifying: boolean;
  /** Set while the campaign's result is under fraud review: the payout can't be paid before then. */
  review_until: string | null;
  total_clicks: number;
  /** Null without a counted click: no rank to show. */
  rank: number | null;
  participants: number;
  /** paid: payout paid; pending: payout not yet paid, or campaign still live; lost otherwise. */
  status: "paid" | "pending" | "lost";
  /** When the row happened: paid, else won, else joined. */
  date: string;
};

export type EarningsTotals = {
  /** Total Earnings: what was paid (src/core/earnings.ts, as everywhere). */
  paid_cents: number;
  /** Won and not paid yet, shown apart from Total Earnings: `owed_cents` plus `in_progress_cents`. */
  pending_cents: number;
  /** Won and not yet paid out (pending or failed): what Request Payout may send. */
  owed_cents: number;
  /** Part of `owed_cents` whose result is still under review: Request Payout sends the rest. */
  under_review_cents: number;
  /** Part of `owed_cents`, its review over, that waits for approval or verification: not sent yet either. */
  verifying_cents: number;
  in_progress_cents: number;
  /** Part of `owed_cents` that waits for the promoter's tax information. */
  tax_info_needed_cents: number;
  campaigns_won: number;
  campaigns_joined: number;
  /** Joined campaigns that have ended: the win rate's denominator. */
  campaigns_ended: number;
  active_campaigns: number;
  total_clicks: number;
  /** Campaigns won over ended campaigns joined. */
  win_rate_percent: number;
  can_request_payout: boolean;
};

/** GET /api/earnings: null promoter (and no rows) when the user has no promoter profile yet. */
export type Earnings = {
  promoter: { id: string; handle: string } | null;
  rows: EarningsRow[];
  totals: EarningsTotals | null;
};

/** GET /api/payouts/account (SPEC.md payout account status). */
export type PayoutAccountStatus = {
  hasAccount: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  /** The provider has the holder's tax form (needed once a year's prizes reach the reporting threshold). */
  tax_info_on_file: boolean;
};

/** What the admin can do with a row (SPEC.md section 4 Payout list). */
export type PayoutAction =
  | "pay"
  | "under_review"
  | "held"
  /** The result waits for an admin's approval with its evidence (the approval view). */
  | "approval"
  /** Approved; the winner has not yet confirmed that they still qualify. */
  | "verification"
  /** Held only until the winner gives the payment provider their tax information; Pay Winner tries again. */
  | "tax_info"
  /** Nothing holds the prize but the winner's payout account, which they have not set up (or finished) yet. */
  | "account"
  | "completed"
  | "no_winner"
  | "not_applicable"
  | "active";

/**
 * One row of the admin payout list: one per payout of a finalized campaign (a tie has a row per winner), one for a
 * finalized campaign without a winner, and one for a live campaign with its current leaders.
 */
export type PayoutListRow = {
  campaign_id: string;
  title: string;
  artist_name: string;
  status: CampaignStatus;
  ended: boolean;
  ends_at: string;
  /** Set while the result is under fraud review: nothing is paid before then unless an admin releases it. */
  review_until: string | null;
  prize_cents: number;
  platform_fee_cents: number;
  winner: {
    promoter_id: string;
    handle: string;
    name: string;
    email: string;
    clicks: number;
    /** The winner has created a payout account (its onboarding may still be unfinished). */
    has_payout_account: boolean;
  } | null;
  payout: {
    id: string;
    amount_cents: number;
    status: PayoutStatus;
    failure_reason: string | null;
    paid_at: string | null;
    /** The provider's transfer reference, once paid. */
    transfer_id: string | null;
    /** Why it may not be paid for now (`banned`: its winner was banned after the result); empty when it may. */
    hold_reasons: PayoutHoldReason[];
  } | null;
  /** A live campaign's current leaders (empty once finalized). */
  leaders: Array<{ promoter_id: string; handle: string; clicks: number }>;
  action: PayoutAction;
};

/** GET /api/admin/payouts. */
export type PayoutList = {
  rows: PayoutListRow[];
  summary: {
    /** Paid to winners: every paid payout (winners receive the whole prize, PRODUCT.md). */
    total_paid_cents: number;
    /** Campaigns ready: ended with a winner whose payout is not yet paid, their review over. */
    pending_campaigns: number;
    /** Ended campaigns whose result is still under review. */
    under_review_campaigns: number;
    /** Fees collected on funded campaigns that were not cancelled (a cancellation refunds the fee). */
    platform_fees_cents: number;
    /** Unpaid payouts whose winner has no payout account yet. */
    awaiting_account: number;
  };
};

/** POST /api/payouts/request. */
export type PayoutRequestResult = { paid_cents: number; message: string };

/** A prize the promoter is a candidate for (PRODUCT.md Winner verification), and where it stands. */
export type Candidacy = {
  payout_id: string;
  campaign_id: string;
  campaign_title: string;
  amount_cents: number;
  /** Set while the result is under review: approval comes after it. */
  review_until: string | null;
  /** An admin approved the result for them. */
  approved: boolean;
  /** They confirmed that they still qualify. */
  verified: boolean;
  /** The countries the campaign is open to, as its rules froze them: where the candidate must live. */
  allowed_countries: string[];
  /** Other reasons it is not paid yet (a ban, an open flag, tax information). */
  other_holds: PayoutHoldReason[];
};

/** A decision that passed the promoter over for a prize, as they are shown it. */
export type PassedOverView = {
  campaign_id: string;
  campaign_title: string;
  reason: ExclusionReason;
  /** Why, in words: the admin's reason or what the verification found. */
  note: string | null;
  decided_at: string;
};

/** GET /api/payouts/candidacies: the promoter's prizes waiting for verification and approval, and past pass-overs. */
export type Candidacies = {
  candidacies: Candidacy[];
  passed_over: PassedOverView[];
  /** Where they said they live, to start the verification form from. */
  residence: { country: string; state: string | null } | null;
  /** The payout account's state and country: verification needs an account that can receive payouts. */
  payout_account: { ready: boolean; country: string | null };
};

export type VerificationResult = { outcome: "verified" | "passed_over"; message: string };

export const payoutsApi = {
  earnings: get<Earnings>()("/api/earnings"),
  account: get<PayoutAccountStatus>()("/api/payouts/account"),
  createAccount: post<{ accountId: string }>()("/api/payouts/account"),
  accountLink: post<{ url: string }>()("/api/payouts/account-link"),
  request: post<PayoutRequestResult>()("/api/payouts/request"),
  candidacies: get<Candidacies>()("/api/payouts/candidacies"),
  verify: post<VerificationResult, WinnerVerificationInput>()("/api/payouts/candidacies/:campaignId/verify"),
} as const;
