import type { ClickReason, ClickVerdict, ExclusionReason } from "../vocabulary.js";
import { get } from "./contract.js";

/** The promoter dashboard's API (`/api/promoter/*`, the signed-in user's own links only). */

/** One of the promoter's links in a campaign that still runs. */
export type PromoterLink = {
  link_id: string;
  short_code: string;
  campaign_id: string;
  campaign_title: string;
  artist_name: string;
  campaign_status: "active" | "paused";
  prize_cents: number;
  ends_at: string | null;
  clicks: number;
  /** Null until the link has a counted click. */
  rank: number | null;
  participants: number;
  /** The rank above and how many clicks it is ahead; null when first (or when nobody has a counted click). */
  above: { rank: number; clicks_ahead: number } | null;
  /** What the link wins if the campaign ended now: the prize, or the tie's share; null when not first. */
  potential_win_cents: number | null;
};

/** An ended campaign the promoter took part in, with the real result. */
export type CompletedCampaign = {
  campaign_id: string;
  campaign_title: string;
  artist_name: string;
  ended_at: string | null;
  /** Null without a counted click. */
  final_rank: number | null;
  clicks: number;
  outcome: "won" | "tied" | "lost";
  amount_cents: number;
  payout_status: "pending" | "processing" | "paid" | "failed" | null;
  /** The result is still under fraud review until then. */
  review_until: string | null;
  /** Why the link could not win (the contest rules of /terms). */
  not_eligible: ExclusionReason | null;
};

/**
 * Why a link's visits did or did not count: every verdict but `counted`, with the fraud rules' reasons behind those
 * visits (a visit may have more than one), never an address.
 */
export type LinkVisits = {
  link_id: string;
  campaign_title: string;
  counted: number;
  not_counted: Array<{
    verdict: Exclude<ClickVerdict, "counted">;
    count: number;
    reasons: Array<{ reason: ClickReason; count: number }>;
  }>;
};

export type PromoterDashboard = {
  /** Null without a promoter profile (SPEC.md: 'You don't have a promoter profile yet.'). */
  promoter: { id: string; handle: string } | null;
  tiles: {
    /** What was paid; won but unpaid is `pending_earnings_cents` (src/core/earnings.ts, as on /earnings). */
    total_earnings_cents: number;
    pending_earnings_cents: number;
    total_clicks: number;
    campaigns_won: number;
    active_campaigns: number;
  };
  active: PromoterLink[];
  completed: CompletedCampaign[];
  visits: LinkVisits[];
  /** Counted clicks per UTC day, the last 30 days. */
  clicks_per_day: Array<{ time: string; counted: number }>;
  performance: {
    win_rate_percent: number;
    clicks_per_campaign: number;
    best_campaign: { title: string; clicks: number } | null;
  };
};

export const promotersApi = {
  dashboard: get<PromoterDashboard>()("/api/promoter/dashboard"),
  /** The dashboard again whenever a click or a join moves one of the campaigns the promoter runs a link in. */
  dashboardStream: { ...get<PromoterDashboard>()("/api/promoter/dashboard/stream"), event: "dashboard" },
} as const;
