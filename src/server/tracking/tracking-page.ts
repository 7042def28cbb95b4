import { CONFIRM_EVENT } from "../../core/click-evidence.js";
import { escapeHtml } from "../../core/escape-html.js";
import { cspHash } from "../http/csp-hash.js";
import type { ClickChallenge } from "./click-challenges.js";

/**
 * The small server-rendered tracking page (no app bundle): SPEC.md's tracking states with the campaign's cover, Open
 * Graph tags that unfurl with it, and the redirect. No internal click id is shown (PRODUCT.md).
 */

export const REDIRECT_SECONDS = 3;

/**
 * The countdown is the same script on every page (it reads the song from the "go" link), so the page's CSP allows it by
 * hash: no per-request nonce to generate. The visit's confirmation is the page's other script's (`/visit.js`, built
 * from web/visit): it reads the token from the page. Without JavaScript the meta refresh redirects, and the visit stays
 * unconfirmed.
 */
const countdownScript = `(function(){var n=${REDIRECT_SECONDS},e=document.getElementById("n"),t=setInterval(function(){n--;if(n<=0){clearInterval(t);location.replace(document.getElementById("go").href);return}e.textContent=n+(n===1?" second":" seconds")},1000)})()`;

/**
 * A challenged visit's page solves ALTCHA's puzzle (the first number whose SHA-256 with the salt is the challenge),
 * sends the solution to /api/clicks/verify, hands the token it gets back to the page's script (`/visit.js`) to confirm
 * the visit as every other page does, then counts down to the song, saying no more than any other page about how the
 * visit was judged. The same script on every such page (the challenge is a JSON data block), allowed by hash. Given up after 20 s; without JavaScript (or Web Crypto) the visit does not count and the page's refresh leads
 * to the song.
 */
const solverScript = `(function(){function confirmVisit(token){var m=document.querySelector("main");if(!token||!m)return;m.setAttribute("data-confirm",token);document.dispatchEvent(new Event(${JSON.stringify(CONFIRM_EVENT)}))}var d=JSON.parse(document.getElementById("pow").textContent),h=document.getElementById("h"),s=document.getElementById("s"),m=document.getElementById("m"),go=document.getElementById("go").href,done=false;function finish(title,note){if(done)return;done=true;h.textContent=title;m.textContent=note;var n=${REDIRECT_SECONDS},t=setInterval(function(){n--;if(n<=0){clearInterval(t);location.replace(go);return}s.textContent="Redirecting in "+n+(n===1?" second":" seconds")+"..."},1000);s.textContent="Redirecting in "+n+" seconds..."}function fail(note){finish(d.doneTitle,note||d.failed)}setTimeout(function(){fail()},20000);if(!window.crypto||!crypto.subtle||!window.fetch){fail();return}var enc=new TextEncoder();function hex(b){var a=new Uint8Array(b),o="";for(var i=0;i<a.length;i++)o+=(a[i]<16?"0":"")+a[i].toString(16);return o}(async function(){for(var n=0;n<=d.maxnumber&&!done;n++){if(hex(await crypto.subtle.digest("SHA-256",enc.encode(d.salt+n)))!==d.challenge)continue;var r=await fetch("/api/clicks/verify",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({code:d.code,payload:btoa(JSON.stringify({algorithm:d.algorithm,challenge:d.challenge,number:n,salt:d.salt,signature:d.signature}))})});var j=await r.json().catch(function(){return{}});if(r.ok){confirmVisit(j.confirm);finish(d.doneTitle,d.done)}else fail(j.error&&j.error.message);return}fail()})().catch(function(){fail()})})()`;

/** The page's script, which confirms the visit (web/visit, served by tracking/routes.ts). */
export const VISIT_SCRIPT_PATH = "/visit.js";
/** Its file in the built web app (scripts/build-embeds.ts). */
export const VISIT_SCRIPT_FILE = "visit.js";
const visitScript = `<script src="${VISIT_SCRIPT_PATH}" async></script>`;

/** Every inline script a tracking page may run, for its CSP (with 'self' for the page's script). */
export const trackingScriptHashes = `${cspHash(countdownScript)} ${cspHash(solverScript)}`;

export type TrackingPage =
  | {
      kind: "redirect";
      note: string;
      title: string;
      artistName: string;
      songLink: string;
      /** The cover's image address (the artwork's small size, or the generated cover as a data URL). */
      cover: string;
      /** The unfurl image's path (the artwork's 1200×630 JPEG, or the generated cover's PNG). */
      ogImage: string;
      /** The path of the campaign's official rules. */
      rules: string;
      /**
       * The visit's confirmation token (click-confirmations.ts), which the page's script sends back: a counted visit's
       * names its click, every other one is a decoy of the same form.
       */
      confirm: string;
    }
  | {
      kind: "challenge";
      shortCode: string;
      challenge: ClickChallenge;
      note: string;
      title: string;
      artistName: string;
      songLink: string;
      cover: string;
      ogImage: string;
      rules: string;
    }
  | { kind: "error"; message: string };

/**
 * What every tracking page says, whatever the verdict (PRODUCT.md Fraud engine: the clicker is told nothing): a counted
 * visit, a repeat and a refused one get the same page but for their token. The promoter's dashboard says what counted.
 */
export const trackingTexts = {
  heading: "Thanks for listening!",
  note: "You're on your way to the song. Every visit helps the promoter who shared this link and supports independent music.",
} as const;

/** An ended campaign's link still plays the song; the fan learns that visits no longer count (its result is public). */
export const campaignEndedNote = "This campaign has ended, so visits no longer count. Enjoy the song!";
/** A paused campaign's link: public too, as the campaign page says so. */
export const campaignPausedNote = "This campaign isn't counting visits right now. Enjoy the song!";

/** What a challenged visit's page says while its browser solves the check (the one page that differs). */
export const challengeNote =
  "There's been a lot of traffic from your network, so your browser is doing a quick check. You're on your way to the song either way.";

/** What a challenged visit's page says once its check is done, or given up. */
export const challengeTexts = {
  doneTitle: trackingTexts.heading,
  done: trackingTexts.note,
  failed: "This visit won't count, but you're on your way to the song.",
} as const;

const styles = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f0a1e;color:#0f172a;padding:16px}
main{background:#fff;border-radius:20px;max-width:440px;width:100%;padding:32px;text-align:center;box-shadow:0 20px 50px rgba(0,0,0,.35)}
.brand{font-weight:800;font-size:18px;color:#6d28d9;margin:0 0 20px}h1{font-size:24px;margin:12px 0 8px}
.icon{width:56px;height:56px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:28px}
.err{background:#fee2e2;color:#b91c1c}
.song{font-weight:700;font-size:18px;margin:4px 0}.by{color:#475569;margin:0 0 16px}.note{font-size:14px;color:#334155;background:#f8fafc;border-radius:12px;padding:12px;margin:16px 0}
.count{font-weight:600;color:#6d28d9}.cover{display:block;width:160px;height:160px;object-fit:cover;border-radius:16px;margin:0 auto 12px;box-shadow:0 8px 24px rgba(15,10,30,.25)}
a.btn{display:inline-block;margin:6px;padding:10px 18px;border-radius:12px;font-weight:600;text-decoration:none}
.primary{background:#7c3aed;color:#fff}.rules{margin:12px 0 0;font-size:13px}.rules a{color:#475569}`;

/**
 * Where a visit's confirmation token goes. The attribute is written with a real quote, which no escaped value
 * on the page can contain, so its first occurrence is the slot.
 */
const CONFIRM_SLOT = `data-confirm="`;

/** The contest's official rules, under the page's button. */
const rulesLink = (path: string) => `<p class="rules"><a href="${escapeHtml(path)}">Official rules</a></p>`;

/** The whole page. `publicUrl` makes the unfurl image's address absolute, as networks require. */
function renderPage(page: TrackingPage, publicUrl: string): string {
  const head = (title: string, extra: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>${extra}<style>${styles}</style></head>`;

  if (page.kind === "error") {
    return `${head("Link Not Found · FanBoost", "")}<body><main><p class="brand">FanBoost</p>
<div class="icon err" aria-hidden="true">!</div><h1>Link Not Found</h1><p class="by">${escapeHtml(page.message)}</p>
<a class="btn primary" href="/join-campaign">Browse Campaigns</a></main></body></html>`;
  }

  const title = `${page.title} by ${page.artistName}`;
  const song = escapeHtml(page.songLink);
  const image = escapeHtml(`${publicUrl}${page.ogImage}`);
  const alt = escapeHtml(`Cover art for ${title}`);
  const refresh = `<meta http-equiv="refresh" content="${REDIRECT_SECONDS};url=${song}">`;
  const meta = `${page.kind === "challenge" ? `<noscript>${refresh}</noscript>` : refresh}
<meta name="description" content="${escapeHtml(`Listen to ${title} and support independent music on FanBoost.`)}">
<meta property="og:type" content="music.song"><meta property="og:site_name" content="FanBoost">
<meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(`${page.artistName} on FanBoost: listen now.`)}">
<meta property="og:image" content="${image}"><meta property="og:image:alt" content="${alt}">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="${escapeHtml(title)}">
<meta name="twitter:description" content="${escapeHtml(`${page.artistName} on FanBoost`)}"><meta name="twitter:image" content="${image}">`;
  const cover = `<img class="cover" src="${escapeHtml(page.cover)}" alt="${alt}" width="160" height="160">`;
  if (page.kind === "challenge") {
    // The data block is JSON inside a script element: "<" is escaped so no value can close it.
    const data = JSON.stringify({ ...page.challenge, code: page.shortCode, ...challengeTexts }).replace(
      /</g,
      "\\u003c",
    );
    return `${head(`${title} · FanBoost`, meta)}<body><main><p class="brand">FanBoost</p>${cover}
<h1 id="h">Checking your visit</h1><p class="song">${escapeHtml(page.title)}</p><p class="by">by ${escapeHtml(page.artistName)}</p>
<p class="count" id="s" aria-live="polite">One moment...</p>
<p class="note" id="m">${escapeHtml(page.note)}</p>
<noscript><p class="note">The check needs JavaScript: without it this visit won't count.</p></noscript>
<a class="btn primary" id="go" href="${song}">Go to the song now</a>${rulesLink(page.rules)}
</main><script type="application/json" id="pow">${data}</script><script>${solverScript}</script>${visitScript}</body></html>`;
  }

  // The token is empty here: each visit's own is put in its slot (`createTrackingPageRenderer`).
  return `${head(`${title} · FanBoost`, meta)}<body><main ${CONFIRM_SLOT}"><p class="brand">FanBoost</p>${cover}
<h1>${trackingTexts.heading}</h1><p class="song">${escapeHtml(page.title)}</p><p class="by">by ${escapeHtml(page.artistName)}</p>
<p class="count" aria-live="polite">Redirecting in <span id="n">${REDIRECT_SECONDS} seconds</span>...</p>
<p class="note">${escapeHtml(page.note)}</p>
<a class="btn primary" id="go" href="${song}">Go to the song now</a>${rulesLink(page.rules)}
</main><script>${countdownScript}</script>${visitScript}</body></html>`;
}

type EncodedPage = {
  page: TrackingPage;
  bytes: Buffer<ArrayBuffer>;
  /** The offset of the confirmation token (just inside the slot's quotes). */
  slot: number;
};

const samePage = (a: TrackingPage, b: TrackingPage) => {
  if (a.kind === "error" || b.kind === "error")
    return a.kind === "error" && b.kind === "error" && a.message === b.message;
  if (a.kind === "challenge" || b.kind === "challenge") return false;
  return (
    a.note === b.note &&
    a.title === b.title &&
    a.artistName === b.artistName &&
    a.songLink === b.songLink &&
    a.cover === b.cover &&
    a.ogImage === b.ogImage &&
    a.rules === b.rules
  );
};

/**
 * Renders tracking pages as UTF-8 bytes, keeping the most recent ones encoded: a viral link shows the same page
 * thousands of times a second, so a response costs a lookup (and a counted visit's a copy with its token), not an
 * encoding. Pages are filed under their song link
 * or message, strings the link cache hands out again and again, so finding one costs no new key.
 */
export function createTrackingPageRenderer(options: { publicUrl: string; maxPages?: number }) {
  const maxPages = options.maxPages ?? 1_000;
  const pages = new Map<string, EncodedPage[]>();
  let count = 0;
  return (page: TrackingPage): Buffer<ArrayBuffer> => {
    // Each challenge is new: its page is rendered for it alone.
    if (page.kind === "challenge") return Buffer.from(renderPage(page, options.publicUrl));
    const key = page.kind === "error" ? page.message : page.songLink;
    let filed = pages.get(key);
    let encoded = filed?.find((entry) => samePage(entry.page, page));
    if (!encoded) {
      if (count >= maxPages) {
        pages.clear();
        count = 0;
      }
      const bytes = Buffer.from(renderPage(page, options.publicUrl));
      encoded = { page, bytes, slot: bytes.indexOf(CONFIRM_SLOT) + CONFIRM_SLOT.length };
      filed = pages.get(key) ?? [];
      filed.push(encoded);
      pages.set(key, filed);
      count++;
    }
    if (page.kind !== "redirect") return encoded.bytes;
    const { bytes, slot } = encoded;
    return Buffer.concat([bytes.subarray(0, slot), Buffer.from(page.confirm, "latin1"), bytes.subarray(slot)]);
  };
}
