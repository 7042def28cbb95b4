import { type AnyApiContract, contractUrl, type ResponseOf } from "../../core/api/contract.js";
import type { CallAs, RouteCaller } from "./contract-call.js";

/** One server-sent event: its name (`message` when it has none) and its parsed data. */
export type ServerEvent = { event: string; data: unknown };

/** Reads server-sent events from a streaming response. */
export function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  /** A read that outlived its wait: the next wait takes it over, so no chunk is lost. */
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  /** The next event, or null if none arrives within `ms` (or the stream ends). */
  const nextEvent = async (ms: number): Promise<ServerEvent | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const boundary = buffer.indexOf("\n\n");
      if (boundary >= 0) {
        const lines = buffer.slice(0, boundary).split("\n");
        buffer = buffer.slice(boundary + 2);
        const field = (name: string) =>
          lines
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trim())
            .join("\n");
        const data = field("data");
        if (data) return { event: field("event") || "message", data: JSON.parse(data) };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      reading ??= reader.read();
      const chunk = await Promise.race([
        reading,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (!chunk) return null;
      reading = undefined;
      if (chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    nextEvent,
    /** The next event's parsed data, or null if none arrives within `ms`. */
    next: async (ms: number): Promise<unknown> => (await nextEvent(ms))?.data ?? null,
    cancel: () => reader.cancel(),
  };
}

/**
 * Opens a contract's stream and reads its messages (the events its `event` names) typed by the contract, as the page
 * does; `nextEvent` still reads any event (a session's end) untyped.
 */
export async function openStream<C extends AnyApiContract & { event: string }>(
  t: RouteCaller,
  contract: C,
  input: CallAs<C> = {} as CallAs<C>,
) {
  const response = await t.request(contractUrl(contract, input), {
    cookie: input.cookie,
    ip: input.ip,
    headers: input.headers,
  });
  const events = sseReader(response);
  /** The next message's data, or null if none arrives within `ms`; an event of another name fails. */
  const next = async (ms: number): Promise<ResponseOf<C> | null> => {
    const event = await events.nextEvent(ms);
    if (event === null) return null;
    if (event.event !== contract.event)
      throw new Error(`${contract.path} sent ${event.event} where ${contract.event} was expected`);
    return event.data as ResponseOf<C>;
  };
  return {
    ...events,
    status: response.status,
    headers: response.headers,
    next,
    /**
     * The first message within `ms` that `wanted` accepts, skipping the others (an update a test's own earlier writes
     * caused may come first), or null.
     */
    nextWhere: async (
      wanted: (message: NonNullable<ResponseOf<C>>) => boolean,
      ms: number,
    ): Promise<NonNullable<ResponseOf<C>> | null> => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const message = await next(deadline - Date.now());
        if (message !== null && message !== undefined && wanted(message)) return message;
      }
      return null;
    },
  };
}
