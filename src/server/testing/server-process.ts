import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ensureServerBundle, serverBundle } from "../../../scripts/server-bundle.js";
import { childEnvironment } from "../config.js";
import { openDatabase } from "../db/client.js";
import { projectRoot } from "../project-files.js";
import { assertInvariants } from "./invariants.js";

/**
 * The ports `freePort` handed out in this process: each is closed until its server takes it, so the OS may offer it
 * again meanwhile.
 */
const handedOut = new Set<number>();

/** A TCP port nothing listens on now, on 127.0.0.1, never one this process was given before (a cluster asks for several). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() =>
          typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
        );
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export type AppServer = {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Stops the server, runs `whileStopped` (which may open its embedded database in DATA_DIR, as no server holds it
   * then), and starts it again on the same port and data: how a journey moves a campaign's clock.
   */
  restart(whileStopped?: (dataDir: string) => Promise<void>): Promise<void>;
  /** Sends SIGTERM (at once, before the first await) and waits for the process to exit; `launch` starts it again. */
  halt(): Promise<void>;
  /** Sends SIGKILL, as a crash or an out-of-memory killer would, and waits for the process to be gone. */
  kill(): Promise<void>;
  launch(): Promise<void>;
  output(): string;
  /** The newest dev-outbox email to `to` whose subject matches, from the server's log. */
  findEmail(to: string, subject: RegExp): { subject: string; text: string } | undefined;
  /** Every dev-outbox email to `to` whose subject matches, oldest first. */
  findEmails(to: string, subject: RegExp): Array<{ subject: string; text: string }>;
};

type OutboxLogLine = { msg?: string; to?: string; subject?: string; text?: string };

/** The bundle is built at most once per process, when it is missing or older than the sources. */
let bundled: Promise<void> | undefined;

/**
 * Starts the real server as `npm start` runs it (its bundle, `dist/server/main.js`, built from `src/server/main.ts`
 * when stale: ADR 048) as its own process on a free port with a temporary DATA_DIR.
 * `prepare` runs first on that DATA_DIR (a test writes its embedded database there before any server holds it).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fanboost-e2e-"));
  const url = `http://localhost:${port}`;
  let output = "";
  // The dev outbox's emails, read from the log as its lines arrive: journeys poll for them many times a second.
  const outbox: OutboxLogLine[] = [];
  let partialLine = "";
  const readOutbox = (chunk: string) => {
    const lines = (partialLine + chunk).split("\n");
    partialLine = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"dev outbox')) continue;
      try {
        const parsed = JSON.parse(line) as OutboxLogLine;
        if (parsed.msg?.startsWith("dev outbox")) outbox.push(parsed);
      } catch {
        // Not a log line of the server's (a library writing to stdout): no email in it.
      }
    }
  };
  let child: ChildProcess | undefined;

  const launch = async () => {
    bundled ??= ensureServerBundle();
    await bundled;
    // A line the last process left unfinished is not the start of this one's.
    partialLine = "";
    child = spawn(process.execPath, ["--enable-source-maps", serverBundle], {
      cwd: projectRoot,
      env: childEnvironment({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        // Info, so the dev outbox's emails are in the output (journeys follow their links).
        LOG_LEVEL: "info",
        NODE_ENV: "test",
        // Journeys read a visit's verdict from its answer; a real visitor never can.
        EXPOSE_CLICK_VERDICTS: "true",
        ...env,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Decoded as a stream: a character split between two chunks stays whole.
    child.stdout?.setEncoding("utf8");
    child.stderr?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      output += chunk;
      readOutbox(chunk);
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
      const healthy = await fetch(`${url}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const stopWith = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  };
  const halt = () => stopWith("SIGTERM");
  const findEmails = (to: string, subject: RegExp) =>
    outbox
      .filter((line) => line.to === to && subject.test(line.subject ?? ""))
      .map((line) => ({ subject: line.subject ?? "", text: line.text ?? "" }));

  try {
    await options.prepare?.(dataDir);
    await launch();
  } catch (error) {
    await stopWith("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    output: () => output,
    findEmails,
    findEmail: (to, subject) => findEmails(to, subject).at(-1),
    restart: async (whileStopped) => {
      await halt();
      await whileStopped?.(dataDir);
      await launch();
    },
    halt,
    kill: () => stopWith("SIGKILL"),
    launch,
    /**
     * Stops the server, then checks the invariants of its embedded database (a server on DATABASE_URL shares its test's
     * database, which that test checks), so every journey that clicked or paid is checked too.
     */
    stop: async () => {
      await halt();
      try {
        const embedded = join(dataDir, "pglite");
        if (!env.DATABASE_URL && existsSync(embedded)) {
          const database = await openDatabase({ kind: "pglite", dataDir: embedded });
          try {
            await assertInvariants(database.db);
          } finally {
            await database.close();
          }
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
