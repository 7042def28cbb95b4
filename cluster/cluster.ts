import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, inject } from "vitest";
import { harnessSettings } from "../src/server/config";
import { type DatabaseHandle, openDatabase, queryRows } from "../src/server/db/client";
import { assertInvariants } from "../src/server/testing/invariants";
import { type AppServer, freePort, startAppServer } from "../src/server/testing/server-process";
import type { TestClient } from "../src/server/testing/test-app";

declare module "vitest" {
  export interface ProvidedContext {
    clusterRunId: string;
  }
}

/** The balancer's names for the instances, as its X-Served-By header says them. */
export const instanceNames = ["app1", "app2"] as const;
export type InstanceName = (typeof instanceNames)[number];

/** A browser's user agent: the cluster's clicks are people's, sent from node:http with nothing fetch would add. */
export const browserUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const deployConfig = new URL("../deploy/haproxy.cfg", import.meta.url);
/** Every instance shares it: a session, an unsubscribe link or a click challenge made by one is read by the other. */
const AUTH_SECRET = "cluster-secret-that-is-long-enough-0123456789";

/**
 * deploy/haproxy.cfg as the cluster tests run it: the frontend's `bind` and the backend's `server` lines replaced by
 * this machine's, every other line as documented.
 */
export function balancerConfig(template: string, bind: string, servers: Array<{ name: string; address: string }>) {
  const lines: string[] = [];
  let serversWritten = false;
  for (const line of template.split("\n")) {
    if (/^\s*bind\s/.test(line)) lines.push(`    bind ${bind}`);
    else if (/^\s*server\s/.test(line)) {
      if (!serversWritten) lines.push(...servers.map((server) => `    server ${server.name} ${server.address}`));
      serversWritten = true;
    } else lines.push(line);
  }
  return lines.join("\n");
}

/** A random address in 127.1.0.0 to 127.199.255.255 for a client socket (127.0.0.1 is the balancer's and Chromium's). */
export const loopbackAddress = () => `127.${randomInt(1, 200)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Visitors per /24 network in `nthAddress`: under the fraud engine's default limit of 10 counted clicks on one link. */
const VISITORS_PER_NETWORK = 9;
/** The networks of 127.200.0.0 to 127.255.255.0. */
const NTH_NETWORKS = 56 * 256;

/**
 * The `index`th of 129,024 distinct visitors from 127.200.0.1 up, apart from the random ones, nine to a network (a /24:
 * the fraud engine challenges a network's clicks past its limit on one link). Past the last one it throws.
 */
export const nthAddress = (index: number) => {
  const network = Math.floor(index / VISITORS_PER_NETWORK);
  if (network >= NTH_NETWORKS)
    throw new Error(`no ${index}th visitor: nthAddress has ${NTH_NETWORKS * VISITORS_PER_NETWORK}`);
  return `127.${200 + Math.floor(network / 256)}.${network % 256}.${1 + (index % VISITORS_PER_NETWORK)}`;
};

type Send = {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client socket's address: the client address the balancer forwards. */
  localAddress?: string;
};

/** One request over its own connection with node:http, answered as a Fetch `Response` (streamed: SSE works). */
export function send(options: Send): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: options.port,
        path: options.path,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (incoming) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers as IncomingHttpHeaders)) {
          for (const each of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, each);
        }
        const status = incoming.statusCode ?? 502;
        const empty = options.method === "HEAD" || status === 204 || status === 304;
        if (empty) incoming.resume();
        const body = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, headers }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Polls `check` until it says true; fails naming `what` after `timeoutMs` (hooks cannot use expect.poll). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `task(0 … count-1)` with at most `concurrency` at once; the results in order. */
export async function inParallel<T>(count: number, concurrency: number, task: (index: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Which instance answered, as the balancer says. */
export const servedBy = (response: Response) => response.headers.get("x-served-by") as InstanceName | null;

export type Click = { status: number; verdict: string | null; servedBy: InstanceName | null; page: string };

export type Cluster = TestClient & {
  /** The balancer's address: every instance's PUBLIC_URL. */
  url: string;
  port: number;
  instances: Record<InstanceName, AppServer & { metricsPort: number }>;
  /** A tracking link opened through the balancer from `ip`, as a browser's navigation (plain node:http). */
  click(shortCode: string, ip: string): Promise<Click>;
  /** Makes the balancer's next request go to `name` (round robin: after one answered by the other). */
  steerTo(name: InstanceName): Promise<void>;
  /** Waits until the balancer sends requests to both instances again (each passed its readiness checks). */
  balanced(): Promise<void>;
  /** Stops both instances, runs `whileStopped`, and starts both again at the same moment. */
  restartAll(whileStopped?: () => Promise<void>): Promise<void>;
  /**
   * Once the outbox is empty: every email was delivered in one attempt, by one instance, once (the dev outbox's log
   * lines of both instances against the outbox's rows).
   */
  expectEachEmailSentOnce(): Promise<void>;
  stop(): Promise<void>;
};

/** A fresh database on the shared PostgreSQL, dropped by `stop` (and by the run's teardown if a file crashed). */
async function createClusterDatabase() {
  const adminUrl = harnessSettings().clusterDatabaseUrl;
  const name = `fanboost_cluster_${inject("clusterRunId")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

type DevOutboxLine = { msg?: string; to?: string; subject?: string };

/** The dev outbox's deliveries in a server's output, as `to|subject`. */
const deliveries = (output: string) =>
  output.split("\n").flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as DevOutboxLine;
      return parsed.msg?.startsWith("dev outbox") ? [`${parsed.to}|${parsed.subject}`] : [];
    } catch {
      return [];
    }
  });

const tally = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)));
};

/**
 * Two instances of the real server (its bundle, dist/server/main.js, each its own process, as `npm start` runs it) on one fresh
 * PostgreSQL database, behind Debian's HAProxy running deploy/haproxy.cfg (round robin, no stickiness).
 * `env` is added to both instances' environment, `instanceEnv` to one's.
 */
export async function startCluster(
  options: {
    env?: Record<string, string>;
    instanceEnv?: Partial<Record<InstanceName, (base: { databaseUrl: string }) => Record<string, string>>>;
  } = {},
): Promise<Cluster> {
  const database = await createClusterDatabase();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = await Promise.all(
    instanceNames.map(async (name) => {
      const metricsPort = await freePort();
      const server = await startAppServer({
        DATABASE_URL: database.url,
        PUBLIC_URL: url,
        AUTH_SECRET,
        // The balancer connects from 127.0.0.1: only its X-Forwarded-For is believed.
        TRUST_PROXY: "127.0.0.1",
        METRICS_PORT: String(metricsPort),
        ...options.env,
        ...options.instanceEnv?.[name]?.({ databaseUrl: database.url }),
      });
      return [name, Object.assign(server, { metricsPort })] as const;
    }),
  );
  const instances = Object.fromEntries(started) as Cluster["instances"];

  const configDir = mkdtempSync(join(tmpdir(), "fanboost-haproxy-"));
  const configFile = join(configDir, "haproxy.cfg");
  writeFileSync(
    configFile,
    balancerConfig(
      readFileSync(deployConfig, "utf8"),
      `127.0.0.1:${port}`,
      instanceNames.map((name) => ({
        name,
        address: new URL(instances[name].url).host.replace("localhost", "127.0.0.1"),
      })),
    ),
  );
  let balancerOutput = "";
  const haproxy: ChildProcess = spawn(harnessSettings().haproxyPath, ["-f", configFile, "-db"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  haproxy.stdout?.on("data", (chunk) => {
    balancerOutput += chunk;
  });
  haproxy.stderr?.on("data", (chunk) => {
    balancerOutput += chunk;
  });

  const testDatabase: DatabaseHandle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 3 });

  const request: TestClient["request"] = (path, init = {}) => {
    const { json, headers, ip, cookie, method, body } = init;
    const sent: Record<string, string> = {
      Origin: url,
      ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      ...(cookie ? { Cookie: cookie } : {}),
    };
    new Headers(headers).forEach((value, name) => {
      sent[name] = value;
    });
    return send({
      port,
      path,
      method: method ?? "GET",
      headers: sent,
      body: json === undefined ? (body as string | undefined) : JSON.stringify(json),
      localAddress: ip ?? loopbackAddress(),
    });
  };

  const balanced = async () => {
    const seen = new Set<string>();
    await waitFor(
      "the balancer sends requests to both instances",
      async () => {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${balancerOutput}`);
        const response = await request("/api/ready");
        await response.arrayBuffer();
        if (response.status === 200) seen.add(servedBy(response) ?? "");
        return instanceNames.every((name) => seen.has(name));
      },
      30_000,
    );
  };

  const cluster: Cluster = {
    url,
    port,
    instances,
    database: testDatabase,
    request,
    async click(shortCode, ip) {
      const response = await send({
        port,
        path: `/t/${shortCode}`,
        headers: {
          "User-Agent": browserUserAgent,
          Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "Accept-Language": "en-US,en;q=0.9",
        },
        localAddress: ip,
      });
      return {
        status: response.status,
        verdict: response.headers.get("x-click-verdict"),
        servedBy: servedBy(response),
        page: await response.text(),
      };
    },
    async steerTo(name) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await request("/api/health");
        await response.arrayBuffer();
        if (servedBy(response) !== name) return;
      }
      throw new Error(`the balancer sent ten requests in a row to ${name}`);
    },
    balanced,
    async restartAll(whileStopped) {
      await Promise.all(instanceNames.map((name) => instances[name].halt()));
      await whileStopped?.();
      await Promise.all(instanceNames.map((name) => instances[name].launch()));
      await balanced();
    },
    async expectEachEmailSentOnce() {
      await waitFor("every email in the outbox is sent", async () => {
        const [row] = await queryRows<{ waiting: number }>(
          testDatabase.db,
          sql`select count(*)::int as waiting from mail_outbox where status <> 'sent'`,
        );
        return row?.waiting === 0;
      });
      const rows = await queryRows<{ to: string; subject: string; attempts: number }>(
        testDatabase.db,
        sql`select "to", subject, attempts from mail_outbox`,
      );
      expect(rows.filter((row) => row.attempts !== 1)).toEqual([]);
      const delivered = instanceNames.flatMap((name) => deliveries(instances[name].output()));
      expect(tally(delivered)).toEqual(tally(rows.map((row) => `${row.to}|${row.subject}`)));
    },
    async stop() {
      const exited = new Promise((resolve) => haproxy.once("exit", resolve));
      haproxy.kill("SIGTERM");
      await exited;
      await Promise.all(instanceNames.map((name) => instances[name].stop()));
      try {
        await assertInvariants(testDatabase.db);
      } finally {
        await testDatabase.close();
      }
      await database.drop();
      rmSync(configDir, { recursive: true, force: true });
    },
  };

  try {
    await balanced();
  } catch (error) {
    await cluster.stop();
    throw new Error(`${String(error)}; the balancer said:\n${balancerOutput}`);
  }
  return cluster;
}
