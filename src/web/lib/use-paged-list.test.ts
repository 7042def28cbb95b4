// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminApi } from "../../core/api/admin";
import { renderHook } from "./testing/render-hook";
import { jsonResponse } from "./testing/responses";
import { SEARCH_DEBOUNCE_MS, usePagedList } from "./use-paged-list";

let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.useFakeTimers();
  vi.stubGlobal("fetch", async (path: string) => {
    asked.push(path);
    return jsonResponse({ items: [{ id: path }], total: 120 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe("a searchable paged list", () => {
  it("asks for a page with its filters, searches once typing pauses, and goes back to the first page on a change", async () => {
    const { result } = renderHook(() => usePagedList(adminApi.campaigns, 50, { status: "all" }));
    await settle();
    expect(asked).toEqual(["/api/admin/campaigns?status=all&offset=0&limit=50"]);

    const pager = result.current.pager(120);
    expect(pager).toMatchObject({ offset: 0, total: 120, pageSize: 50 });
    act(() => pager.onChange(50));
    await settle();
    expect(asked.at(-1)).toBe("/api/admin/campaigns?status=all&offset=50&limit=50");

    act(() => result.current.setSearch("  nova "));
    expect(result.current.search).toBe("  nova ");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(asked.at(-1)).toBe("/api/admin/campaigns?status=all&offset=0&limit=50");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked.at(-1)).toBe("/api/admin/campaigns?status=all&q=nova&offset=0&limit=50");

    act(() => result.current.pager(120).onChange(100));
    await settle();
    act(() => result.current.setFilter("status", "paused"));
    await settle();
    expect(result.current.filters).toEqual({ status: "paused" });
    expect(asked.at(-1)).toBe("/api/admin/campaigns?status=paused&q=nova&offset=0&limit=50");
  });

  it("keeps showing the page it has while the next one loads", async () => {
    const { result } = renderHook(() => usePagedList(adminApi.users, 50, {}));
    await settle();
    const first = result.current.list.data;
    vi.stubGlobal("fetch", () => new Promise(() => undefined));
    act(() => result.current.pager(120).onChange(50));
    await settle();
    expect(result.current.list.data).toBe(first);
    expect(result.current.list.isPlaceholderData).toBe(true);
  });
});
