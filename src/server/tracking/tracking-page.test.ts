import { describe, expect, it } from "vitest";
import { createTrackingPageRenderer, type TrackingPage } from "./tracking-page";

const song = {
  kind: "redirect" as const,
  note: "Thanks.",
  confirm: "",
  title: "Night Drive",
  artistName: "Luna Ray",
  songLink: "https://open.spotify.com/track/abc",
  cover: "/media/artwork/0123456789abcdef0123456789abcdef/320.webp",
  ogImage: "/media/artwork/0123456789abcdef0123456789abcdef/og.jpg",
  rules: "/campaigns/4b0e1c8a-3f2d-4f6e-9a1b-2c3d4e5f6a7b/rules",
};
const publicUrl = "https://fans.example";

describe("tracking page renderer", () => {
  it("shows the cover, unfurls with the artwork's absolute address, and shows no internal click id", () => {
    const html = createTrackingPageRenderer({ publicUrl })(song).toString();
    expect(html).toContain(`<img class="cover" src="${song.cover}" alt="Cover art for Night Drive by Luna Ray"`);
    expect(html).toContain(`<meta property="og:image" content="https://fans.example${song.ogImage}">`);
    expect(html).toContain(`<meta name="twitter:image" content="https://fans.example${song.ogImage}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toMatch(/click id/i);
    expect(html).toContain(`<a href="${song.rules}">Official rules</a>`);
  });

  it("offers Browse Campaigns on 'Link Not Found', and no Try Again that would repeat the same failure", () => {
    const html = createTrackingPageRenderer({ publicUrl })({ kind: "error", message: "Tracking link not found" });
    expect(html.toString()).toContain("Link Not Found");
    expect(html.toString()).toContain("Browse Campaigns");
    expect(html.toString()).not.toContain("Try Again");
  });

  it("never hands one page's bytes to another page filed under the same song link", () => {
    const render = createTrackingPageRenderer({ publicUrl });
    const variants: TrackingPage[] = [
      song,
      { ...song, title: "Night Drive (Remix)" },
      { ...song, artistName: "Luna Ray & Co" },
      { ...song, note: "Ended." },
      { ...song, cover: "data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E", ogImage: "/media/covers/x.png" },
      { ...song, rules: "/campaigns/5c1f2d9b-4e3a-4a7f-8b2c-3d4e5f6a7b8c/rules" },
      { kind: "error", message: "Tracking link not found" },
      { kind: "error", message: "Campaign is not available" },
    ];
    const pages = variants.map((page) => render(page).toString());
    expect(new Set(pages).size).toBe(variants.length);
    expect(pages[3]).toContain("Ended.");
    expect(variants.map((page) => render(page).toString())).toEqual(pages);
    expect(pages[1]).toContain("Night Drive (Remix)");
    expect(pages[2]).toContain("Luna Ray &amp; Co");
    expect(pages[4]).toContain("/media/covers/x.png");
    expect(pages[5]).toContain("/campaigns/5c1f2d9b-4e3a-4a7f-8b2c-3d4e5f6a7b8c/rules");
    expect(pages[7]).toContain("Campaign is not available");
  });

  it("puts each visit's own token in the page, and nothing else differs between two visits", () => {
    const render = createTrackingPageRenderer({ publicUrl });
    const first = render({ ...song, confirm: "A".repeat(22) }).toString();
    const second = render({ ...song, confirm: "B".repeat(22) }).toString();
    expect(first).toContain(`data-confirm="${"A".repeat(22)}"`);
    expect(second.replace("B".repeat(22), "A".repeat(22))).toBe(first);
  });

  it("encodes non-ASCII text as UTF-8 and keeps rendering correctly once its cache is full", () => {
    const render = createTrackingPageRenderer({ publicUrl, maxPages: 2 });
    for (const title of ["Été", "Ünïcode ✓", "第三"]) {
      expect(render({ ...song, title }).toString("utf8")).toContain(title);
    }
  });
});
