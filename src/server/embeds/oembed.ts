import type { OEmbedAnswer, OEmbedQuery } from "../../core/api/embeds.js";
import { EMBED_HEIGHT, EMBED_WIDTH, embedFrameCode } from "../../core/embeds.js";
import { uuidPattern } from "../../core/ids.js";
import type { Database } from "../db/client.js";
import { DomainError } from "../errors.js";
import { embedBoard } from "./embed-board.js";

export const oembedMessages = {
  url: "Give the address of a FanBoost campaign page in url",
  size: "maxwidth and maxheight must be whole numbers of pixels, at least 1",
  notFound: "No public campaign has that address",
  format: "Only format=json is offered",
};

/** How long a consumer may keep the answer: the frame it describes keeps itself current. */
const CACHE_AGE_SECONDS = 3600;

/** The campaign a link names: this site's campaign page or embed page, with or without a trailing slash or query. */
export function campaignIdOfUrl(url: string, publicUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  const id = /^\/(?:embed\/)?campaigns\/([^/]+)\/?$/.exec(parsed.pathname)?.[1];
  return id && uuidPattern.test(id) ? id.toLowerCase() : null;
}

function side(value: string | undefined, preferred: number): number {
  if (value === undefined || value === "") return preferred;
  if (!/^[1-9]\d{0,4}$/.test(value)) throw new DomainError("validation", oembedMessages.size);
  return Math.min(preferred, Number(value));
}

/**
 * oEmbed's answer for a public campaign's link: a rich embed whose html is the board's frame, sized within the
 * consumer's maximum. A link that is not a public campaign's is 'not found', as oEmbed asks.
 */
export async function oembedAnswer(db: Database, publicUrl: string, query: OEmbedQuery): Promise<OEmbedAnswer> {
  if (!query.url) throw new DomainError("validation", oembedMessages.url);
  const width = side(query.maxwidth, EMBED_WIDTH);
  const height = side(query.maxheight, EMBED_HEIGHT);
  const id = campaignIdOfUrl(query.url, publicUrl);
  const board = id ? await embedBoard(db, id, publicUrl) : null;
  if (!board) throw new DomainError("not_found", oembedMessages.notFound);
  const { campaign } = board;
  return {
    version: "1.0",
    type: "rich",
    title: campaign.title,
    author_name: campaign.artist_name,
    author_url: campaign.url,
    provider_name: "FanBoost",
    provider_url: publicUrl,
    html: embedFrameCode(publicUrl, campaign, "auto", { width, height }),
    width,
    height,
    cache_age: CACHE_AGE_SECONDS,
  };
}
