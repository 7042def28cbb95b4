import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooksApi } from "../../core/api/webhooks";
import { type AddressKind, addressKinds } from "../../core/vocabulary";
import { WEBHOOK_LOGGED_CHARACTERS, webhookMessages } from "../../core/webhooks";
import { webhookEndpoints } from "../db/schema";
import type { ResolveHost } from "../net/outbound-request";
import { signUp, type TestUser } from "../testing/accounts";
import { refusedSamples } from "../testing/address-samples";
import { okRoute, refusedRoute } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import { enqueueWebhookEvent } from "../webhooks/webhook-outbox";

/**
 * The outbound rule as the webhooks meet it (ADR 042): no endpoint address that leads inside is accepted, tested or
 * delivered to, whether written out, behind a host name (which may change its answer after the check), or behind a
 * redirect; and an answer is read no further than its head. Runs on both databases.
 */

/** A loopback server that stands for a service inside the operator's network: nothing may reach it. */
function inside() {
  let hits = 0;
  const server: Server = createServer((_request, response) => {
    hits++;
    response.writeHead(200).end("internal secrets");
  });
  return {
    hits: () => hits,
    port: () => (server.address() as AddressInfo).port,
    listen: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Host names answer from this table, which a test changes between the check and the delivery. */
const names = new Map<string, string[]>();
const resolveHost: ResolveHost = async (hostname) => {
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};
/** Stands for the artist's public server at the check; no test ever delivers while a name resolves to it. */
const PUBLIC = "93.184.216.34";

/** The samples an endpoint address can carry (a URL has no IPv6 zone; "not an address" is no host at all). */
const samples = (kind: AddressKind) =>
  refusedSamples[kind].filter((address) => !address.includes("%") && address !== "not an address");
const literal = (address: string) => (address.includes(":") ? `[${address}]` : address);

const service = inside();
/** The production rule: public addresses only. */
let strict: TestApp;
/** A development set-up opted in to local receivers: loopback is allowed, and still no redirect is followed. */
let local: TestApp;
beforeAll(async () => {
  await service.listen();
  strict = await createTestApp({ resolveHost });
  local = await createTestApp({ env: { WEBHOOK_LOCAL_RECEIVERS: "true" } });
});
afterAll(async () => {
  await service?.close();
  await strict?.close();
  await local?.close();
});

const create = (t: TestApp, artist: TestUser, url: string) =>
  refusedRoute(t, webhooksApi.create, { cookie: artist.cookie, body: { url, events: ["campaign.joined"] } });
const lastAttempt = async (t: TestApp, artist: TestUser, id: string) =>
  (await okRoute(t, webhooksApi.deliveries, { params: { id }, cookie: artist.cookie })).deliveries[0]?.log.at(-1);

describe("webhook addresses", () => {
  it("refuses at creation every kind of address that leads inside, written out or behind a host name", async () => {
    const artist = await signUp(strict, "artist");
    for (const kind of addressKinds) {
      for (const [index, address] of samples(kind).entries()) {
        const message = webhookMessages.addressRefused(kind);
        const written = await create(strict, artist, `https://${literal(address)}:${service.port()}/hooks`);
        expect({ address, status: written.status, message: written.error.message }).toEqual({
          address,
          status: 400,
          message,
        });
        expect(written.error.fields).toEqual({ url: message });
        // One of the name's addresses is public: any address inside refuses it.
        const host = `${kind.replace("_", "-")}-${index}.example`;
        names.set(host, [PUBLIC, address]);
        const named = await create(strict, artist, `https://${host}/hooks`);
        expect({ address, host, message: named.error.message }).toEqual({ address, host, message });
      }
    }
    const unknown = await create(strict, artist, "https://no-such-host.example/hooks");
    expect(unknown.error.message).toBe(webhookMessages.hostNotFound);
    expect((await okRoute(strict, webhooksApi.list, { cookie: artist.cookie })).endpoints).toEqual([]);
    expect(service.hits()).toBe(0);
  });

  it("refuses the test event and the delivery when the address leads inside by then, or was stored before the rule", async () => {
    for (const kind of addressKinds) {
      // An artist per kind: each refused test event still draws on the account's bucket of twenty.
      const artist = await signUp(strict, "artist");
      const host = `rebinding-${kind.replace("_", "-")}.example`;
      names.set(host, [PUBLIC]);
      const { endpoint: rebinding } = await okRoute(
        strict,
        webhooksApi.create,
        { cookie: artist.cookie, body: { url: `http://${host}:${service.port()}/hooks`, events: ["campaign.joined"] } },
        201,
      );
      const message = webhookMessages.addressRefused(kind);
      for (const address of samples(kind)) {
        // Its host name now answers an address inside (DNS rebinding)...
        names.set(host, [address]);
        // ...and an endpoint created before this rule names one outright.
        const [stored] = await strict.database.db
          .insert(webhookEndpoints)
          .values({
            userId: artist.id,
            url: `http://${literal(address)}:${service.port()}/hooks`,
            events: ["campaign.joined"],
            secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=",
          })
          .returning();
        for (const id of [rebinding.id, stored?.id ?? ""]) {
          const test = await refusedRoute(strict, webhooksApi.sendTest, { params: { id }, cookie: artist.cookie });
          expect({ address, status: test.status, message: test.error.message }).toEqual({
            address,
            status: 400,
            message,
          });
        }
        await strict.database.db.transaction((tx) =>
          enqueueWebhookEvent(tx, artist.id, "campaign.joined", { campaign: { id: address } }),
        );
        expect(await strict.app.webhookSender.deliverDue()).toBe(0);
        for (const id of [rebinding.id, stored?.id ?? ""]) {
          expect({ address, attempt: await lastAttempt(strict, artist, id) }).toMatchObject({
            address,
            attempt: { response_status: null, response_body: null, error: message },
          });
        }
        if (stored) await strict.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, stored.id));
      }
      names.delete(host);
    }
    // A name that no longer resolves at all is said so.
    const artist = await signUp(strict, "artist");
    names.set("vanishing.example", [PUBLIC]);
    const { endpoint } = await okRoute(
      strict,
      webhooksApi.create,
      { cookie: artist.cookie, body: { url: "http://vanishing.example/hooks", events: ["campaign.joined"] } },
      201,
    );
    names.delete("vanishing.example");
    const gone = await refusedRoute(strict, webhooksApi.sendTest, {
      params: { id: endpoint.id },
      cookie: artist.cookie,
    });
    expect(gone.error.message).toBe(webhookMessages.hostNotFound);
    expect(service.hits()).toBe(0);
  });

  it("follows no redirect, wherever it points: the delivery fails and says why", async () => {
    const artist = await signUp(local, "artist");
    const statuses = [301, 302, 303, 307, 308];
    const targets = addressKinds.map((kind) => `http://${literal(samples(kind)[0] ?? "")}:${service.port()}/admin`);
    let next = 0;
    const redirecting = createServer((request, response) => {
      request.resume();
      const index = next++;
      response.writeHead(statuses[index % statuses.length] ?? 302, { Location: targets[index] ?? "/" }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", () => resolve()));
    try {
      const { endpoint } = await okRoute(
        local,
        webhooksApi.create,
        {
          cookie: artist.cookie,
          body: {
            url: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hooks`,
            events: ["campaign.joined"],
          },
        },
        201,
      );
      for (const [index] of targets.entries()) {
        await okRoute(local, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie });
        expect(await local.app.webhookSender.deliverDue()).toBe(0);
        const status = statuses[index % statuses.length] ?? 0;
        expect(await lastAttempt(local, artist, endpoint.id)).toMatchObject({
          response_status: status,
          error: webhookMessages.redirected(status),
        });
      }
      expect(next).toBe(targets.length);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
    expect(service.hits()).toBe(0);
  });

  it("reads only the head of a huge answer, so the server's memory stays flat, and logs that head", async () => {
    const artist = await signUp(local, "artist");
    const answerBytes = 300 * 1024 ** 2;
    const chunk = Buffer.alloc(64 * 1024, "é");
    let written = 0;
    let closed = false;
    const flooding = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
      response.on("close", () => {
        closed = true;
      });
      // One buffer written again and again, as fast as the connection takes it: the flood costs this process nothing.
      const pump = () => {
        while (!closed && written < answerBytes) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        if (!closed) response.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => flooding.listen(0, "127.0.0.1", () => resolve()));
    try {
      const { endpoint } = await okRoute(
        local,
        webhooksApi.create,
        {
          cookie: artist.cookie,
          body: { url: `http://127.0.0.1:${(flooding.address() as AddressInfo).port}/`, events: ["campaign.joined"] },
        },
        201,
      );
      await okRoute(local, webhooksApi.sendTest, { params: { id: endpoint.id }, cookie: artist.cookie });
      const used = () => {
        const memory = process.memoryUsage();
        return memory.heapUsed + memory.arrayBuffers;
      };
      const before = used();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, used());
      }, 2);
      const delivered = await local.app.webhookSender.deliverDue().finally(() => clearInterval(sampler));
      peak = Math.max(peak, used());
      expect(delivered).toBe(1);
      await expect.poll(() => closed).toBe(true);
      const growthMb = (peak - before) / 1024 ** 2;
      expect(growthMb, `memory grew ${growthMb.toFixed(1)} MB`).toBeLessThan(32);
      expect(written).toBeLessThan(answerBytes / 10);
      const attempt = await lastAttempt(local, artist, endpoint.id);
      expect(attempt?.response_status).toBe(200);
      expect(attempt?.response_body).toBe("é".repeat(WEBHOOK_LOGGED_CHARACTERS));
    } finally {
      await new Promise<void>((resolve) => flooding.close(() => resolve()));
    }
  });
});
