import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiFetch } from "./api";

const MAX_BACKOFF_MS = 30_000;

/**
 * Data that the server pushes by server-sent events. While the stream is down the query polls every
 * `fallbackMs` (SPEC.md's refresh intervals) and the stream reconnects with exponential backoff.
 */
export function useLiveData<T>(options: {
  queryKey: QueryKey;
  url: string;
  streamUrl: string;
  event: string;
  fallbackMs: number;
}) {
  const { queryKey, url, streamUrl, event, fallbackMs } = options;
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const keyString = JSON.stringify(queryKey);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const key = JSON.parse(keyString) as QueryKey;

    const open = () => {
      source = new EventSource(streamUrl);
      source.addEventListener(event, (message) => {
        failures = 0;
        setConnected(true);
        queryClient.setQueryData(key, JSON.parse((message as MessageEvent<string>).data) as T);
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
  }, [streamUrl, event, keyString, queryClient]);

  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<T>(url),
    refetchInterval: connected ? false : fallbackMs,
  });
  return { ...query, live: connected };
}
