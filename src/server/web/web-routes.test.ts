import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artworkApi } from "../../core/api/artwork";
import { campaignsApi } from "../../core/api/campaigns";
import { documentTitle, publicPageMeta } from "../../core/page-meta";
import { signUp } from "../testing/accounts";
import { createDraft, createLiveCampaign, joinAs } from "../testing/campaigns";
import { okRoute } from "../testing/contract-call";
import { makeAdmin } from "../testing/payouts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { webRoutes } from "./routes";

// A built index.html in miniature: default tags to be replaced, and enough text to be worth compressing.
const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>FanBoost</title>
<meta name="description" content="default" />
<meta property="og:title" content="default" />
<meta property="og:description" content="default" />
<meta name="twitter:card" content="default" />
${"<!-- padding to be worth compressing -->\n".repeat(20)}</head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "fanboost-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), indexHtml);
  writeFileSync(join(webRoot, "assets", "main.js"), "console.log(1)");
  t = await createTestApp({ webRoot });
});
afterAll(() => t?.close());

const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[1];
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe("public pages' title, description and preview tags in the served HTML", () => {
  it.each(Object.entries(publicPageMeta))("%s has its own tags, once each", async (path, meta) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    const title = documentTitle(meta.title);
    const url = `${TEST_ORIGIN}${path}`;
    expect(tag(html, /<title>([^<]*)<\/title>/)).toBe(title);
    expect(tag(html, /<meta name="description" content="([^"]*)"/)).toBe(meta.description);
    expect(tag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(tag(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(tag(html, /<meta property="og:description" content="([^"]*)"/)).toBe(meta.description);
    expect(tag(html, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(tag(html, /<meta property="og:type" content="([^"]*)"/)).toBe("website");
    expect(tag(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe("summary");
    expect(tag(html, /<meta name="twitter:title" content="([^"]*)"/)).toBe(title);
    expect(tag(html, /<meta name="twitter:description" content="([^"]*)"/)).toBe(meta.description);
    for (const once of [/<title>/g, /name="description"/g, /property="og:title"/g, /name="twitter:card"/g]) {
      expect(count(html, once), String(once)).toBe(1);
    }
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it("gives the home page the site's own title and the other pages 'Page · FanBoost'", async () => {
    const home = await (await t.request("/")).text();
    expect(tag(home, /<title>([^<]*)<\/title>/)).toBe(publicPageMeta["/"].title);
    const pricing = await (await t.request("/pricing")).text();
    expect(tag(pricing, /<title>([^<]*)<\/title>/)).toBe(`${publicPageMeta["/pricing"].title} · FanBoost`);
  });

  it("finds the page with a trailing slash, answers HEAD, and leaves other routes on the default tags", async () => {
    expect(tag(await (await t.request("/pricing/")).text(), /<title>([^<]*)<\/title>/)).toBe("Pricing · FanBoost");
    const head = await t.request("/help", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const earnings = await t.request("/earnings");
    expect(earnings.status).toBe(200);
    expect(await earnings.text()).toBe(indexHtml);
    const unknown = await t.request("/no-such-page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(indexHtml);
  });

  it("serves each page's precomputed gzip and brotli forms, with its own ETag and 304 on a match", async () => {
    const plain = await (await t.request("/contact", { headers: { "Accept-Encoding": "identity" } })).text();
    const brotli = await t.request("/contact", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(plain);
    const gzip = await t.request("/contact", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(gzip.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzip.headers.get("cache-control")).toBe("no-cache");

    const etag = gzip.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect((await t.request("/terms")).headers.get("etag")).not.toBe(etag);
    const revalidated = await t.request("/contact", { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
  });
});

describe("escaping", () => {
  it("escapes titles, descriptions and the address it writes into the HTML", async () => {
    const app = webRoutes(webRoot, "https://fans.example/a&b", {
      pages: { "/": { title: `Songs & "hits" <3`, description: `It's <b>bold</b> & "quoted"` } },
    });
    const html = await (await app.request("/")).text();
    expect(html).toContain("<title>Songs &amp; &quot;hits&quot; &lt;3 · FanBoost</title>");
    expect(html).toContain(
      '<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" />',
    );
    expect(html).toContain('<meta property="og:title" content="Songs &amp; &quot;hits&quot; &lt;3 · FanBoost" />');
    expect(html).toContain('<meta property="og:url" content="https://fans.example/a&amp;b/" />');
    expect(html).toContain('<link rel="canonical" href="https://fans.example/a&amp;b/" />');
    expect(html).not.toContain("<b>");
    expect(html).not.toContain('"hits"');

    // Replacement patterns in a title are text: "$&" does not paste the matched markup back in.
    const patterned = webRoutes(webRoot, "https://fans.example", {
      pages: { "/": { title: "Cash $& prizes $$ $' $`", description: "Win $1" } },
    });
    const patternedHtml = await (await patterned.request("/")).text();
    expect(patternedHtml).toContain("<title>Cash $&amp; prizes $$ $&#39; $` · FanBoost</title>");
    expect(count(patternedHtml, /<\/head>/g)).toBe(1);
  });
});

describe("a campaign's page", () => {
  it("is served with the campaign's title, the artist's words and its cover as the unfurl image", async () => {
    const artist = await signUp(t, "artist");
    const description = `A late-night drive through a neon city. ${'Synths & "strings". '.repeat(12)}`;
    const id = await createLiveCampaign(t, artist, { description, genre: "electronic" });
    const response = await t.request(`/campaigns/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = "Midnight Drive by Nova Lights · FanBoost";
    expect(tag(html, /<title>([^<]*)<\/title>/)).toBe(title);
    expect(tag(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    const shown = tag(html, /<meta name="description" content="([^"]*)"/) ?? "";
    expect(shown.startsWith("A late-night drive through a neon city. Synths &amp; &quot;strings&quot;.")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(tag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${TEST_ORIGIN}/campaigns/${id}`);
    expect(tag(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${TEST_ORIGIN}/media/covers/${id}.png`);
    expect(tag(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(`${TEST_ORIGIN}/media/covers/${id}.png`);
    expect(tag(html, /<meta property="og:image:alt" content="([^"]*)"/)).toBe(
      "Cover art for Midnight Drive by Nova Lights",
    );
    expect(tag(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe("summary_large_image");
    expect(count(html, /property="og:image"/g)).toBe(1);
    // Tools that unfurl links find the live board's oEmbed answer.
    expect(tag(html, /<link rel="alternate" type="application\/json\+oembed" href="([^"]*)"/)).toBe(
      `${TEST_ORIGIN}/api/oembed?url=${encodeURIComponent(`${TEST_ORIGIN}/campaigns/${id}`)}&amp;format=json`,
    );

    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const { artwork } = await okRoute(t, artworkApi.upload, {
      cookie: artist.cookie,
      body: new Blob([new Uint8Array(png)], { type: "image/png" }),
    });
    const withArt = await createLiveCampaign(t, artist, { title: "Cover Story", artwork_key: artwork.key });
    const artHtml = await (await t.request(`/campaigns/${withArt}`)).text();
    expect(tag(artHtml, /<meta property="og:image" content="([^"]*)"/)).toBe(
      `${TEST_ORIGIN}/media/artwork/${artwork.key}/og.jpg`,
    );
    expect(tag(artHtml, /<meta name="description" content="([^"]*)"/)).toBe(
      "Share &quot;Cover Story&quot; by Nova Lights and compete for the $100 prize on FanBoost.",
    );
  });

  it("answers 404 without the campaign's tags for a draft or an unknown campaign, 200 to the draft's artist, and leads old links to the page", async () => {
    const artist = await signUp(t, "artist");
    const draftId = await createDraft(t, artist);
    for (const path of [`/campaigns/${draftId}`, "/campaigns/00000000-0000-4000-8000-000000000000"]) {
      const response = await t.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(indexHtml);
    }
    // The draft's page opens for its artist and for an admin, still without preview tags; for nobody else.
    const admin = await signUp(t, "promoter");
    await makeAdmin(t, admin);
    for (const viewer of [artist, admin]) {
      const own = await t.request(`/campaigns/${draftId}`, { cookie: viewer.cookie });
      expect(own.status).toBe(200);
      expect(await own.text()).toBe(indexHtml);
    }
    const stranger = await signUp(t, "artist");
    expect((await t.request(`/campaigns/${draftId}`, { cookie: stranger.cookie })).status).toBe(404);
    const legacy = await t.request(`/join-campaign?campaign=${draftId.toUpperCase()}`);
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe(`/campaigns/${draftId}`);
    expect((await t.request("/join-campaign?campaign=nonsense")).status).toBe(200);
  });

  it("gives its page's API the artist's words, the song and the viewer's own link", async () => {
    const artist = await signUp(t, "artist");
    const promoter = await signUp(t, "promoter");
    const id = await createLiveCampaign(t, artist, { description: "Made in one night." });
    const shortCode = await joinAs(t, promoter, id);
    const view = (cookie?: string) => okRoute(t, campaignsApi.detail, { params: { id }, cookie });
    const asPromoter = await view(promoter.cookie);
    expect(asPromoter.campaign).toMatchObject({
      description: "Made in one night.",
      song_link: "https://open.spotify.com/track/abc123",
      is_own: false,
      my_link: { short_code: shortCode, total_clicks: 0 },
    });
    const asArtist = await view(artist.cookie);
    expect(asArtist.campaign).toMatchObject({ is_own: true, my_link: null });
    const asVisitor = await view();
    expect(asVisitor.campaign).toMatchObject({ is_own: false, my_link: null });
  });
});
