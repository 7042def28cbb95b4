import { Agent, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { STREAM_RECONNECT_EVENT, STREAM_RECONNECT_MS } from "../core/api/contract";
import { serveApp } from "./serve-app";
import { liveCampaignWithLink } from "./testing/campaigns";
import { createTestApp } from "./testing/test-app";

/** Everything a stream sends until it ends. */
async function readToEnd(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

describe("shutdown", () => {
  it("turns readiness to 503, then ends each live stream with a reconnect hint for another instance", async () => {
    const t = await createTestApp();
    try {
      const { campaignId } = await liveCampaignWithLink(t);
      const stream = await t.request(`/api/campaigns/${campaignId}/leaderboard/stream`);
      const received = readToEnd(stream);
      t.app.beginDrain();
      expect((await t.request("/api/ready")).status).toBe(503);
      expect(t.app.live.openStreams.get("leaderboard")).toBe(1);

      await t.app.drain();
      const text = await received;
      expect(text).toContain(`event: ${STREAM_RECONNECT_EVENT}\ndata: {}\nretry: ${STREAM_RECONNECT_MS}\n\n`);
      expect(text.trimEnd().endsWith(`retry: ${STREAM_RECONNECT_MS}`)).toBe(true);
      expect(t.app.live.openStreams.get("leaderboard")).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("ends a stream opened after the streams were ended (a page reconnecting on a kept-alive connection) at once", async () => {
    const t = await createTestApp();
    try {
      const { campaignId } = await liveCampaignWithLink(t);
      await t.app.drain();
      // Left open, it would hold its connection and the server's close until the shutdown deadline.
      const text = await readToEnd(await t.request(`/api/campaigns/${campaignId}/leaderboard/stream`));
      expect(text).toContain(`event: ${STREAM_RECONNECT_EVENT}\ndata: {}\nretry: ${STREAM_RECONNECT_MS}\n\n`);
      expect(t.app.live.openStreams.get("leaderboard")).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("closes a kept-alive connection once a stream asked for during the drain has been answered", async () => {
    const t = await createTestApp();
    const server = await serveApp(t.app, { port: 0, hostname: "127.0.0.1" });
    // Kept alive far longer than the test waits: only the drain can close the connection in time.
    server.keepAliveTimeout = 60_000;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { campaignId } = await liveCampaignWithLink(t);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/campaigns/${campaignId}/leaderboard/stream`;
      const open = () =>
        new Promise<IncomingMessage>((resolve, reject) => get(url, { agent }, resolve).on("error", reject));
      const readAll = (response: IncomingMessage) =>
        new Promise<string>((resolve) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () => resolve(text));
        });

      const first = await open();
      const firstSocket = first.socket;
      const firstText = readAll(first);
      t.app.beginDrain();
      await t.app.drain();
      expect(await firstText).toContain(`event: ${STREAM_RECONNECT_EVENT}`);

      // The page reconnects at once, on the same kept-alive connection.
      const again = await open();
      expect(again.socket).toBe(firstSocket);
      const closed = new Promise<boolean>((resolve) => again.socket.once("close", () => resolve(true)));
      expect(await readAll(again)).toContain(`event: ${STREAM_RECONNECT_EVENT}`);
      const inTime = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref());
      expect(await Promise.race([closed, inTime])).toBe(true);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    }
  });
});
