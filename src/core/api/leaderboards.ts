import type { CampaignStatus, ExclusionReason, ResultState } from "../vocabulary.js";
import { get } from "./contract.js";

export type LeaderboardEntry = {
  /** Null until the promoter has a counted click (the rank rule of core/leaderboard-rules.ts). */
  rank: number | null;
  promoter_id: string;
  handle: string;
  clicks: number;
  joined_at: string;
  /** True when another ranked promoter has the same clicks (shared rank; a tie at the top splits the prize). */
  tied: boolean;
};

export type AllTimePromoter = {
  promoter_id: string;
  handle: string;
  clicks: number;
  wins: number;
  earnings_cents: number;
};

export type ActiveCampaignBoard = {
  id: string;
  title: string;
  artist_name: string;
  prize_cents: number;
  ends_at: string | null;
  totals: { promoters: number; clicks: number };
  leader: { handle: string; clicks: number } | null;
};

/** An ended campaign's result: provisional while under review, final after. */
export type CampaignResultView = {
  state: ResultState;
  review_until: string | null;
  winners: Array<{ promoter_id: string; handle: string; amount_cents: number }>;
  not_eligible: Array<{ promoter_id: string; reason: ExclusionReason }>;
};

/** What a campaign page shows beside its board, pushed with it so the tiles and the status never lag the board. */
export type BoardCampaign = {
  status: CampaignStatus;
  ends_at: string | null;
  total_clicks: number;
  promoter_count: number;
};

export type CampaignBoard = {
  ok: boolean;
  entries: LeaderboardEntry[];
  error: string | null;
  /** Null while the campaign runs. */
  result: CampaignResultView | null;
  campaign: BoardCampaign;
};
/** SPEC.md section 3's public leaderboards response. */
export type PublicBoards = {
  ok: boolean;
  error: string | null;
  allTimePromoters: AllTimePromoter[];
  activeCampaigns: ActiveCampaignBoard[];
};

/** Each board has a server-sent-event stream beside it (`event` names the message) and polls while it is down. */
export const leaderboardsApi = {
  campaign: get<CampaignBoard>()("/api/campaigns/:id/leaderboard"),
  campaignStream: { ...get<CampaignBoard>()("/api/campaigns/:id/leaderboard/stream"), event: "leaderboard" },
  public: get<PublicBoards>()("/api/public/leaderboards"),
  publicStream: { ...get<PublicBoards>()("/api/public/leaderboards/stream"), event: "leaderboards" },
} as const;
