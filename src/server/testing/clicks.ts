import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type PageEvidence, VISIT_KEY_PLACEHOLDER, visitProofInput } from "../../core/click-evidence.js";
import { type Database, queryRows } from "../db/client.js";
import { VISIT_SCRIPT_FILE, VISIT_SCRIPT_PATH } from "../tracking/tracking-page.js";
import type { TestClient } from "./test-app.js";

export const browserUa =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** The client hints that Chrome of `browserUa` sends with it (without them its request contradicts itself). */
export const browserHints = {
  "Sec-CH-UA": '"Chromium";v="140", "Google Chrome";v="140", "Not.A/Brand";v="99"',
  "Sec-CH-UA-Mobile": "?0",
  "Sec-CH-UA-Platform": '"Linux"',
} as const;

/** Counters always equal the counted events behind them. */
export async function expectCountersConsistent(db: Database) {
  const [row] = await queryRows<{ bad_links: string; bad_promoters: string; bad_campaigns: string }>(
    db,
    sql`select
      (select count(*) from tracking_links tl where tl.total_clicks <> (select count(*) from click_events e where e.tracking_link_id = tl.id and e.verdict = 'counted')) as bad_links,
      (select count(*) from promoters p where p.total_clicks_all_time <> (select count(*) from click_events e where e.promoter_id = p.id and e.verdict = 'counted')) as bad_promoters,
      (select count(*) from campaigns c where c.total_clicks <> (select count(*) from click_events e where e.campaign_id = c.id and e.verdict = 'counted')) as bad_campaigns`,
  );
  expect([row?.bad_links, row?.bad_promoters, row?.bad_campaigns].map(Number)).toEqual([0, 0, 0]);
}

/**
 * A tracking request in process, from `ip` (random otherwise) with a browser's user agent and its client hints unless
 * `ua` says else.
 */
export const clickAs = (
  t: TestClient,
  path: string,
  init: { ip?: string; ua?: string | null; method?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  t.request(path, {
    method: init.method ?? "GET",
    ip: init.ip,
    cookie: init.cookie,
    headers: {
      ...(init.ua === null ? {} : { "User-Agent": init.ua ?? browserUa }),
      ...((init.ua ?? browserUa) === browserUa ? browserHints : {}),
      ...init.headers,
    },
  });

/** A link's counted clicks, as its counter says. */
export async function linkClicks(db: Database, shortCode: string) {
  const [row] = await queryRows<{ total_clicks: number }>(
    db,
    sql`select total_clicks from tracking_links where short_code = ${shortCode}`,
  );
  return Number(row?.total_clicks);
}

/** The verdicts stored for a link's clicks, sorted. */
export async function linkVerdicts(db: Database, shortCode: string) {
  const rows = await queryRows<{ verdict: string }>(
    db,
    sql`select e.verdict from click_events e join tracking_links tl on tl.id = e.tracking_link_id
        where tl.short_code = ${shortCode} order by e.verdict`,
  );
  return rows.map((row) => row.verdict);
}

/**
 * A built web app holding only the tracking page's script, as far as the server reads it: the day's key in place of
 * the placeholder. For the tests that confirm visits as the page's script does (`confirmAsPage`).
 */
export function visitScriptRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "fanboost-visit-"));
  writeFileSync(join(root, VISIT_SCRIPT_FILE), `var key="${VISIT_KEY_PLACEHOLDER}";`);
  return root;
}

/** What an ordinary desktop browser's page finds. */
export const honestPageEvidence: PageEvidence = {
  bot: null,
  webdriver: false,
  mobile: false,
  platform: "Linux",
  screen: "1920x1080 1280x720",
  timezone: "America/New_York",
  languages: "en-US,en",
};

/** The key in the page's script: the first 32 hexadecimal digits in quotes, as a cheater's script would find it. */
export const visitKeyIn = (script: string) => /["'`]([0-9a-f]{32})["'`]/.exec(script)?.[1];

/**
 * Confirms a visit from `ip` as the page's script does: the key read from the script the server serves (the app must
 * be built on `visitScriptRoot`), the evidence, and its proof.
 */
export async function confirmAsPage(t: TestClient, token: string, ip: string, evidence = honestPageEvidence) {
  const script = await (await t.request(VISIT_SCRIPT_PATH, { ip })).text();
  const key = visitKeyIn(script);
  if (!key) throw new Error(`The served page's script holds no key: ${script.slice(0, 80)}`);
  const sent = JSON.stringify(evidence);
  const proof = createHash("sha256")
    .update(visitProofInput(token, key, sent))
    .digest("hex");
  return t.request("/api/clicks/confirm", { method: "POST", json: { token, evidence: sent, proof }, ip });
}
