/**
 * The embeddable live board (PRODUCT.md Integrations): its addresses, sizes and themes, and the code a site pastes. The
 * embed script imports this module alone: it stays free of the rest of core.
 */
import { escapeHtml } from "./escape-html.js";

/** The rows an embedded board lists. */
export const EMBED_BOARD_ROWS = 10;
/** The frame's size that the embed code and oEmbed propose; the script then sizes it to its content. */
export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = 560;
export const embedThemes = ["auto", "light", "dark"] as const;
export type EmbedTheme = (typeof embedThemes)[number];

/** The iframe page of a campaign's board, outside the API: `/embed/campaigns/{id}?theme=dark`. */
export const embedPagePath = (campaignId: string, theme: EmbedTheme = "auto") =>
  `/embed/campaigns/${campaignId}${theme === "auto" ? "" : `?theme=${theme}`}`;
/** The script that inserts the frame where a page has `<div data-fanboost-campaign="{id}">`. */
export const EMBED_SCRIPT_PATH = "/embed.js";
/** The message the frame posts to its parent with its content's height (0: nothing to show). */
export const EMBED_HEIGHT_MESSAGE = "fanboost:embed-height";

/** The HTML a site pastes: a placeholder with a plain link (what readers without scripts see), then the script. */
export function embedCode(origin: string, campaign: { id: string; title: string }, theme: EmbedTheme): string {
  const themeAttribute = theme === "auto" ? "" : ` data-theme="${theme}"`;
  return `<div data-fanboost-campaign="${campaign.id}"${themeAttribute}><a href="${origin}/campaigns/${campaign.id}">${escapeHtml(campaign.title)} on FanBoost</a></div>
<script async src="${origin}${EMBED_SCRIPT_PATH}"></script>`;
}

/** The frame alone, for sites that take no scripts, and oEmbed's `html`. */
export function embedFrameCode(
  origin: string,
  campaign: { id: string; title: string },
  theme: EmbedTheme,
  size: { width: number; height: number } = { width: EMBED_WIDTH, height: EMBED_HEIGHT },
): string {
  const title = escapeHtml(`${campaign.title}: live leaderboard on FanBoost`);
  return `<iframe src="${origin}${embedPagePath(campaign.id, theme)}" title="${title}" width="${size.width}" height="${size.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
