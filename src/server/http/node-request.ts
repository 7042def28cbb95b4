import type { Context } from "hono";

/** What @hono/node-server exposes of Node's request in `c.env` (tests calling `app.request` pass only a socket). */
type NodeEnv = {
  incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> };
};

/** The socket's address. */
export function socketAddress(env: unknown): string | undefined {
  return (env as NodeEnv | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * A request header, read from Node's parsed headers when the request came through Node: asking the Fetch `Headers`
 * first makes the adapter build them all, a real cost on the click path. Names are lower case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as NodeEnv | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
