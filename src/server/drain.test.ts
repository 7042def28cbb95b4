import { describe, expect, it } from "vitest";
import { STREAM_RECONNECT_EVENT, STREAM_RECONNECT_MS } from "../core/api/contract";
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
});
