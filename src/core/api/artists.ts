import type { ClickVerdict, RefundReason, RefundStatus, ResultState } from "../vocabulary.js";
import { del, get } from "./contract.js";

/** The artist dashboard's APIs (`/api/artist/*`, for the signed-in artist's own campaigns only). */

export type ArtistTiles = {
  /** Counted clicks over every campaign of the artist. */
  total_clicks: number;
  active_campaigns: number;
  /** Prize + fee of every funded campaign that was not cancelled. */
  total_spent_cents: number;
  /** Refunds to the artist: cancelled campaigns (prize + fee) and campaigns without a winner (prize). */
  refunded_cents: number;
  /** Distinct promoters who joined any of the artist's campaigns. */
  total_promoters: number;
};

export type ActivityItem = {
  kind: "joined" | "milestone" | "live" | "ended" | "paid";
  at: string;
  campaign_id: string;
  campaign_title: string;
  /** The promoter who joined or was paid. */
  handle: string | null;
  /** The milestone's clicks. */
  clicks: number | null;
  /** The amount paid. */
  amount_cents: number | null;
};

export type TopPromoter = { promoter_id: string; handle: string; clicks: number };

export type ArtistOverview = {
  tiles: ArtistTiles;
  /** The newest five. */
  activity: ActivityItem[];
  /** Counted clicks this calendar month (UTC) over the artist's campaigns: the five largest. */
  top_promoters_this_month: TopPromoter[];
};

export type ArtistCampaign = {
  id: string;
  title: string;
  genre: string | null;
  status: "draft" | "active" | "paused" | "ended" | "completed" | "cancelled";
  is_public: boolean;
  prize_cents: number;
  platform_fee_cents: number;
  duration_days: number;
  created_at: string;
  published_at: string | null;
  ends_at: string | null;
  total_clicks: number;
  promoter_count: number;
  /** The top of the board while it runs (null without a counted click). */
  leader: { handle: string; clicks: number } | null;
  /** After the end: its winners (empty: "No Winner"), provisional while under review. */
  result: { state: ResultState; winners: Array<{ handle: string; amount_cents: number }> } | null;
  refund: { reason: RefundReason; amount_cents: number; status: RefundStatus } | null;
};

export type VerdictCount = { verdict: ClickVerdict; count: number };

/** One campaign's analytics: what the artist's money bought, and how much traffic was filtered. */
export type CampaignAnalytics = {
  campaign: {
    id: string;
    title: string;
    status: ArtistCampaign["status"];
    published_at: string | null;
    ends_at: string | null;
  };
  /** Counted clicks per hour while the campaign runs, per day after. */
  series: { bucket: "hour" | "day"; points: Array<{ time: string; counted: number }> };
  /** Every visit by its verdict, every verdict listed. */
  verdicts: VerdictCount[];
  /** Counted clicks by country, the ten largest. */
  countries: Array<{ country: string; count: number }>;
  /** Every visit by its referrer's domain ("Direct" without one), the ten largest. */
  referrers: Array<{ domain: string; count: number }>;
  /** The ten newest visits; never an address. */
  recent_clicks: Array<{ time: string; country: string; referrer_domain: string; verdict: ClickVerdict }>;
  /** Rank null without a counted click. */
  promoters: Array<{ rank: number | null; handle: string; clicks: number; joined_at: string }>;
};

export const artistApi = {
  overview: get<ArtistOverview>()("/api/artist/overview"),
  campaigns: get<{ campaigns: ArtistCampaign[] }>()("/api/artist/campaigns"),
  /** The campaigns again whenever a click or a join moves one of the artist's live campaigns. */
  campaignsStream: { ...get<{ campaigns: ArtistCampaign[] }>()("/api/artist/campaigns/stream"), event: "campaigns" },
  analytics: get<CampaignAnalytics>()("/api/artist/campaigns/:id/analytics"),
  deleteDraft: del<{ ok: true }>()("/api/artist/campaigns/:id"),
} as const;
