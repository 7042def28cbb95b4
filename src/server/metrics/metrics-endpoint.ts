import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Context } from "hono";
import type { Metrics } from "./metrics.js";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim();
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** `/metrics` on the app's port: only for a scraper that presents METRICS_TOKEN. */
export function metricsHandler(metrics: Metrics, token: string) {
  return async (c: Context) => {
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.text("Unauthorized", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  };
}

/** A listener of its own for Prometheus (METRICS_PORT): `/metrics` and nothing else. */
export function serveMetrics(metrics: Metrics, options: { port: number; hostname: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics failed"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
