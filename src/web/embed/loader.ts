/**
 * The embed script a site includes (built alone into dist/web/embed.js): it puts a campaign's live board frame in
 * each `<div data-fanboost-campaign="{id}" data-theme="dark">` of the page, and sizes each frame to its content
 * (hiding it when the campaign shows nothing). Several copies of the script on one page mount each board once.
 */
import { EMBED_HEIGHT, EMBED_HEIGHT_MESSAGE, EMBED_WIDTH, embedPagePath, embedThemes } from "../../core/embeds";

const origin = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin;
const frames = new Set<HTMLIFrameElement>();

function mount(placeholder: HTMLElement) {
  const id = placeholder.dataset.fanboostCampaign;
  if (!id || placeholder.dataset.fanboostMounted) return;
  placeholder.dataset.fanboostMounted = "";
  const theme = embedThemes.find((each) => each === placeholder.dataset.theme) ?? "auto";
  const frame = document.createElement("iframe");
  frame.src = `${origin}${embedPagePath(id, theme)}`;
  frame.title = `${placeholder.textContent?.trim() || "FanBoost campaign"}: live leaderboard`;
  frame.loading = "lazy";
  frame.style.cssText = `display:block;border:0;border-radius:12px;width:100%;max-width:${EMBED_WIDTH}px;height:${EMBED_HEIGHT}px`;
  frames.add(frame);
  placeholder.replaceChildren(frame);
}

window.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown; height?: unknown } | null;
  if (event.origin !== origin || data?.type !== EMBED_HEIGHT_MESSAGE || typeof data.height !== "number") return;
  for (const frame of frames) {
    if (frame.contentWindow !== event.source) continue;
    frame.style.display = data.height > 0 ? "block" : "none";
    if (data.height > 0) frame.style.height = `${data.height}px`;
  }
});

const mountAll = () => {
  for (const placeholder of document.querySelectorAll<HTMLElement>("[data-fanboost-campaign]")) mount(placeholder);
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
