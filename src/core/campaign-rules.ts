import { z } from "zod";
import { artworkKeyPattern, artworkMessages } from "./artwork.js";
import { eligibilityMessages } from "./eligibility.js";
import {
  allowedDurationDays,
  amountMessages,
  DEFAULT_DURATION_DAYS,
  MAX_PRIZE_CENTS,
  MIN_PRIZE_CENTS,
} from "./money.js";
import { hasForbiddenCharacters, optionalText, queryText, requiredText, textMessages } from "./text-rules.js";

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
  // The URL parser would quietly encode these; the stored link is the text as sent, so it must not hold them.
  if (/\s/.test(value) || hasForbiddenCharacters(value)) return false;
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  if (!allowedHosts) return url.hostname.includes(".");
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** Longest texts of a campaign: every one is shown in public lists and on tracking pages. */
export const campaignTextLimits = { title: 200, artistName: 200, songLink: 500, genre: 40, description: 2000 } as const;

export function songLinkSchema(allowedHosts?: readonly string[]) {
  return z
    .string({ error: campaignMessages.songUrlRequired })
    .trim()
    .min(1, campaignMessages.songUrlRequired)
    .max(campaignTextLimits.songLink, textMessages.tooLong("Song URL", campaignTextLimits.songLink))
    .refine((value) => isAcceptableSongLink(value, allowedHosts), campaignMessages.songUrlInvalid);
}

const title = requiredText("Song title", {
  max: campaignTextLimits.title,
  requiredMessage: campaignMessages.titleRequired,
});
const artistName = requiredText("Artist name", {
  max: campaignTextLimits.artistName,
  requiredMessage: campaignMessages.artistRequired,
});

/** Step 1 of the wizard. */
export function musicDetailsSchema(allowedHosts?: readonly string[]) {
  return z.object({ title, artist_name: artistName, song_link: songLinkSchema(allowedHosts) });
}

/**
 * The countries a campaign is open to, among the payout countries: none given, all of them (settled at launch).
 * Duplicates are dropped and the list is kept in the payout countries' order.
 */
export function allowedCountriesSchema(payoutCountries: readonly string[]) {
  return z
    .array(z.string({ error: eligibilityMessages.campaignCountries }).trim().toUpperCase(), {
      error: eligibilityMessages.campaignCountries,
    })
    .max(300)
    .min(1, eligibilityMessages.campaignCountries)
    .superRefine((codes, ctx) => {
      const unknown = codes.find((code) => !payoutCountries.includes(code));
      if (unknown !== undefined) {
        ctx.addIssue({ code: "custom", message: eligibilityMessages.campaignCountryUnknown(unknown.slice(0, 10)) });
      }
    })
    .transform((codes) => payoutCountries.filter((code) => codes.includes(code)))
    .nullish();
}

/** What `POST /api/campaigns` accepts. */
export function createCampaignSchema(allowedHosts: readonly string[], payoutCountries: readonly string[]) {
  return z.object({
    title,
    artist_name: artistName,
    song_link: songLinkSchema(allowedHosts),
    genre: optionalText("Genre", { max: campaignTextLimits.genre }),
    description: optionalText("Description", { max: campaignTextLimits.description, multiline: true }),
    prize_cents: z
      .number({ error: (issue) => (issue.input == null ? campaignMessages.prizeRequired : amountMessages.invalid) })
      .min(MIN_PRIZE_CENTS, campaignMessages.prizeTooSmall)
      .max(MAX_PRIZE_CENTS, "Prize amount is too large")
      .int(amountMessages.invalid),
    duration_days: z
      .number({ error: campaignMessages.durationInvalid })
      .refine((days) => allowedDurationDays.includes(days), campaignMessages.durationInvalid)
      .default(DEFAULT_DURATION_DAYS),
    /** An upload's key from `POST /api/artwork`; none: the generated cover. */
    artwork_key: z
      .string({ error: artworkMessages.notFound })
      .regex(artworkKeyPattern, artworkMessages.notFound)
      .nullish(),
    allowed_countries: allowedCountriesSchema(payoutCountries),
  });
}

export type CreateCampaignInput = z.output<ReturnType<typeof createCampaignSchema>>;

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max.toLocaleString("en-US")}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** Query parameters of `GET /api/campaigns` (SPEC.md Join campaigns: search, genre, sort). */
export const campaignListQuerySchema = z.object({
  q: queryText("Search", 100),
  genre: queryText("Genre", 40),
  sort: z
    .enum(["prize", "time", "clicks", "promoters", "newest"], {
      error: "Sort by prize, time, clicks, promoters or newest",
    })
    .default("prize"),
  limit: wholeNumber("limit", 1, 100).default(24),
  offset: wholeNumber("offset", 0, 100_000).default(0),
});
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;
