import { isIP } from "node:net";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { SESSION_ENDED_EVENT, STREAM_RECONNECT_EVENT, STREAM_RECONNECT_MS } from "../../core/api/contract.js";
import type { AppEnv } from "../http/app-env.js";
import { tooManyRequestsBody } from "../http/error-body.js";
import { networkOf } from "../net/ip-address.js";
import type { LiveUpdates } from "./live-updates.js";

const KEEPALIVE_MS = 15_000;
/** Live streams one address may hold open on an instance: a busy household's tabs, not a flood of idle sockets. */
export const MAX_STREAMS_PER_ADDRESS = 20;
/**
 * Live streams one network (an IPv4 /24, an IPv6 /48) may hold open on an instance: an office or a campus, not one
 * attacker's range of addresses each under the per-address cap. A refused page falls back to polling.
 */
export const MAX_STREAMS_PER_NETWORK = 100;
export const tooManyStreamsMessage = "Too many live connections from your network. Close some tabs and try again.";
const openStreams = new Map<string, number>();
const openNetworkStreams = new Map<string, number>();

/** One more stream for `key` in `counts`; the function that gives it back, once. */
function hold(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
}
/** How often a stream that belongs to a session checks that the session still stands. */
export const SESSION_CHECK_MS = 30_000;

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
 * A server-sent-event stream that sends `load()` now and again whenever `topic` (or any of `topics`) moves and the
 * answer differs from the one it sent last, with a keep-alive comment, until the client leaves or the server shuts
 * down (then it says STREAM_RECONNECT_EVENT, so the page reconnects to another instance at once); or, for one user's
 * stream, until `sessionStands()` says their session ended (checked before each message and every SESSION_CHECK_MS).
 */
export function liveStream<T>(
  c: Context<AppEnv>,
  live: LiveUpdates,
  topic: string | readonly string[],
  event: string,
  load: () => Promise<T>,
  sessionStands?: () => Promise<boolean>,
) {
  const address = c.get("clientIp") ?? "unknown";
  const network = isIP(address) ? networkOf(address) : address;
  if (
    (openStreams.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS ||
    (openNetworkStreams.get(network) ?? 0) >= MAX_STREAMS_PER_NETWORK
  ) {
    c.header("Retry-After", "30");
    return c.json(tooManyRequestsBody(tooManyStreamsMessage), 429);
  }
  const releaseAddress = hold(openStreams, address);
  const releaseNetwork = hold(openNetworkStreams, network);
  const release = () => {
    releaseAddress();
    releaseNetwork();
  };
  return streamSSE(c, async (stream) => {
    let pending: Promise<unknown> = Promise.resolve();
    let finish: () => void = () => undefined;
    /** A session's stream checks the session before each message, and ends with SESSION_ENDED_EVENT once it is gone. */
    const sessionEnded = async () => {
      if (!sessionStands || (await sessionStands())) return false;
      await stream.writeSSE({ event: SESSION_ENDED_EVENT, data: "{}" });
      finish();
      return true;
    };
    const queue = (step: () => Promise<unknown>) => {
      pending = pending.then(step).catch(() => undefined);
    };
    /** What this stream last sent: a move that changes nothing the client sees (a late notice, a repeat) sends nothing. */
    let sent: string | undefined;
    const push = () =>
      queue(async () => {
        if (await sessionEnded()) return;
        const data = JSON.stringify(await load());
        if (data === sent) return;
        sent = data;
        await stream.writeSSE({ event, data });
      });
    await new Promise<void>((resolve) => {
      const closeStream = live.streamOpened(event);
      const unsubscribes = (typeof topic === "string" ? [topic] : topic).map((each) => live.subscribe(each, push));
      const unsubscribeShutdown = live.onShutdown(() => {
        queue(() => stream.writeSSE({ event: STREAM_RECONNECT_EVENT, data: "{}", retry: STREAM_RECONNECT_MS }));
        finish();
      });
      const keepalive = setInterval(() => void stream.write(": keepalive\n\n").catch(() => undefined), KEEPALIVE_MS);
      // An idle session's stream still notices a sign-out elsewhere.
      const sessionCheck = sessionStands ? setInterval(() => queue(sessionEnded), SESSION_CHECK_MS) : undefined;
      finish = () => {
        release();
        closeStream();
        clearInterval(keepalive);
        clearInterval(sessionCheck);
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
