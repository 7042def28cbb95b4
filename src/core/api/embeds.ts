import type { CampaignStatus, ResultState } from "../vocabulary.js";
import { get } from "./contract.js";

/** One promoter on an embedded board: only real entrants, and a rank (so a medal) only after a counted click. */
export type EmbedEntry = { rank: number | null; handle: string; clicks: number; tied: boolean };

/** What an embedded live board shows of a public campaign. */
export type EmbedBoard = {
  campaign: {
    id: string;
    title: string;
    artist_name: string;
    prize_cents: number;
    status: CampaignStatus;
    ends_at: string | null;
    /** The cover's small square image, when the artist uploaded one. */
    cover: string | null;
    /** The campaign's page, where a visitor joins. */
    url: string;
  };
  promoters: number;
  /** The top of the board (EMBED_BOARD_ROWS at most). */
  entries: EmbedEntry[];
  /** An ended campaign's winners and the handles its rules passed over (they have no rank); null while it runs. */
  result: {
    state: ResultState;
    winners: Array<{ handle: string; amount_cents: number }>;
    not_eligible: string[];
  } | null;
};

/** oEmbed 1.0's answer for a rich embed (https://oembed.com). */
export type OEmbedAnswer = {
  version: "1.0";
  type: "rich";
  title: string;
  author_name: string;
  author_url: string;
  provider_name: "FanBoost";
  provider_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
};

export type OEmbedQuery = { url: string; format?: string; maxwidth?: string; maxheight?: string };

export const embedsApi = {
  board: get<EmbedBoard>()("/api/embed/campaigns/:id"),
  boardStream: { ...get<EmbedBoard | null>()("/api/embed/campaigns/:id/stream"), event: "board" },
  oembed: get<OEmbedAnswer, OEmbedQuery>()("/api/oembed"),
} as const;
