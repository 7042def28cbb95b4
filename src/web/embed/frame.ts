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

/**
 * Follows the campaign's board: its stream, polled while the stream is down (and without EventSource); after the
 * timer ends, polled until the result arrives (the server decides it moments later). A campaign that can no longer be
 * shown (hidden or cancelled) ends it.
 */
function follow(id: string) {
  let failures = 0;
  let stopped = false;
  let source: EventSource | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refreshedAt = Date.now();
  const update = (next: EmbedBoard | null) => {
    show(next);
    if (next) return;
    stopped = true;
    source?.close();
    clearInterval(poll);
    clearTimeout(retry);
  };
  const refresh = async () => {
    refreshedAt = Date.now();
    const answer = await fetch(fillPath(embedsApi.board.path, { id })).catch(() => undefined);
    if (answer?.ok) update((await answer.json()) as EmbedBoard);
    else if (answer?.status === 404) update(null);
  };
  const open = () => {
    if (stopped) return;
    source = new EventSource(fillPath(embedsApi.boardStream.path, { id }));
    source.addEventListener(embedsApi.boardStream.event, (message) => {
      failures = 0;
      clearInterval(poll);
      poll = undefined;
      refreshedAt = Date.now();
      update(JSON.parse((message as MessageEvent<string>).data) as EmbedBoard | null);
    });
    // Its server is shutting down: another instance takes the stream at once.
    source.addEventListener(STREAM_RECONNECT_EVENT, () => {
      source?.close();
      retry = setTimeout(open, STREAM_RECONNECT_MS * Math.random());
    });
    source.onerror = () => {
      source?.close();
      poll ??= setInterval(refresh, POLL_MS);
      retry = setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++) + Math.random() * 1000);
    };
  };
  if (typeof EventSource === "undefined") poll = setInterval(refresh, POLL_MS);
  else open();
  setInterval(() => {
    const countdown = document.getElementById("countdown");
    if (!board || !countdown) return;
    countdown.textContent = embedTimeLeft(board, Date.now());
    const { ends_at } = board.campaign;
    const awaitingResult = !board.result && ends_at !== null && Date.parse(ends_at) <= Date.now();
    if (awaitingResult && !stopped && Date.now() - refreshedAt >= POLL_MS) void refresh();
  }, 1000);
}

new ResizeObserver(postHeight).observe(root);
postHeight();
if (board) follow(board.campaign.id);
