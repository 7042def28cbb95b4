import { Agent, request } from "node:http";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { harnessSettings } from "../config";
import { type Database, type DatabaseHandle, openDatabase, queryRows } from "../db/client";
import { createIpHasher } from "../fraud/click-signals";
import { assertInvariants } from "../testing/invariants";
import { insertLiveLink } from "../testing/live-link";
import { startAppServer } from "../testing/server-process";
import { embeddedTemplate, openTestDatabase } from "../testing/test-app";

const SHORT_CODE = "CrashCode1";
const AUTH_SECRET = "crash-test-secret-0123456789-0123456789";
const browserUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Clicks on `url` from 20 connections, each from its own network (behind TRUST_PROXY), until the server stops
 * answering. Resolves with the addresses whose answers said "counted", read to their end: the acknowledged clicks.
 */
function clickUntilGone(url: string, onAcknowledged: (count: number) => void): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const acknowledged: string[] = [];
  let sequence = 0;
  let gone = false;
  const once = () =>
    new Promise<void>((resolve) => {
      const n = sequence++;
      const ip = `10.${n & 255}.${(n >> 8) & 255}.${((n >> 16) & 255) + 1}`;
      const req = request(url, { agent, headers: { "User-Agent": browserUa, "X-Forwarded-For": ip } }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.headers["x-click-verdict"] === "counted") {
            acknowledged.push(ip);
            onAcknowledged(acknowledged.length);
          }
          resolve();
        });
        res.on("error", () => resolve());
      });
      req.on("error", () => {
        gone = true;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (!gone) await once();
  };
  return Promise.all(Array.from({ length: 20 }, worker)).then(() => {
    agent.destroy();
    return acknowledged;
  });
}

describe("a crash under click load", () => {
  it("loses no acknowledged counted click: kill -9 mid-load, then a restart on the same data", async () => {
    const { testDatabaseUrl } = harnessSettings();
    // On PostgreSQL the server process uses a fresh test database; else its own embedded one in its DATA_DIR, a copy
    // of the run's template written there before the server first starts.
    const shared = testDatabaseUrl ? await openTestDatabase() : undefined;
    /** Runs `use` on an embedded database in `dataDir`, held by no server. */
    const onEmbedded = async (dataDir: string, use: (db: Database) => Promise<void>, from?: Blob) => {
      const embedded: DatabaseHandle = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite"), from });
      try {
        await use(embedded.db);
      } finally {
        await embedded.close();
      }
    };
    const withLink = (db: Database) => insertLiveLink(db, SHORT_CODE);
    if (shared) await withLink(shared.db);
    const server = await startAppServer(
      { TRUST_PROXY: "1", AUTH_SECRET, LOG_LEVEL: "warn", ...(shared ? { DATABASE_URL: shared.url as string } : {}) },
      { prepare: shared ? undefined : (dataDir) => onEmbedded(dataDir, withLink, embeddedTemplate()) },
    );
    /** Runs `use` on the server's database: beside it on PostgreSQL, with the server stopped on PGlite. */
    const onDatabase = async (use: (db: Database) => Promise<void>) => {
      if (shared) return use(shared.db);
      await server.halt();
      await onEmbedded(server.dataDir, use);
    };
    try {
      let crashed: Promise<void> | undefined;
      const acknowledged = await clickUntilGone(`${server.url}/t/${SHORT_CODE}`, (count) => {
        // Killed mid-load: requests are in flight, some written and unanswered, some half-decided.
        if (count === 300) crashed = server.kill();
      });
      await crashed;
      expect(acknowledged.length).toBeGreaterThanOrEqual(300);

      await server.launch();
      const hash = createIpHasher(AUTH_SECRET);
      await onDatabase(async (db) => {
        const rows = await queryRows<{ ip_hash: string }>(
          db,
          sql`select ip_hash from click_events where verdict = 'counted'`,
        );
        const stored = new Set(rows.map((row) => row.ip_hash));
        expect(acknowledged.filter((ip) => !stored.has(hash(ip)))).toEqual([]);
        await assertInvariants(db);
      });
    } finally {
      await server.stop();
      await shared?.close();
    }
  });
});
