import pg from "pg";
import type { DatabaseHandle } from "../db/client.js";
import type { Logger } from "../logger.js";

const CHANNEL = "fanboost_leaderboard";
/** The channel that carries a user id when their notifications change; NOTIFY delivers it only if the change commits. */
export const NOTIFICATIONS_CHANNEL = "fanboost_notifications";
/** At most one update per campaign per window, so a viral link does not flood subscribers. */
const THROTTLE_MS = 250;

type Listener = () => void;

/**
 * Tells subscribers that a campaign's leaderboard moved (topics `campaign:{id}` and `public`), or a user's
 * notifications (`user:{id}`). Across instances the signal travels by PostgreSQL LISTEN/NOTIFY; with the embedded
 * database a leaderboard's stays in this process, and a user's comes from the embedded database's own NOTIFY (sent
 * with the transaction that adds the notification, so only once it commits).
 */
export function createLiveUpdates(database: DatabaseHandle, log: Logger) {
  const listeners = new Map<string, Set<Listener>>();
  const lastSent = new Map<string, number>();
  const scheduled = new Set<string>();
  let listenClient: pg.Client | undefined;
  let closed = false;

  const openStreams = new Map<string, number>();
  const versions = new Map<string, number>();
  const emit = (topic: string) => {
    versions.set(topic, (versions.get(topic) ?? 0) + 1);
    for (const listener of listeners.get(topic) ?? []) listener();
  };
  const deliver = (campaignId: string) => {
    emit(`campaign:${campaignId}`);
    emit("public");
  };

  const deliverUser = (userId: string) => emit(`user:${userId}`);
  const subscribe = (topic: string, listener: Listener): (() => void) => {
    const set = listeners.get(topic) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(topic, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(topic);
    };
  };
  let stopEmbeddedListen: (() => Promise<void>) | undefined;

  /** Tries again a second later, and again until the database answers (an instance outlives a database outage). */
  const reconnectLater = (): void => {
    setTimeout(() => {
      connectListener().catch((error: unknown) => {
        log.warn({ err: error }, "leaderboard listener could not reconnect; trying again");
        reconnectLater();
      });
    }, 1000).unref();
  };

  const connectListener = async (): Promise<void> => {
    if (closed) return;
    if (database.listen) {
      stopEmbeddedListen = await database.listen(NOTIFICATIONS_CHANNEL, deliverUser);
      return;
    }
    if (!database.url) return;
    const client = new pg.Client({ connectionString: database.url });
    client.on("notification", (message) => {
      if (!message.payload) return;
      if (message.channel === CHANNEL) deliver(message.payload);
      else if (message.channel === NOTIFICATIONS_CHANNEL) deliverUser(message.payload);
    });
    client.on("error", (error) => {
      // Until it listens, a failure is the caller's (below); after, this reconnects.
      if (listenClient !== client) return;
      log.warn({ err: error }, "leaderboard listener lost its connection; reconnecting");
      listenClient = undefined;
      reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}; listen ${NOTIFICATIONS_CHANNEL}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    listenClient = client;
  };

  const send = (campaignId: string) => {
    lastSent.set(campaignId, Date.now());
    if (database.kind === "postgres") {
      database
        .rawQuery("select pg_notify($1, $2)", [CHANNEL, campaignId])
        .catch((error: unknown) => log.warn({ err: error }, "leaderboard notify failed"));
    } else {
      deliver(campaignId);
    }
  };

  return {
    /** Starts listening for notifications, and for other instances' leaderboard updates (PostgreSQL). */
    start: () => connectListener(),
    /** A counted click, a join or a decided result moved these campaigns. */
    publish(campaignIds: readonly string[]) {
      for (const campaignId of campaignIds) {
        const since = Date.now() - (lastSent.get(campaignId) ?? 0);
        if (since >= THROTTLE_MS) send(campaignId);
        else if (!scheduled.has(campaignId)) {
          scheduled.add(campaignId);
          setTimeout(() => {
            scheduled.delete(campaignId);
            send(campaignId);
          }, THROTTLE_MS - since).unref();
        }
      }
    },
    /** Calls `listener` whenever the topic (`campaign:{id}`, `public` or `user:{id}`) moves; returns the unsubscribe. */
    subscribe,
    /** Moves on every update of the topic: subscribers woken by the same update can share one query. */
    version: (topic: string) => versions.get(topic) ?? 0,
    /** Counts an open stream by its name (the metrics); returns what to call when it ends (once or more). */
    streamOpened(name: string): () => void {
      openStreams.set(name, (openStreams.get(name) ?? 0) + 1);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        openStreams.set(name, (openStreams.get(name) ?? 1) - 1);
      };
    },
    /** Open streams on this instance, by name. */
    openStreams: openStreams as ReadonlyMap<string, number>,
    get subscriberCount() {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
    /**
     * Calls `listener` at shutdown, or at once (in a microtask) when it has passed: a stream opened after the others were
     * ended (a page reconnecting on a kept-alive connection) ends too, instead of holding the server's close.
     */
    onShutdown(listener: Listener): () => void {
      if (closed) {
        queueMicrotask(listener);
        return () => undefined;
      }
      return subscribe("shutdown", listener);
    },
    /** Ends every open stream (they listen with `onShutdown`) and stops listening. */
    async close() {
      closed = true;
      emit("shutdown");
      await listenClient?.end().catch(() => undefined);
      await stopEmbeddedListen?.().catch(() => undefined);
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
