/**
 * The music service's own player for a song link, where the service offers one and the link says which song: the
 * campaign page loads it only when the visitor presses Play. Links it cannot place (short links, Audiomack, Amazon
 * Music, a Bandcamp page whose numeric id is not in the link) get a plain Listen button instead.
 */

export type SongEmbed = {
  service: "Spotify" | "YouTube" | "SoundCloud" | "Bandcamp" | "Apple Music" | "Deezer" | "Tidal";
  url: string;
  /** The frame's height in CSS pixels (YouTube's is a 16:9 box instead). */
  height: number;
  /** A video player, shown 16:9. */
  video: boolean;
};

/** The hosts the players above load from: the app's CSP allows frames from these alone (besides Stripe's). */
export const songEmbedFrameHosts = [
  "https://open.spotify.com",
  "https://www.youtube-nocookie.com",
  "https://w.soundcloud.com",
  "https://bandcamp.com",
  "https://embed.music.apple.com",
  "https://widget.deezer.com",
  "https://embed.tidal.com",
] as const;

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const numericId = /^\d{1,20}$/;
const spotifyId = /^[A-Za-z0-9]{22}$/;

function spotify(url: URL): SongEmbed | null {
  // /track/{id}, /intl-de/track/{id}, /album/{id}, /playlist/{id}
  const parts = url.pathname.split("/").filter(Boolean);
  const start = parts[0]?.startsWith("intl-") ? 1 : 0;
  const [kind, id] = [parts[start], parts[start + 1]];
  if (!kind || !id || !spotifyId.test(id) || !["track", "album", "playlist", "episode"].includes(kind)) return null;
  return {
    service: "Spotify",
    url: `https://open.spotify.com/embed/${kind}/${id}`,
    height: kind === "track" || kind === "episode" ? 152 : 352,
    video: false,
  };
}

function youtube(url: URL, host: string): SongEmbed | null {
  const parts = url.pathname.split("/").filter(Boolean);
  const id =
    host === "youtu.be"
      ? parts[0]
      : parts[0] === "watch"
        ? url.searchParams.get("v")
        : parts[0] === "shorts" || parts[0] === "embed" || parts[0] === "live"
          ? parts[1]
          : undefined;
  if (!id || !youtubeId.test(id)) return null;
  return { service: "YouTube", url: `https://www.youtube-nocookie.com/embed/${id}`, height: 315, video: true };
}

function soundcloud(url: URL): SongEmbed | null {
  // soundcloud.com/{artist}/{track} or /{artist}/sets/{playlist}; the widget takes the page's address.
  const parts = url.pathname.split("/").filter(Boolean);
  if (parts.length < 2 || parts.length > 3 || (parts.length === 3 && parts[1] !== "sets")) return null;
  const page = `https://soundcloud.com/${parts.join("/")}`;
  return {
    service: "SoundCloud",
    url: `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}&color=%237c3aed&visual=false`,
    height: parts.length === 3 ? 300 : 166,
    video: false,
  };
}

function bandcamp(url: URL, host: string): SongEmbed | null {
  // Bandcamp's player needs the numeric id its Share / Embed dialog puts in an EmbeddedPlayer link.
  if (host !== "bandcamp.com") return null;
  const match = /^\/EmbeddedPlayer\/(?:v=2\/)?(album|track)=(\d{1,20})(?:\/|$)/.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  return {
    service: "Bandcamp",
    url: `https://bandcamp.com/EmbeddedPlayer/${kind}=${id}/size=large/bgcol=ffffff/linkcol=7c3aed/tracklist=false/artwork=small/transparent=true/`,
    height: 120,
    video: false,
  };
}

function appleMusic(url: URL): SongEmbed | null {
  // /{country}/album/{name}/{id}[?i={song}] or /{country}/song/{name}/{id}
  const match = /^\/([a-z]{2})\/(album|song|playlist)\/([^/]+)\/([A-Za-z0-9.]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, country, kind, name, id] = match;
  const song = url.searchParams.get("i");
  const single = kind === "song" || (song !== null && numericId.test(song));
  return {
    service: "Apple Music",
    url: `https://embed.music.apple.com/${country}/${kind}/${name}/${id}${kind === "album" && single ? `?i=${song}` : ""}`,
    height: single ? 175 : 450,
    video: false,
  };
}

function deezer(url: URL): SongEmbed | null {
  // /track/{id}, /en/track/{id}, /album/{id}, /playlist/{id}
  const match = /^\/(?:[a-z]{2}\/)?(track|album|playlist)\/(\d{1,20})\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  return {
    service: "Deezer",
    url: `https://widget.deezer.com/widget/auto/${kind}/${id}`,
    height: kind === "track" ? 152 : 300,
    video: false,
  };
}

function tidal(url: URL): SongEmbed | null {
  // tidal.com/track/{id}, tidal.com/browse/track/{id}, listen.tidal.com/album/{id}
  const match = /^\/(?:browse\/)?(track|album)\/(\d{1,20})(?:\/u)?\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, kind, id] = match;
  return {
    service: "Tidal",
    url: `https://embed.tidal.com/${kind}s/${id}`,
    height: kind === "track" ? 120 : 400,
    video: false,
  };
}

/** The player for a song link, or null when there is none to show. */
export function songEmbed(songLink: string): SongEmbed | null {
  let url: URL;
  try {
    url = new URL(songLink);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  if (host === "open.spotify.com") return spotify(url);
  if (host === "youtube.com" || host === "youtu.be" || host === "music.youtube.com") return youtube(url, host);
  if (host === "soundcloud.com") return soundcloud(url);
  if (host === "bandcamp.com" || host.endsWith(".bandcamp.com")) return bandcamp(url, host);
  if (host === "music.apple.com") return appleMusic(url);
  if (host === "deezer.com") return deezer(url);
  if (host === "tidal.com" || host === "listen.tidal.com") return tidal(url);
  return null;
}

/** The music service a song link leads to, for the Listen button. */
export function songServiceName(songLink: string): string | null {
  let host: string;
  try {
    host = new URL(songLink).hostname.toLowerCase().replace(/^(www|m)\./, "");
  } catch {
    return null;
  }
  const names: [string, string][] = [
    ["spotify", "Spotify"],
    ["music.youtube.com", "YouTube Music"],
    ["youtu", "YouTube"],
    ["soundcloud", "SoundCloud"],
    ["bandcamp", "Bandcamp"],
    ["music.apple.com", "Apple Music"],
    ["deezer", "Deezer"],
    ["tidal", "Tidal"],
    ["audiomack", "Audiomack"],
    ["amazon", "Amazon Music"],
  ];
  return names.find(([part]) => host.includes(part))?.[1] ?? null;
}
