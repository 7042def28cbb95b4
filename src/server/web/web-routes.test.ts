import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPageMeta } from "../../core/page-meta";
import { createTestApp, type TestApp } from "../testing/test-app";
import { withPageMeta } from "./page-meta";

const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>FanBoost</title>
<meta name="description" content="default" />
<meta property="og:title" content="default" />
</head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), "fanboost-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), indexHtml);
  writeFileSync(join(webRoot, "assets", "main.js"), "console.log(1)");
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe("public pages' meta tags", () => {
  it("gives every public page its own title, description and preview tags in the HTML", async () => {
    for (const [path, meta] of Object.entries(publicPageMeta)) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const expectedTitle = path === "/" ? meta.title : `${meta.title} · FanBoost`;
      expect(tag(html, /<title>([^<]*)<\/title>/), path).toBe(expectedTitle);
      expect(tag(html, /<meta name="description" content="([^"]*)"/), path).toBe(meta.description);
      expect(tag(html, /<meta property="og:title" content="([^"]*)"/), path).toBe(expectedTitle);
      expect(tag(html, /<meta property="og:description" content="([^"]*)"/), path).toBe(meta.description);
      expect(tag(html, /<meta property="og:url" content="([^"]*)"/), path).toBe(
        `http://localhost:3000${path === "/" ? "" : path}`,
      );
      expect(tag(html, /<meta name="twitter:card" content="([^"]*)"/), path).toBe("summary");
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html.match(/property="og:title"/g), path).toHaveLength(1);
      expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
    }
  });

  it("keeps the default tags on other client routes and a trailing slash finds the page", async () => {
    expect(await (await t.request("/earnings")).text()).toContain("<title>FanBoost</title>");
    expect(await (await t.request("/pricing/")).text()).toContain("<title>Pricing · FanBoost</title>");
  });

  it("escapes what it writes into the HTML", () => {
    const html = withPageMeta(
      indexHtml,
      { title: 'Songs & "hits" <3', description: "a < b" },
      "https://x.test/p?q=1&r=2",
    );
    expect(html).toContain("<title>Songs &amp; &quot;hits&quot; &lt;3 · FanBoost</title>");
    expect(html).toContain('content="a &lt; b"');
    expect(html).toContain('href="https://x.test/p?q=1&amp;r=2"');
  });
});
