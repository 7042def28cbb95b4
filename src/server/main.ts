import { ConfigError, loadConfig } from "./config.js";
import { startServer } from "./server.js";

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  let shuttingDown = false;
  // A signal during the drain changes nothing (npm or a terminal may pass one on twice); the deadline still holds.
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.log.info({ signal }, "shutting down");
    setTimeout(() => {
      server.log.error({ seconds: config.shutdownTimeoutMs / 1000 }, "shutdown deadline passed; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(`FanBoost failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
