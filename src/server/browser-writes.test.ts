import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Contract } from "../core/api/contract";
import { ApiError } from "../web/lib/api";
import { uploadArtwork } from "../web/lib/artwork";
import { callApi } from "../web/lib/use-api";
import { serveApp } from "./serve-app";
import { signUp, type TestUser } from "./testing/accounts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./testing/test-app";

/**
 * Every write the browser makes, made the browser's way: the web app's own `callApi` (and its artwork upload), over
 * HTTP to a listening server (whose Node adapter gives every DELETE and POST a body stream, as it does for a browser),
 * as a signed-in artist who is also an admin, so each route's guard lets it through to its input. Whatever the route
 * then answers about the input, it must never refuse the way the request was sent, nor fail on it.
 */

type AnyContract = Contract<unknown, unknown, unknown, string>;

const modules = import.meta.glob<Record<string, unknown>>("../core/api/*.ts", { eager: true });
const isContract = (value: unknown): value is AnyContract =>
  typeof value === "object" && value !== null && "method" in value && "path" in value;
const writes = Object.values(modules)
  .flatMap((module) => Object.values(module))
  .flatMap((group) => (typeof group === "object" && group !== null ? Object.values(group) : []))
  .filter(isContract)
  .filter((contract) => contract.method !== "GET");
// Signing out ends the session the other writes use.
const signOutPath = "/api/auth/sign-out";

let t: TestApp;
let server: Server;
let base: string;
let user: TestUser;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  const adminEmail = `writer-${randomUUID().slice(0, 8)}@example.com`;
  t = await createTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  server = await serveApp(t.app, { port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  user = await signUp(t, "artist", { email: adminEmail });
  // What a browser on the site adds to the page's own calls: the server's address, the site's origin, the cookie.
  vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) =>
    realFetch(new URL(input, base), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Origin: TEST_ORIGIN, Cookie: user.cookie },
    }),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  if (server) await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

/** The status a browser call ended with, and the server's message when it refused. */
async function outcome(call: () => Promise<unknown>) {
  try {
    await call();
    return { status: 200, code: "", message: "" };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code, message: error.message };
  }
}

const expectAccepted = (result: { status: number; code: string; message: string }) => {
  expect(result.status).not.toBe(415);
  expect(result.message).not.toBe("The request must be a JSON object");
  expect(result.status).toBeLessThan(500);
};

describe("every write the browser makes", () => {
  it("walks at least the writes of every area", () => {
    expect(writes.map((contract) => contract.method)).toEqual(expect.arrayContaining(["POST", "DELETE"]));
    expect(writes.length).toBeGreaterThan(40);
  });

  it.each(
    writes
      .filter((contract) => contract.path !== signOutPath && contract.path !== "/api/artwork")
      .map((contract) => [`${contract.method} ${contract.path}`, contract] as const),
  )("%s is accepted as the browser sends it", async (_name, contract) => {
    const params = Object.fromEntries(
      [...contract.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, randomUUID()]),
    );
    expectAccepted(await outcome(() => callApi(contract, { params } as never)));
  });

  it("POST /api/artwork is accepted as the browser uploads a file", async () => {
    const file = new File([new Uint8Array(64)], "cover.png", { type: "image/png" });
    const result = await outcome(() => uploadArtwork(file));
    expectAccepted(result);
    expect(result.status).toBe(400);
  });

  it(`${signOutPath} is accepted as the browser sends it`, async () => {
    const signOut = writes.find((contract) => contract.path === signOutPath) as AnyContract;
    expect(await outcome(() => callApi(signOut))).toMatchObject({ status: 200 });
  });
});
