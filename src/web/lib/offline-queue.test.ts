// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offlineQueue, replayQueue } from "./offline-queue";
import { jsonResponse } from "./testing/responses";

const join = (label: string) => ({ label, path: `/api/campaigns/${label}/join`, body: {} });
type Sent = [string, RequestInit];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the offline queue", () => {
  it("keeps writes in this browser's storage, each with an idempotency key of its own, and tells its listeners", () => {
    const listener = vi.fn();
    const unsubscribe = offlineQueue.subscribe(listener);
    offlineQueue.add(join("a"));
    offlineQueue.add({ ...join("b"), idempotencyKey: "chosen" });
    expect(listener).toHaveBeenCalledTimes(2);
    const queued = offlineQueue.list();
    expect(queued.map((action) => action.label)).toEqual(["a", "b"]);
    expect(queued[0]?.idempotencyKey).toMatch(/.{8,}/);
    expect(queued[1]?.idempotencyKey).toBe("chosen");
    // Another tab's change to the queue reaches this one's listeners.
    window.dispatchEvent(new StorageEvent("storage", { key: "fanboost_offline_queue" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "something_else" }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    offlineQueue.add(join("c"));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("reads a damaged store as empty", () => {
    localStorage.setItem("fanboost_offline_queue", "{not json");
    expect(offlineQueue.list()).toEqual([]);
    localStorage.setItem("fanboost_offline_queue", '{"an":"object"}');
    expect(offlineQueue.list()).toEqual([]);
  });

  it("replays in order with each write's key; a refusal is dropped and said, the rest go on", async () => {
    offlineQueue.add(join("a"));
    offlineQueue.add(join("b"));
    offlineQueue.add(join("c"));
    const keys = offlineQueue.list().map((action) => action.idempotencyKey);
    const fetch = vi.fn(async (path: string) =>
      path.includes("/b/")
        ? jsonResponse({ error: { code: "not_found", message: "Campaign not found" } }, 404)
        : jsonResponse({ ok: true }),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await replayQueue()).toEqual([
      { label: "a", ok: true },
      { label: "b", ok: false, message: "Campaign not found" },
      { label: "c", ok: true },
    ]);
    expect(
      (fetch.mock.calls as unknown as Sent[]).map(([path, init]) => [
        path,
        new Headers(init.headers).get("Idempotency-Key"),
      ]),
    ).toEqual([
      ["/api/campaigns/a/join", keys[0]],
      ["/api/campaigns/b/join", keys[1]],
      ["/api/campaigns/c/join", keys[2]],
    ]);
    expect(offlineQueue.list()).toEqual([]);
  });

  it("stops at a network failure, a server error or a conflict, keeping that write and the ones after it", async () => {
    for (const failure of [
      async () => {
        throw new TypeError("Failed to fetch");
      },
      async () => jsonResponse({ error: { code: "error", message: "Down" } }, 503),
      async () => jsonResponse({ error: { code: "in_progress", message: "Still being done" } }, 409),
    ]) {
      localStorage.clear();
      offlineQueue.add(join("a"));
      offlineQueue.add(join("b"));
      offlineQueue.add(join("c"));
      let calls = 0;
      vi.stubGlobal("fetch", async () => (++calls === 2 ? failure() : jsonResponse({ ok: true })));
      expect(await replayQueue()).toEqual([{ label: "a", ok: true }]);
      expect(offlineQueue.list().map((action) => action.label)).toEqual(["b", "c"]);
    }
  });

  it("runs one replay at a time: a second call while one runs shares its outcome", async () => {
    offlineQueue.add(join("a"));
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const first = replayQueue();
    const second = replayQueue();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(jsonResponse({ ok: true }));
    expect(await first).toEqual([{ label: "a", ok: true }]);
    expect(await second).toBe(await first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
