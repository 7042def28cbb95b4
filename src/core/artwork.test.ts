import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { artworkSrcSet, generatedCoverDataUrl, generatedCoverSvg } from "./artwork";

describe("generated cover", () => {
  it("draws only shapes inside the canvas, whatever the title", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.option(fc.constantFrom("pop", "rock", "indie", "jazz")),
        (title, artist, genre) => {
          const svg = generatedCoverSvg({ title, artist_name: artist, genre });
          expect(svg).not.toMatch(/="-/);
          expect(svg).not.toContain("<text");
          for (const [, value] of svg.matchAll(/ (?:cx|cy|r|x|y|height)="(\d+)"/g)) {
            expect(Number(value)).toBeLessThanOrEqual(600);
          }
        },
      ),
    );
  });

  it("differs between songs, is the same for the same song, and takes the genre's colours", () => {
    const song = { title: "Midnight Drive", artist_name: "Nova Lights", genre: "pop" };
    expect(generatedCoverSvg(song)).toBe(generatedCoverSvg({ ...song }));
    expect(generatedCoverSvg({ ...song, title: "Midnight Drive II" })).not.toBe(generatedCoverSvg(song));
    expect(generatedCoverSvg({ ...song, artist_name: "Other" })).not.toBe(generatedCoverSvg(song));
    const hue = (svg: string) => Number(/hsl\((\d+),/.exec(svg)?.[1]);
    const rock = hue(generatedCoverSvg({ ...song, genre: "rock" }));
    const electronic = hue(generatedCoverSvg({ ...song, genre: "electronic" }));
    expect(Math.abs(rock - electronic)).toBeGreaterThan(60);
  });

  it("fits in a data URL with no character a URL cannot carry", () => {
    const url = generatedCoverDataUrl({ title: 'A "quoted" #1 <song>', artist_name: "Me", genre: null });
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(url).not.toMatch(/["#<>]/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toContain("<svg");
  });

  it("lists the artwork's square sizes for srcset", () => {
    expect(artworkSrcSet("0123456789abcdef0123456789abcdef")).toBe(
      "/media/artwork/0123456789abcdef0123456789abcdef/320.webp 320w, /media/artwork/0123456789abcdef0123456789abcdef/640.webp 640w, /media/artwork/0123456789abcdef0123456789abcdef/1200.webp 1200w",
    );
  });
});
