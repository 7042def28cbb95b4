import { describe, expect, it } from "vitest";
import { songEmbed, songEmbedFrameHosts, songServiceName } from "./song-embeds.js";

describe("songEmbed", () => {
  it.each([
    [
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc123",
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
      152,
    ],
    [
      "https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC",
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
      152,
    ],
    [
      "https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3",
      "https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3",
      352,
    ],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", 315],
    ["https://youtu.be/dQw4w9WgXcQ?si=x", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", 315],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", 315],
    [
      "https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RD",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      315,
    ],
    [
      "https://soundcloud.com/forss/flickermood",
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&color=%237c3aed&visual=false",
      166,
    ],
    [
      "https://soundcloud.com/forss/sets/soulhack",
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack&color=%237c3aed&visual=false",
      300,
    ],
    [
      "https://bandcamp.com/EmbeddedPlayer/album=2572426483/size=large/bgcol=ffffff/linkcol=0687f5/",
      "https://bandcamp.com/EmbeddedPlayer/album=2572426483/size=large/bgcol=ffffff/linkcol=7c3aed/tracklist=false/artwork=small/transparent=true/",
      120,
    ],
    [
      "https://music.apple.com/us/album/blinding-lights/1499378108?i=1499378615",
      "https://embed.music.apple.com/us/album/blinding-lights/1499378108?i=1499378615",
      175,
    ],
    [
      "https://music.apple.com/gb/song/blinding-lights/1499378615",
      "https://embed.music.apple.com/gb/song/blinding-lights/1499378615",
      175,
    ],
    [
      "https://music.apple.com/us/album/after-hours/1499378108",
      "https://embed.music.apple.com/us/album/after-hours/1499378108",
      450,
    ],
    ["https://www.deezer.com/en/track/3135556", "https://widget.deezer.com/widget/auto/track/3135556", 152],
    ["https://www.deezer.com/album/302127", "https://widget.deezer.com/widget/auto/album/302127", 300],
    ["https://tidal.com/browse/track/77640617", "https://embed.tidal.com/tracks/77640617", 120],
    ["https://listen.tidal.com/album/77640614", "https://embed.tidal.com/albums/77640614", 400],
    ["https://tidal.com/track/77640617/u", "https://embed.tidal.com/tracks/77640617", 120],
  ])("%s plays in %s", (link, url, height) => {
    const embed = songEmbed(link);
    expect(embed?.url).toBe(url);
    expect(embed?.height).toBe(height);
    // Every player comes from a host the campaign page's CSP allows.
    expect(songEmbedFrameHosts.some((host) => url.startsWith(`${host}/`))).toBe(true);
  });

  it.each([
    "https://audiomack.com/artist/song/some-song",
    "https://music.amazon.com/albums/B08XYZ?trackAsin=B08ABC",
    "https://spotify.link/AbCdEf123",
    "https://on.soundcloud.com/abc123",
    "https://deezer.page.link/abc",
    "https://artist.bandcamp.com/track/some-song",
    "https://open.spotify.com/artist/1Xyo4u8uXC1ZmMpatF05PJ",
    "https://open.spotify.com/track/not-an-id",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://soundcloud.com/forss",
    "https://music.apple.com/us/artist/the-weeknd/479756766",
    "https://www.deezer.com/en/artist/27",
    "javascript:alert(1)",
    "not a link",
  ])("%s has no player", (link) => {
    expect(songEmbed(link)).toBeNull();
  });

  it("names the service for the Listen button", () => {
    expect(songServiceName("https://music.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("YouTube Music");
    expect(songServiceName("https://audiomack.com/a/song/b")).toBe("Audiomack");
    expect(songServiceName("https://example.com/x")).toBeNull();
  });
});
