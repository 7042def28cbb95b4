import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { answerOf, errorOf } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_NETWORK, tooManyStreamsMessage } from "./live-stream";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const open = (ip: string) => t.request(leaderboardsApi.publicStream.path, { ip });

describe("live streams", () => {
  it("are capped per address, and a closed one frees its place", async () => {
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_ADDRESS }, () => open("198.51.100.7")));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const refused = await open("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(errorOf(await answerOf(refused, leaderboardsApi.publicStream)).message).toBe(tooManyStreamsMessage);
    // Another address is not affected.
    const other = await open("198.51.100.8");
    expect(other.status).toBe(200);
    await other.body?.cancel();

    await streams[0]?.body?.cancel();
    await expect
      .poll(async () => {
        const again = await open("198.51.100.7");
        await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
    for (const stream of streams.slice(1)) await stream.body?.cancel();
  });

  it("are capped per network too (an IPv4 /24, an IPv6 /48), however its addresses share them out", async () => {
    for (const [inside, outside] of [
      [(host: number) => `203.0.113.${host}`, "203.0.114.1"],
      [(host: number) => `2001:db8:77:${host.toString(16)}::1`, "2001:db8:78::1"],
    ] as const) {
      // Each address under its own cap, the network at its cap.
      const perAddress = MAX_STREAMS_PER_ADDRESS / 2;
      const streams = await Promise.all(
        Array.from({ length: MAX_STREAMS_PER_NETWORK }, (_, index) => open(inside(1 + Math.floor(index / perAddress)))),
      );
      expect(streams.filter((stream) => stream.status === 200)).toHaveLength(MAX_STREAMS_PER_NETWORK);
      const refused = await open(inside(250));
      expect(refused.status).toBe(429);
      expect(errorOf(await answerOf(refused, leaderboardsApi.publicStream)).message).toBe(tooManyStreamsMessage);
      // The next network is not affected; a closed stream frees a place in its network.
      const neighbour = await open(outside);
      expect(neighbour.status).toBe(200);
      await neighbour.body?.cancel();
      await streams[0]?.body?.cancel();
      await expect
        .poll(async () => {
          const again = await open(inside(250));
          await again.body?.cancel();
          return again.status;
        })
        .toBe(200);
      for (const stream of streams.slice(1)) await stream.body?.cancel();
    }
  });
});
