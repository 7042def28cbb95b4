import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ClickHandler } from "./click-handler.js";

/** `/t`, `/t/`, `/t/{code}` and the same under `/track`: the paths the Hono tracking routes match. */
const TRACKING_PATH = /^\/(?:t|track)(?:\/([^/]*))?$/;

function decodeSegment(segment: string | undefined): string | undefined {
  if (segment === undefined || !segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Answers tracking requests straight from Node's request, before the Fetch adapter builds a Request, a Response and
 * their headers for them; everything else goes to `next`. Same handler, same answers as the Hono routes (ADR 010).
 */
export function clickFastPath(handle: ClickHandler, next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const match =
      req.method === "GET" || req.method === "HEAD"
        ? TRACKING_PATH.exec(query === -1 ? url : url.slice(0, query))
        : null;
    if (!match) {
      next(req, res);
      return;
    }
    void handle({
      method: req.method as string,
      shortCode: decodeSegment(match[1]),
      socketAddress: req.socket.remoteAddress,
      header: (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(", ") : value;
      },
    }).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      () => res.destroy(),
    );
  };
}
