import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { answerOf, errorOf } from "../testing/contract-call";
import { createTestApp, type TestApp } from "../testing/test-app";
import { MAX_STREAMS_PER_ADDRESS, tooManyStreamsMessage } from "./live-stream";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
});
