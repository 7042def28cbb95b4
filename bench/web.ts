/**
 * `npm run bench:web`: the home page as a first-time visitor on a phone sees it. Starts the built server (production
 * mode, a temporary database with a few sandbox-funded campaigns), measures the JavaScript the home route loads in
 * Chromium (gzip size of each script), then runs Lighthouse with its default mobile emulation and throttling.
 * Targets: home JavaScript at most 150 KB gzipped, performance at least 90, accessibility at least 95.
 * The last line is one JSON object.
 */
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { harnessSettings } from "../src/server/config.js";
import { chromiumFlags } from "../src/server/testing/chromium.js";
import { startAppServer } from "../src/server/testing/server-process.js";

async function post(url: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { json: (await response.json()) as Record<string, unknown>, cookies };
}

/** A home page with content: six live campaigns funded through the sandbox. */
async function seedCampaigns(url: string) {
  const artist = await post(url, "/api/auth/sign-up/email", {
    email: "bench-artist@example.com",
    password: "bench password 123",
    first_name: "Bench",
    last_name: "Artist",
    user_type: "artist",
    artist_name: "Bench Band",
  });
  const titles = ["Midnight Drive", "Neon Hearts", "Quiet Storm", "Golden Hour", "City Lights", "Paper Planes"];
  for (const [index, title] of titles.entries()) {
    const created = await post(
      url,
      "/api/campaigns",
      {
        title,
        artist_name: "Bench Band",
        song_link: `https://open.spotify.com/track/bench${index}`,
        genre: ["pop", "indie", "rock", "electronic", "hip-hop", "pop"][index],
        prize_cents: (index + 1) * 100_00,
        duration_days: 7,
      },
      artist.cookies,
    );
    const id = (created.json.campaign as { id: string }).id;
    await post(url, `/api/campaigns/${id}/funding`, {}, artist.cookies);
    await post(
      url,
      `/api/campaigns/${id}/sandbox-payment`,
      { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      artist.cookies,
    );
  }
}

/** Gzip bytes of every script the home page loads for a signed-out visitor. */
async function homeScriptBytes(url: string, executablePath: string) {
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  try {
    const page = await browser.newPage();
    const scripts: Array<{ url: string; gzipBytes: number }> = [];
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ url: response.url().replace(url, ""), gzipBytes: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await Promise.all(pending);
    return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    await browser.close();
  }
}

const { chromiumPath } = harnessSettings();
const server = await startAppServer({
  NODE_ENV: "production",
  AUTH_SECRET: "bench-web-secret-0123456789-0123456789",
  LOG_LEVEL: "warn",
});
try {
  await seedCampaigns(server.url);
  const scripts = await homeScriptBytes(server.url, chromiumPath);
  const homeJsGzipKB = Math.round((scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024) * 10) / 10;
  for (const script of scripts) console.log(`home script ${(script.gzipBytes / 1024).toFixed(1)} KB gz ${script.url}`);

  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const result = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    for (const key of [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]) {
      console.log(`${key}: ${audits[key]?.displayValue ?? "n/a"}`);
    }
    for (const audit of Object.values(audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary") {
        console.log(`failed audit: ${audit.id}: ${audit.title}`);
      }
    }
    console.log(
      JSON.stringify({
        homeJsGzipKB,
        lighthouse: {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        },
      }),
    );
  } finally {
    chrome.kill();
  }
} finally {
  await server.stop();
}
