/**
 * Titles and descriptions of the public pages: the server writes them into the HTML (so link previews and search
 * engines see them without JavaScript) and the browser sets the same ones when it navigates.
 */
import { artworkPath, generatedCoverPath } from "./artwork.js";
import { formatCents } from "./money.js";

const SITE_NAME = "FanBoost";

/** A page's title and description; `image` (a path) makes a link to it unfurl with a large picture. */
export type PageMeta = {
  title: string;
  description: string;
  image?: { path: string; alt: string };
  /** The page has an oEmbed answer (a campaign's live board): its head says where, for tools that unfurl links. */
  oembed?: boolean;
};

export const publicPageMeta = {
  "/": {
    title: "FanBoost: fans promote music, artists fund the prize",
    description:
      "Independent artists fund a cash prize for a song. Fans share their personal link and compete on verified clicks. The top promoter wins.",
  },
  "/join-campaign": {
    title: "Browse campaigns",
    description: "Join a live music campaign, share your link and compete for the cash prize.",
  },
  "/how-it-works": {
    title: "How it works",
    description:
      "How FanBoost works for artists and promoters: fund a prize, share a link, climb a live leaderboard of verified clicks.",
  },
  "/pricing": {
    title: "Pricing",
    description: "Simple pricing: the prize you choose plus a 5% platform fee. Winners receive the whole prize.",
  },
  "/success-stories": {
    title: "Success stories",
    description: "Illustrative stories of how artists and promoters use FanBoost campaigns.",
  },
  "/leaderboards": {
    title: "Leaderboards",
    description: "The top FanBoost promoters by verified clicks, wins and earnings, and who leads each live campaign.",
  },
  "/help": {
    title: "Help center",
    description: "Answers about campaigns, verified clicks, fees, payouts and your account.",
  },
  "/contact": {
    title: "Contact",
    description: "Questions about a campaign, a payout or a partnership? Send the FanBoost team a message.",
  },
  "/terms": {
    title: "Terms of Service",
    description: "The FanBoost terms of service and official contest rules.",
  },
  "/privacy": {
    title: "Privacy Policy",
    description: "What FanBoost keeps about you, why, for how long, and how to have it deleted.",
  },
} as const satisfies Record<string, PageMeta>;

/** The document title of a page: the site name alone on the home page, "Page · FanBoost" elsewhere. */
export function documentTitle(title: string): string {
  return title === SITE_NAME || title.startsWith(`${SITE_NAME}:`) ? title : `${title} · ${SITE_NAME}`;
}

const DESCRIPTION_LENGTH = 200;

/** A campaign page's tags: the song and artist, the artist's words (or what the contest is), and its cover. */
export function campaignPageMeta(campaign: {
  id: string;
  title: string;
  artist_name: string;
  description: string | null;
  prize_cents: number;
  artwork_key: string | null;
}): PageMeta {
  const words = campaign.description?.replace(/\s+/g, " ").trim();
  const description = words
    ? words.length > DESCRIPTION_LENGTH
      ? `${words.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
      : words
    : `Share "${campaign.title}" by ${campaign.artist_name} and compete for the ${formatCents(campaign.prize_cents)} prize on FanBoost.`;
  return {
    title: `${campaign.title} by ${campaign.artist_name}`,
    description,
    image: {
      path: campaign.artwork_key ? artworkPath(campaign.artwork_key, "og.jpg") : generatedCoverPath(campaign.id),
      alt: `Cover art for ${campaign.title} by ${campaign.artist_name}`,
    },
    oembed: true,
  };
}
