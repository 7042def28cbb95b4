import { ApiError, apiFetch } from "./api";
import { randomId } from "./random-id";

/**
 * Writes made while offline that are safe to replay (joining a campaign, the contact form): kept in this browser
 * across reloads and sent in order, each with its Idempotency-Key, once the connection is back (SPEC.md: offline
 * banner). A payment is never queued.
 */
export type QueuedAction = {
  id: string;
  /** What the banner and the toasts call it: "Join “Song”", "Contact message". */
  label: string;
  path: string;
  body: unknown;
  idempotencyKey: string;
  queuedAt: string;
};

export type ReplayOutcome = { label: string; ok: boolean; message?: string };

const STORAGE_KEY = "fanboost_offline_queue";
const listeners = new Set<() => void>();

function read(): QueuedAction[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? (stored as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

function write(actions: QueuedAction[]) {
  if (actions.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(actions));
  for (const listener of listeners) listener();
}

export const offlineQueue = {
  list: read,
  /** Keeps a write to send when the connection is back. */
  add(action: Pick<QueuedAction, "label" | "path" | "body"> & { idempotencyKey?: string }) {
    write([
      ...read(),
      {
        ...action,
        id: randomId(),
        idempotencyKey: action.idempotencyKey ?? randomId(),
        queuedAt: new Date().toISOString(),
      },
    ]);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    // Another tab's queue is this one's too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

let replaying: Promise<ReplayOutcome[]> | null = null;

/**
 * Sends the queued writes in order. One the server refuses (4xx) is dropped and reported; a network failure or a
 * server error stops the replay with the rest kept for the next time. Replayed twice (two tabs), nothing happens twice:
 * the server answers a repeated key with its first result.
 */
export function replayQueue(): Promise<ReplayOutcome[]> {
  replaying ??= (async () => {
    const outcomes: ReplayOutcome[] = [];
    for (const action of read()) {
      try {
        await apiFetch(action.path, {
          method: "POST",
          json: action.body,
          headers: { "Idempotency-Key": action.idempotencyKey },
        });
        outcomes.push({ label: action.label, ok: true });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 409) break;
        outcomes.push({ label: action.label, ok: false, message: error.message });
      }
      write(read().filter((each) => each.id !== action.id));
    }
    return outcomes;
  })().finally(() => {
    replaying = null;
  });
  return replaying;
}

/** Whether the browser says it is offline: a write then goes to the queue instead of failing. */
export const isOffline = () => typeof navigator !== "undefined" && !navigator.onLine;
