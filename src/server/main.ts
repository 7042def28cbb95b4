import { ConfigError, loadConfig } from "./config.js";
import { startServer } from "./server.js";

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  const shutdown = (signal: string) => {
    server.log.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(`FanBoost failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
