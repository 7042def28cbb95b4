import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { App } from "./app.js";
import { clickFastPath } from "./tracking/click-fast-path.js";

/**
 * Serves the app over HTTP: tracking requests on the Node fast path, everything else through Hono. While the app
 * drains, each answer closes its connection, so a balancer's kept-alive connections end with it; a streamed answer
 * (a live stream, which names its own `Connection: keep-alive`) ends its connection once it has been sent.
 */
export function serveApp(app: App, options: { port: number; hostname: string }): Promise<Server> {
  const listener = clickFastPath(app.clickHandler, getRequestListener(app.fetch, options));
  const server = createServer((req, res) => {
    if (app.isDraining()) {
      res.setHeader("Connection", "close");
      res.once("finish", () => req.socket.end());
    }
    listener(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
