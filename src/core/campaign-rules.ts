import { z } from "zod";
import { allowedDurationDays, DEFAULT_DURATION_DAYS, MAX_PRIZE_CENTS, MIN_PRIZE_CENTS } from "./money.js";

/** The create-campaign rules of SPEC.md section 5, word for word, shared by the wizard and the server. */
export const campaignMessages = {
  titleRequired: "Song title is required",
  artistRequired: "Artist name is required",
  songUrlRequired: "Song URL is required",
  songUrlInvalid: "Please enter a valid URL",
  prizeRequired: "Please select a prize amount",
  customTooSmall: "Custom amount must be at least $10",
  prizeTooSmall: "Prize amount must be at least $10",
  durationInvalid: "Please choose a campaign duration",
} as const;

/**
 * Music services a song link may point at (PRODUCT.md), so a tracking redirect can never send people to an
 * arbitrary site. Operators can replace the list with `SONG_LINK_HOSTS`.
 */
export const defaultSongLinkHosts = [
  "open.spotify.com",
  "spotify.link",
  "music.apple.com",
  "youtube.com",
  "youtu.be",
  "music.youtube.com",
  "soundcloud.com",
  "on.soundcloud.com",
  "bandcamp.com",
  "tidal.com",
  "listen.tidal.com",
  "deezer.com",
  "deezer.page.link",
  "audiomack.com",
  "music.amazon.com",
  "amazon.com",
] as const;

/** An http(s) URL; when `allowedHosts` is given, its host must be one of them or a subdomain of one. */
export function isAcceptableSongLink(value: string, allowedHosts?: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  if (!allowedHosts) return url.hostname.includes(".");
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

export function songLinkSchema(allowedHosts?: readonly string[]) {
  return z
    .string({ error: campaignMessages.songUrlRequired })
    .trim()
    .min(1, campaignMessages.songUrlRequired)
    .refine((value) => isAcceptableSongLink(value, allowedHosts), campaignMessages.songUrlInvalid);
}

/** Step 1 of the wizard. */
export function musicDetailsSchema(allowedHosts?: readonly string[]) {
  return z.object({
    title: requiredText(campaignMessages.titleRequired, 200),
    artist_name: requiredText(campaignMessages.artistRequired, 200),
    song_link: songLinkSchema(allowedHosts),
  });
}

/** What `POST /api/campaigns` accepts. */
export function createCampaignSchema(allowedHosts: readonly string[]) {
  return z.object({
    title: requiredText(campaignMessages.titleRequired, 200),
    artist_name: requiredText(campaignMessages.artistRequired, 200),
    song_link: songLinkSchema(allowedHosts),
    genre: z
      .string()
      .trim()
      .max(40)
      .nullish()
      .transform((value) => value || null),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((value) => value || null),
    prize_cents: z
      .number({ error: campaignMessages.prizeRequired })
      .int(campaignMessages.prizeRequired)
      .min(MIN_PRIZE_CENTS, campaignMessages.prizeTooSmall)
      .max(MAX_PRIZE_CENTS, "Prize amount is too large"),
    duration_days: z
      .number({ error: campaignMessages.durationInvalid })
      .refine((days) => allowedDurationDays.includes(days), campaignMessages.durationInvalid)
      .default(DEFAULT_DURATION_DAYS),
  });
}

export type CreateCampaignInput = z.output<ReturnType<typeof createCampaignSchema>>;
