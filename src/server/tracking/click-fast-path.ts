import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ClickHandler, ClickHttpRequest } from "./click-handler.js";

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
 * A Node request as the click handler reads it. A class, not an object with a closure: the server runs under tsx,
 * which names every closure assigned to a property (`__name`, about a microsecond each on this path).
 */
class NodeClickRequest implements ClickHttpRequest {
  constructor(
    readonly method: string,
    readonly shortCode: string | undefined,
    readonly socketAddress: string | undefined,
    private readonly headers: IncomingHttpHeaders,
  ) {}
  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
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
    void handle(
      new NodeClickRequest(req.method as string, decodeSegment(match[1]), req.socket.remoteAddress, req.headers),
    ).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      () => res.destroy(),
    );
  };
}
