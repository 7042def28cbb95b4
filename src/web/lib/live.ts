import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  type Contract,
  type ResponseOf,
  SESSION_ENDED_EVENT,
  STREAM_RECONNECT_EVENT,
  STREAM_RECONNECT_MS,
} from "../../core/api/contract";
import { accountKey } from "./session";
import { type ApiInput, apiKey, apiUrl, useApi } from "./use-api";

const MAX_BACKOFF_MS = 30_000;

type AnyContract = Contract<unknown, unknown, unknown, string>;

/**
 * An endpoint's answer that the server also pushes by server-sent events (`stream`, whose messages are named
 * `stream.event`). While the stream is down the query polls every `fallbackMs` (SPEC.md's refresh intervals) and the
 * stream reconnects with exponential backoff; a stream whose server shuts down reconnects within STREAM_RECONNECT_MS.
 */
export function useLiveData<C extends AnyContract>(
  contract: C,
  stream: AnyContract & { event: string },
  input: ApiInput<C>,
  fallbackMs: number,
) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const streamUrl = apiUrl(stream, input as ApiInput<typeof stream>);
  const keyString = JSON.stringify(apiKey(contract, input));

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const key = JSON.parse(keyString) as unknown[];

    const open = () => {
      source = new EventSource(streamUrl);
      source.addEventListener(stream.event, (message) => {
        failures = 0;
        setConnected(true);
        queryClient.setQueryData(key, JSON.parse((message as MessageEvent<string>).data) as ResponseOf<C>);
      });
      // A user's stream ends with its session: ask who is signed in now, rather than reconnecting to a refusal.
      source.addEventListener(SESSION_ENDED_EVENT, () => {
        stopped = true;
        source?.close();
        setConnected(false);
        void queryClient.invalidateQueries({ queryKey: accountKey });
      });
      // Its server is shutting down: another instance takes the stream at once, not after a failure's backoff.
      source.addEventListener(STREAM_RECONNECT_EVENT, () => {
        source?.close();
        failures = 0;
        retryTimer = setTimeout(open, STREAM_RECONNECT_MS * Math.random());
      });
      source.onerror = () => {
        source?.close();
        setConnected(false);
        if (stopped) return;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) + Math.random() * 1000;
        failures++;
        retryTimer = setTimeout(open, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [streamUrl, stream.event, keyString, queryClient]);

  const query = useApi(contract, input, { refetchInterval: connected ? false : fallbackMs });
  return { ...query, live: connected };
}
