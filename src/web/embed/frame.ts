/**
 * The embedded board's own script (built alone into dist/web/embed/frame.js, without the app): it keeps the board that
 * the server rendered live through its server-sent events (polling while they are down), ticks the countdown, and
 * tells the page that embeds it how tall it is.
 */
import { fillPath, STREAM_RECONNECT_EVENT, STREAM_RECONNECT_MS } from "../../core/api/contract";
import { type EmbedBoard, embedsApi } from "../../core/api/embeds";
import { embedBoardMarkup, embedTimeLeft } from "../../core/embed-board";
import { EMBED_HEIGHT_MESSAGE } from "../../core/embeds";

const POLL_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

const root = document.getElementById("fb") as HTMLElement;
let board = JSON.parse(document.getElementById("board")?.textContent ?? "null") as EmbedBoard | null;

const postHeight = () =>
  window.parent.postMessage(
    { type: EMBED_HEIGHT_MESSAGE, height: board ? Math.ceil(root.getBoundingClientRect().height) : 0 },
    "*",
  );

function show(next: EmbedBoard | null) {
  board = next;
  root.innerHTML = next ? embedBoardMarkup(next, Date.now()) : "";
  postHeight();
}

function tick() {
  const countdown = document.getElementById("countdown");
  if (board && countdown) countdown.textContent = embedTimeLeft(board, Date.now());
}

function follow(id: string) {
  let failures = 0;
  let poll: ReturnType<typeof setInterval> | undefined;
  const refresh = async () => {
    const answer = await fetch(fillPath(embedsApi.board.path, { id })).catch(() => undefined);
    if (answer?.ok) show((await answer.json()) as EmbedBoard);
    else if (answer?.status === 404) show(null);
  };
  const open = () => {
    const source = new EventSource(fillPath(embedsApi.boardStream.path, { id }));
    source.addEventListener(embedsApi.boardStream.event, (message) => {
      failures = 0;
      clearInterval(poll);
      poll = undefined;
      show(JSON.parse((message as MessageEvent<string>).data) as EmbedBoard | null);
    });
    // Its server is shutting down: another instance takes the stream at once.
    source.addEventListener(STREAM_RECONNECT_EVENT, () => {
      source.close();
      setTimeout(open, STREAM_RECONNECT_MS * Math.random());
    });
    source.onerror = () => {
      source.close();
      poll ??= setInterval(refresh, POLL_MS);
      setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++) + Math.random() * 1000);
    };
  };
  open();
}

new ResizeObserver(postHeight).observe(root);
postHeight();
if (board) {
  setInterval(tick, 1000);
  if (typeof EventSource !== "undefined") follow(board.campaign.id);
}
