import { describe, expect, it } from "vitest";
import { createTrackingPageRenderer, type TrackingPage } from "./tracking-page";

const song = {
  kind: "redirect" as const,
  state: "counted" as const,
  note: "Counted.",
  title: "Night Drive",
  artistName: "Luna Ray",
  songLink: "https://open.spotify.com/track/abc",
};

describe("tracking page renderer", () => {
  it("puts each counted click's own id into the cached page, and none into a page without one", () => {
    const render = createTrackingPageRenderer();
    const first = render({ ...song, clickId: 41 }).toString();
    const second = render({ ...song, clickId: 42 }).toString();
    expect(first).toContain("Click ID: 41");
    expect(second).toContain("Click ID: 42");
    expect(second.replace("42", "41")).toBe(first);
    expect(render(song).toString()).not.toContain("Click ID");
  });

  it("never hands one page's bytes to another page filed under the same song link", () => {
    const render = createTrackingPageRenderer();
    const variants: TrackingPage[] = [
      song,
      { ...song, title: "Night Drive (Remix)" },
      { ...song, artistName: "Luna Ray & Co" },
      { ...song, state: "already", note: "Already." },
      { kind: "error", message: "Tracking link not found" },
      { kind: "error", message: "Campaign is not available" },
    ];
    const pages = variants.map((page) => render(page).toString());
    expect(new Set(pages).size).toBe(variants.length);
    expect(variants.map((page) => render(page).toString())).toEqual(pages);
    expect(pages[1]).toContain("Night Drive (Remix)");
    expect(pages[2]).toContain("Luna Ray &amp; Co");
    expect(pages[5]).toContain("Campaign is not available");
  });

  it("encodes non-ASCII text as UTF-8 and keeps rendering correctly once its cache is full", () => {
    const render = createTrackingPageRenderer({ maxPages: 2 });
    for (const title of ["Été", "Ünïcode ✓", "第三"]) {
      const bytes = render({ ...song, title, clickId: 7 });
      expect(bytes.toString("utf8")).toContain(title);
      expect(bytes.toString("utf8")).toContain("Click ID: 7");
    }
  });
});
