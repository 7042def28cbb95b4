import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { syncAdminEmails } from "./accounts/admins.js";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import { openConfiguredDatabase } from "./db/client.js";
import { startScheduler } from "./jobs/scheduler.js";
import { createLogger, type Logger } from "./logger.js";

export const defaultWebRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

export type RunningServer = {
  url: string;
  log: Logger;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
};

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config, options: { webRoot?: string } = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const database = await openConfiguredDatabase(config);
  const madeAdmins = await syncAdminEmails(database.db, config.adminEmails);
  if (madeAdmins > 0) log.info({ count: madeAdmins }, "ADMIN_EMAILS: admin access granted");
  const app = createApp({ config, database, log, webRoot: options.webRoot ?? defaultWebRoot });

  const scheduler = startScheduler(app.jobs, log);

  await app.start();
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(started as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  log.info({ port, database: database.kind }, `FanBoost listening on http://${host}:${port}`);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await app.drain();
      await stopped;
      clearTimeout(forced);
      await scheduler.stop();
      await database.close();
      log.info("FanBoost stopped");
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, log, close };
}
