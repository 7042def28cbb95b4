/**
 * The tracking page's own script (built alone into dist/web/visit.js, without the app; served at /visit.js with the
 * day's key in place of the placeholder). It confirms the visit the page was made for (PRODUCT.md Fraud engine): it
 * looks at the browser it runs in (automation and headless markers, with BotD; the browser's own claims) and sends
 * that home with the page's token and a proof only a client that ran this script can make. A challenged visit's page
 * hands it the token once its check is solved.
 */
import { load } from "@fingerprintjs/botd";
import { trackingApi } from "../../core/api/tracking";
import {
  CONFIRM_EVENT,
  MAX_EVIDENCE_CHARS,
  type PageEvidence,
  VISIT_KEY_PLACEHOLDER,
  visitProofInput,
} from "../../core/click-evidence";

/** Replaced by the server with the day's key as it serves the script: the string is kept whole in the build. */
const key: string = VISIT_KEY_PLACEHOLDER;

type UserAgentData = { mobile?: boolean; platform?: string };

const clip = (value: string | undefined | null, length = 80) => (value ? value.slice(0, length) : null);

/** What BotD recognises (without its monitoring call home), or null; a detector that fails finds nothing. */
async function automation(): Promise<string | null> {
  try {
    const result = (await load({ monitoring: false })).detect();
    return result.bot ? result.botKind : null;
  } catch {
    return null;
  }
}

async function collect(): Promise<PageEvidence> {
  const agent = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  let timezone: string | undefined;
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = undefined;
  }
  return {
    bot: await automation(),
    webdriver: navigator.webdriver === true,
    mobile: typeof agent?.mobile === "boolean" ? agent.mobile : null,
    platform: clip(agent?.platform),
    screen: `${screen.width}x${screen.height} ${window.innerWidth}x${window.innerHeight}`,
    timezone: clip(timezone),
    languages: clip(navigator.languages?.join(","), 200),
  };
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const sent = new Set<string>();

/** Sends the visit's confirmation once; `keepalive` lets it finish when the visitor leaves for the song at once. */
async function confirm(token: string | null | undefined) {
  if (!token || sent.has(token) || !window.fetch) return;
  sent.add(token);
  const evidence = JSON.stringify(await collect()).slice(0, MAX_EVIDENCE_CHARS);
  const proof = window.crypto?.subtle ? await sha256(visitProofInput(token, key, evidence)) : undefined;
  await fetch(trackingApi.confirmClick.path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, evidence, proof }),
    keepalive: true,
  }).catch(() => undefined);
}

const main = document.querySelector("main");
document.addEventListener(CONFIRM_EVENT, () => void confirm(main?.getAttribute("data-confirm")));
void confirm(main?.getAttribute("data-confirm"));
