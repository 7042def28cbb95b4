import { describe, expect, it } from "vitest";
import { createErrorLog, ERROR_LOG_KEY } from "./error-log";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    raw: () => items.get(ERROR_LOG_KEY),
  };
}

const page = { url: "/leaderboards", userAgent: "Test" };
const leaderboards = { component: "/api/public/leaderboards", action: "GET", ...page };

describe("the local error log", () => {
  it("keeps a failure unresolved until the same component's same action succeeds, counting the tries between", () => {
    const storage = memoryStorage();
    const log = createErrorLog(
      () => storage,
      () => new Date("2026-11-25T10:00:00Z"),
    );
    log.record({ status: 503, message: "Service down" }, leaderboards, 3);
    log.record({ status: 404, message: "Campaign not found" }, { ...leaderboards, component: "/api/campaigns/:id" });
    log.record({ status: 503, message: "Still down" }, leaderboards);
    expect(log.entries()).toMatchObject([
      {
        type: "api",
        severity: "high",
        message: "Still down",
        resolved: false,
        retryCount: 3,
        context: { timestamp: "2026-11-25T10:00:00.000Z", component: "/api/public/leaderboards", action: "GET" },
      },
      { message: "Campaign not found", resolved: false, retryCount: 0 },
    ]);

    // Another action on the same endpoint resolves nothing; the same one resolves its own entry only.
    log.resolve({ component: "/api/public/leaderboards", action: "POST" });
    expect(log.entries().map((entry) => entry.resolved)).toEqual([false, false]);
    log.resolve({ component: "/api/public/leaderboards", action: "GET" });
    expect(log.entries().map((entry) => entry.resolved)).toEqual([true, false]);
    // The next failure there is a new entry.
    log.record({ status: 0, message: "Network error" }, leaderboards);
    expect(log.entries()).toHaveLength(3);
    expect(JSON.parse(storage.raw() ?? "[]")).toHaveLength(3);
  });

  it("keeps the newest 50, and survives a storage it cannot read or write", () => {
    const storage = memoryStorage();
    const log = createErrorLog(() => storage);
    for (let index = 0; index < 60; index++)
      log.record({ message: `boom ${index}` }, { ...leaderboards, action: `${index}` });
    expect(log.entries()).toHaveLength(50);
    expect(log.entries()[0]?.message).toBe("boom 10");

    storage.setItem(ERROR_LOG_KEY, "not json");
    expect(log.entries()).toEqual([]);
    const refusing = createErrorLog(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    }));
    expect(() => refusing.record({ message: "boom" }, leaderboards)).not.toThrow();
  });
});
