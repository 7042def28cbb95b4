import type { z } from "zod";
import type { campaignListQuerySchema, createCampaignSchema } from "../campaign-rules.js";
import type { EligibilityInput } from "../eligibility-rules.js";
import type { RulesSection, RulesSettings } from "../official-rules.js";
import type { CampaignStatus } from "../vocabulary.js";
import { get, post } from "./contract.js";

/** The campaign APIs: lists, a campaign's summary, creating, funding and joining. */

/** A live campaign in the lists (SPEC.md section 3, with its totals and leader). */
export type CampaignListItem = {
  id: string;
  title: string;
  artist_name: string;
  genre: string | null;
  song_link: string;
  description: string | null;
  prize_cents: number;
  platform_fee_cents: number;
  duration_days: number;
  status: CampaignStatus;
  is_public: boolean;
  published_at: string | null;
  ends_at: string | null;
  total_clicks: number;
  promoter_count: number;
  leader: { handle: string; clicks: number } | null;
  artwork_key: string | null;
  /** The viewer is the campaign's artist (they cannot join it). */
  is_own: boolean;
  /** The viewer's own tracking link, when they joined. */
  my_link: { short_code: string; total_clicks: number } | null;
};

export type CampaignPage = { ok: boolean; items: CampaignListItem[]; total: number; error: string | null };
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

/** The site metrics of SPEC.md section 3 (their names are SPEC.md's). */
export type SiteMetrics = {
  activeCampaigns: number;
  totalClicks: number;
  activePromoters: number;
  totalPrizePoolCents: number;
  paidToPromotersCents: number | null;
  /**
   * SPEC.md's 'Avg. promoter earnings $50 - $2,500', from paid payouts: the lowest and highest of each paid promoter's
   * average payout; null while nothing has been paid (ADR 024).
   */
  avgPromoterEarningsCents: { low: number; high: number } | null;
};

/** SPEC.md section 7's public campaign list. */
export type PublicCampaignSummary = {
  id: string;
  title: string;
  artist_name: string;
  genre: string | null;
  song_link: string;
  published_at: string | null;
  prize_cents: number;
  ends_at: string | null;
};

/** One campaign as its funding and success pages show it. */
export type CampaignSummary = {
  id: string;
  title: string;
  artist_name: string;
  genre: string | null;
  status: CampaignStatus;
  duration_days: number;
  prize_cents: number;
  platform_fee_cents: number;
  total_cents: number;
  published_at: string | null;
  ends_at: string | null;
};

/** A campaign as its own page shows it: the summary with the artist's words, song, cover and the board's totals. */
export type CampaignView = CampaignSummary & {
  description: string | null;
  song_link: string;
  artwork_key: string | null;
  is_public: boolean;
  total_clicks: number;
  promoter_count: number;
  /** The viewer is the campaign's artist. */
  is_own: boolean;
  /** The viewer's own tracking link, when they joined. */
  my_link: { short_code: string; total_clicks: number } | null;
};

export type Funding =
  | { campaign: CampaignSummary; alreadyFunded: true }
  | {
      campaign: CampaignSummary;
      alreadyFunded: false;
      payment: {
        provider: "stripe" | "sandbox";
        publishableKey: string | null;
        clientSecret: string;
        paymentIntentId: string;
        amountCents: number;
      };
    };

export type SandboxCardBody = { number: string; expiry: string; cvc: string };
export type CreateCampaignBody = z.input<ReturnType<typeof createCampaignSchema>>;
export type JoinedLink = { link: { short_code: string; url: string; total_clicks: number } };
export type CampaignSettings = {
  songLinkHosts: string[];
  paymentProvider: "stripe" | "sandbox";
  /** The countries payouts can be sent to: a campaign is open to all of them unless its artist chooses fewer. */
  payoutCountries: string[];
};

/** A campaign's official rules as they were frozen at launch (src/core/official-rules.ts). */
export type OfficialRulesView = {
  campaign_id: string;
  version: number;
  /** SHA-256 of the version and the text: what joining accepts. */
  hash: string;
  frozen_at: string;
  settings: RulesSettings;
  sections: RulesSection[];
};

export const campaignsApi = {
  list: get<CampaignPage, CampaignListQuery>()("/api/campaigns"),
  publicList: get<{ ok: boolean; items: PublicCampaignSummary[]; error: string | null }>()("/api/public/campaigns"),
  settings: get<CampaignSettings>()("/api/public/campaign-settings"),
  metrics: get<{ ok: boolean; metrics: SiteMetrics | null; error: string | null }>()("/api/public/metrics"),
  detail: get<{ campaign: CampaignView }>()("/api/campaigns/:id"),
  create: post<{ campaign: CampaignSummary }, CreateCampaignBody>()("/api/campaigns"),
  startFunding: post<Funding>()("/api/campaigns/:id/funding"),
  sandboxPayment: post<{ campaign: CampaignSummary; alreadyFunded: boolean }, SandboxCardBody>()(
    "/api/campaigns/:id/sandbox-payment",
  ),
  /** `eligibility`: stated with the first join, when the account has not stated it yet. */
  join: post<JoinedLink, { eligibility?: EligibilityInput }>()("/api/campaigns/:id/join"),
  rules: get<{ rules: OfficialRulesView }>()("/api/campaigns/:id/rules"),
} as const;
