import type { EmbedBoard } from "../../core/api/embeds.js";
import { embedBoardMarkup } from "../../core/embed-board.js";
import type { EmbedTheme } from "../../core/embeds.js";
import { escapeHtml } from "../../core/escape-html.js";
import { cspHash } from "../http/csp-hash.js";

/** The frame's script, built from src/web/embed/frame.ts into dist/web/embed/frame.js. */
export const EMBED_FRAME_SCRIPT = "/embed/frame.js";

/**
 * The board's look: light by default, dark when asked (`?theme=dark`) or, with `auto`, when the visitor's system is.
 * Contrast meets WCAG AA in both (body text at least 4.5:1, the medals' digits too).
 */
const palette = {
  light:
    "--bg:#fff;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--row:#f8fafc;--accent:#6d28d9;--accent-fg:#fff;--lead:#92400e",
  dark: "--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#334155;--row:#1e293b;--accent:#c4b5fd;--accent-fg:#1e1b4b;--lead:#fcd34d",
};

const styles = `:root{${palette.light};color-scheme:light}
:root[data-theme=dark]{${palette.dark};color-scheme:dark}
@media (prefers-color-scheme:dark){:root[data-theme=auto]{${palette.dark};color-scheme:dark}}
*{box-sizing:border-box}html,body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
#fb{padding:16px;display:flex;flex-direction:column;gap:12px}
header{display:flex;gap:12px;align-items:center}.cover{border-radius:10px;object-fit:cover;flex:none}
.kicker{margin:0;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--accent)}
h1{margin:0;font-size:18px;line-height:1.25;overflow-wrap:anywhere}.by{margin:0;color:var(--muted)}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(128px,1fr));gap:8px;margin:0}
.facts div{background:var(--row);border:1px solid var(--line);border-radius:10px;padding:6px 10px}
dt{font-size:12px;color:var(--muted)}dd{margin:0;font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap}
.board{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.board li{display:flex;align-items:center;gap:10px;padding:6px 10px;border-radius:10px;background:var(--row)}
.rank{flex:none;width:26px;height:26px;border-radius:50%;display:grid;place-items:center;font-weight:700;font-size:13px;color:var(--muted)}
.rank.m1{background:#fcd34d;color:#422006}.rank.m2{background:#cbd5e1;color:#0f172a}.rank.m3{background:#fdba74;color:#431407}
.rank.none::before{content:"–"}
.who{flex:1;min-width:0;font-weight:600;overflow-wrap:anywhere}.who small{display:block;font-weight:500;font-size:12px;color:var(--lead)}
.n{flex:none;color:var(--muted);font-variant-numeric:tabular-nums}
.empty{margin:0;padding:16px;text-align:center;color:var(--muted);background:var(--row);border-radius:10px}
footer{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.join{background:var(--accent);color:var(--accent-fg);text-decoration:none;font-weight:700;padding:8px 14px;border-radius:999px}
.join:focus-visible{outline:3px solid var(--fg);outline-offset:2px}.brand{font-size:12px;color:var(--muted)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

/**
 * The embed's pages run only their own script and style, and any site may frame them (app.ts sends this policy, with
 * no X-Frame-Options, for the embed's paths only; every other page may be framed by none).
 */
export const embedContentSecurityPolicy = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: [cspHash(styles)],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["*"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/**
 * The frame's page: the board rendered for the first paint, the same board as data for the script that keeps it live
 * (server-sent events) and ticks the countdown. A campaign nobody may embed gets an empty page (the script then tells
 * the parent its height is 0, and the embed script hides the frame).
 */
export function embedPage(board: EmbedBoard | null, theme: EmbedTheme, now = Date.now()): string {
  const title = board ? `${board.campaign.title}: live leaderboard · FanBoost` : "FanBoost";
  // The data block is JSON inside a script element: "<" is escaped so no value can close it.
  const data = JSON.stringify(board).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en" data-theme="${theme}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body><main id="fb">${board ? embedBoardMarkup(board, now) : ""}</main>
<script type="application/json" id="board">${data}</script><script src="${EMBED_FRAME_SCRIPT}" defer></script></body></html>`;
}
