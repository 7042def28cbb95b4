/**
 * Campaign artwork: what an upload may be, the sizes it is stored in, where each is served, and the cover drawn for a
 * campaign without one. Shared by the server (upload, unfurls, tracking page) and the browser (wizard, cards).
 */

export const MAX_ARTWORK_BYTES = 5 * 1024 * 1024;
export const artworkContentTypes = ["image/jpeg", "image/png", "image/webp"] as const;

export const artworkMessages = {
  tooLarge: "The image is larger than 5 MB. Choose a smaller one.",
  notAnImage: "That file is not a JPEG, PNG or WebP image.",
  tooSmall: "The image is too small: use one at least 300 pixels wide and high.",
  tooManyPixels: "The image has too many pixels: use one of at most 25 megapixels.",
  notFound: "That artwork upload was not found. Upload the image again.",
} as const;

/** Most pixels an upload may have: a small file can claim enormous dimensions, which are refused before decoding. */
export const MAX_ARTWORK_PIXELS = 25_000_000;

/** Smallest side an upload may have: below it a cover looks blurred on every screen. */
export const MIN_ARTWORK_SIDE = 300;

/** Square WebP sizes for cards and pages, and a 1200×630 JPEG for link unfurls (what every network reads). */
export const artworkVariants = ["320.webp", "640.webp", "1200.webp", "og.jpg"] as const;
export type ArtworkVariant = (typeof artworkVariants)[number];
export const squareArtworkWidths = [320, 640, 1200] as const;

/** An upload's key: the first 32 hex digits of its SHA-256, so a URL names one image forever. */
export const artworkKeyPattern = /^[0-9a-f]{32}$/;

export const artworkPath = (key: string, variant: ArtworkVariant) => `/media/artwork/${key}/${variant}`;

/** The generated cover's PNG, for unfurls of a campaign without artwork (networks do not read SVG). */
export const generatedCoverPath = (campaignId: string) => `/media/covers/${campaignId}.png`;

/** `srcset` of an uploaded artwork's square sizes. */
export const artworkSrcSet = (key: string) =>
  squareArtworkWidths.map((width) => `${artworkPath(key, `${width}.webp`)} ${width}w`).join(", ");

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 16777619) >>> 0;
  }
  return value;
}

/** Each genre its own colours; the song's title and artist choose the shade, the angle and the pattern. */
const genreHues: Record<string, number> = { pop: 320, "hip-hop": 28, electronic: 190, indie: 150, rock: 0 };

/** What the generated cover is drawn from: the wizard previews it before the campaign exists. */
export type CoverSeed = { title: string; artist_name: string; genre: string | null };

/**
 * A square cover drawn from the song's title, artist and genre: a gradient in the genre's colours with rings and a
 * sound-wave whose shapes come from the title, so two campaigns rarely look alike. Shapes only (no text), so it
 * renders the same in a browser and in the server's image library without fonts.
 */
export function generatedCoverSvg(campaign: CoverSeed): string {
  const name = `${campaign.title}\u0000${campaign.artist_name}`;
  const seed = hash(name);
  const pick = (shift: number, range: number) => (((seed >>> shift) ^ hash(`${shift}${name}`)) >>> 0) % range;
  const baseHue = genreHues[campaign.genre ?? ""] ?? 265;
  const hueA = (baseHue + pick(0, 40) - 20 + 360) % 360;
  const hueB = (hueA + 25 + pick(4, 45)) % 360;
  const angle = pick(8, 360);
  const rings = [0, 1, 2]
    .map((index) => {
      const cx = 60 + pick(index * 3 + 1, 480);
      const cy = 60 + pick(index * 3 + 2, 480);
      const r = 60 + pick(index * 5 + 3, 180);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.${14 + index * 4}" stroke-width="${10 + index * 8}"/>`;
    })
    .join("");
  const bars = Array.from({ length: 16 }, (_, index) => {
    const height = 30 + (hash(`${campaign.title}${index}`) % 150);
    return `<rect x="${76 + index * 29}" y="${470 - height}" width="17" height="${height}" rx="8" fill="#fff" fill-opacity="0.55"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600"><defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="hsl(${hueA},78%,48%)"/><stop offset="1" stop-color="hsl(${hueB},70%,34%)"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/>${rings}<rect y="380" width="600" height="220" fill="#000" fill-opacity="0.18"/>${bars}</svg>`;
}

/**
 * The generated cover as a data URL, for an `<img>` without a request: double quotes become single ones and only the
 * characters a URL cannot carry are escaped, which keeps it about half the size of a fully encoded one.
 */
export const generatedCoverDataUrl = (campaign: CoverSeed) =>
  `data:image/svg+xml,${generatedCoverSvg(campaign)
    .replace(/"/g, "'")
    .replace(/[%#<>{}]/g, (char) => encodeURIComponent(char))}`;
