import type { AddressInfo } from "node:net";
import { syncAdminEmails } from "./accounts/admins.js";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import { openConfiguredDatabase } from "./db/client.js";
import { trustProxyWarning } from "./http/client-ip.js";
import { startScheduler } from "./jobs/scheduler.js";
import { createLogger, type Logger } from "./logger.js";
import { serveMetrics } from "./metrics/metrics-endpoint.js";
import { projectPath } from "./project-files.js";
import { serveApp } from "./serve-app.js";

export const defaultWebRoot = projectPath("dist/web");

export type RunningServer = {
  url: string;
  log: Logger;
  /**
   * Drains and stops (ADR 026): readiness answers 503 for DRAIN_DELAY_SECONDS while requests are still served, then
   * the server stops accepting, live streams end telling their pages to reconnect (to another instance), requests in
   * flight finish, background jobs finish their runs and the mail sender hands back its claim, the last clicks and
   * flags are written, and the database is closed. Requests still open near SHUTDOWN_TIMEOUT_SECONDS are cut.
   */
  close(): Promise<void>;
};

/** What the last steps (jobs, clicks, the database) keep of the deadline when requests in flight are cut. */
const CLOSING_MARGIN_MS = 2_000;

export async function startServer(config: Config, options: { webRoot?: string } = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const database = await openConfiguredDatabase(config);
  const madeAdmins = await syncAdminEmails(database.db, config.adminEmails);
  if (madeAdmins > 0) log.info({ count: madeAdmins }, "ADMIN_EMAILS: admin access granted");
  const app = createApp({ config, database, log, webRoot: options.webRoot ?? defaultWebRoot });

  const scheduler = startScheduler(app.jobs, log, app.jobLedger);

  app.preloadNetworks();
  await app.start();
  const server = await serveApp(app, { port: config.port, hostname: config.host });
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : await serveMetrics(app.metrics, { port: config.metrics.port, hostname: config.host });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  log.info({ port, database: database.kind }, `FanBoost listening on http://${host}:${port}`);
  const proxyWarning = trustProxyWarning(config.trustProxy, config.host);
  if (proxyWarning) log.warn(proxyWarning);
  if (config.exposeClickVerdicts) {
    log.warn("EXPOSE_CLICK_VERDICTS is on: every tracking answer names its verdict, which tells a farm what counts");
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const deadline = Date.now() + config.shutdownTimeoutMs;
      app.beginDrain();
      if (config.drainDelayMs > 0) {
        log.info({ seconds: config.drainDelayMs / 1000 }, "draining: readiness answers 503, requests are still served");
        await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      }
      const forced = setTimeout(
        () => server.closeAllConnections(),
        Math.max(0, deadline - Date.now() - CLOSING_MARGIN_MS),
      );
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      metricsServer?.close();
      await app.drain();
      // The live streams just ended: their connections are idle now, closed here rather than at the keep-alive timeout.
      server.closeIdleConnections();
      await stopped;
      clearTimeout(forced);
      await scheduler.stop();
      // Requests that were in flight during the drain may have queued clicks and flags since.
      await app.clicksWritten();
      await database.close();
      log.info("FanBoost stopped");
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, log, close };
}
