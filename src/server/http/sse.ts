import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { LiveUpdates } from "../leaderboards/live-updates.js";
import type { AppEnv } from "./app-env.js";

const KEEPALIVE_MS = 15_000;

/**
 * One query per topic and update, however many subscribers the update wakes: subscribers woken by the same version
 * of a topic within a second share the answer.
 */
export function sharedLoader<T>(live: LiveUpdates, load: (key: string) => Promise<T>) {
  const latest = new Map<string, { version: number; at: number; value: Promise<T> }>();
  return (topic: string, key: string) => {
    const version = live.version(topic);
    const hit = latest.get(topic);
    if (hit && hit.version === version && Date.now() - hit.at < 1000) return hit.value;
    const value = load(key);
    latest.set(topic, { version, at: Date.now(), value });
    value.catch(() => latest.delete(topic));
    if (latest.size > 10_000) latest.clear();
    return value;
  };
}

/**
 * A server-sent-event stream that sends `load()` now and again whenever `topic` (or any of `topics`) moves, with a
 * keep-alive comment, until the client leaves or the server shuts down.
 */
export function liveStream<T>(
  c: Context<AppEnv>,
  live: LiveUpdates,
  topic: string | readonly string[],
  event: string,
  load: () => Promise<T>,
) {
  return streamSSE(c, async (stream) => {
    let pending = Promise.resolve();
    const push = () => {
      pending = pending
        .then(async () => stream.writeSSE({ event, data: JSON.stringify(await load()) }))
        .catch(() => undefined);
    };
    await new Promise<void>((resolve) => {
      const unsubscribes = (typeof topic === "string" ? [topic] : topic).map((each) => live.subscribe(each, push));
      const unsubscribeShutdown = live.subscribe("shutdown", () => finish());
      const keepalive = setInterval(() => void stream.write(": keepalive\n\n").catch(() => undefined), KEEPALIVE_MS);
      const finish = () => {
        clearInterval(keepalive);
        for (const unsubscribe of unsubscribes) unsubscribe();
        unsubscribeShutdown();
        resolve();
      };
      stream.onAbort(finish);
      push();
    });
    await pending;
  });
}
