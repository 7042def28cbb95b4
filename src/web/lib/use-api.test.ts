// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminApi } from "../../core/api/admin";
import { campaignsApi } from "../../core/api/campaigns";
import { errorToasts } from "../../core/error-rules";
import { errorLog } from "./error-log";
import { signedInAgain, whenSessionExpires } from "./session-expiry";
import { renderHook } from "./testing/render-hook";
import { jsonResponse } from "./testing/responses";
import { toast } from "./toast";
import { apiKey, useApi, useApiMutation, useApiWrite } from "./use-api";

vi.mock("./toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), message: vi.fn() } }));

type Sent = { path: string; method: string; key: string | null };
let sent: Sent[] = [];
/** The server: answers each request with the next of `answers` (the last one again once they run out). */
function serve(...answers: Array<() => Response>) {
  vi.stubGlobal("fetch", async (path: string, init: RequestInit = {}) => {
    sent.push({ path, method: init.method ?? "GET", key: new Headers(init.headers).get("Idempotency-Key") });
    return (answers.length > 1 ? answers.shift() : answers[0])?.() ?? jsonResponse({});
  });
}
const joined = () => jsonResponse({ link: { short_code: "abc" } });
const down = () => jsonResponse({ error: { code: "error", message: "Service unavailable" } }, 503);
const expired = () => jsonResponse({ error: { code: "unauthorized", message: "Authentication required" } }, 401);
const join = { params: { id: "c1" } };

beforeEach(() => {
  sent = [];
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the one write path", () => {
  it("refreshes the endpoints it invalidates, every cached answer of each, once the write succeeded", async () => {
    serve(() => jsonResponse({ items: [], total: 0 }));
    const { result, queryClient } = renderHook(() => ({
      list: useApi(adminApi.campaigns, { query: { q: "x" } }),
      end: useApiMutation(adminApi.endCampaign, { invalidates: [adminApi.campaigns] }),
    }));
    await vi.waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(sent).toEqual([{ path: "/api/admin/campaigns?q=x", method: "GET", key: null }]);
    serve(
      () => jsonResponse({ ok: true }),
      () => jsonResponse({ items: [], total: 0 }),
    );
    await act(() => result.current.end.mutateAsync({ params: { id: "c1" } }));
    expect(sent.slice(1).map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /api/admin/campaigns/c1/end",
      "GET /api/admin/campaigns?q=x",
    ]);
    expect(queryClient.getQueryState(apiKey(adminApi.campaigns, { query: { q: "x" } }))?.isInvalidated).toBe(false);
  });

  it("tries an idempotent write again after a server error with the same key, and a plain write never", async () => {
    // The retries' backoff passes at once.
    vi.useFakeTimers();
    serve(down, down, joined);
    const { result } = renderHook(() => ({
      join: useApiMutation(campaignsApi.join, { idempotent: true }),
      end: useApiMutation(adminApi.endCampaign),
    }));
    let answer: unknown;
    act(() => {
      void result.current.join.mutateAsync(join).then((value) => (answer = value));
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(answer).toEqual({ link: { short_code: "abc" } });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.key)).size).toBe(1);
    expect(sent[0]?.key).toMatch(/.{8,}/);

    sent = [];
    serve(down);
    const failed = result.current.end.mutateAsync({ params: { id: "c1" } }).catch((error: unknown) => error);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await failed).toMatchObject({ status: 503 });
    // Tried once, then reported to the server as a serious failure.
    expect(sent.map((request) => request.path)).toEqual(["/api/admin/campaigns/c1/end", "/api/client-errors"]);
    expect(sent[0]?.key).toBeNull();
    vi.useRealTimers();
  });

  it("meets an expired session once: the sign-in opens, and the write is done again once the user is back", async () => {
    const openSignIn = vi.fn();
    const unregister = whenSessionExpires(openSignIn);
    serve(expired);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useApiMutation(campaignsApi.join, { idempotent: true, onSuccess }));
    await act(() => result.current.mutateAsync(join).catch(() => undefined));
    expect(toast.error).toHaveBeenCalledWith(errorToasts.auth);
    expect(openSignIn).toHaveBeenCalledTimes(1);
    expect(errorLog.entries()).toMatchObject([
      { type: "auth", resolved: false, context: { component: "/api/campaigns/:id/join", action: "POST" } },
    ]);

    serve(joined);
    await act(async () => signedInAgain());
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sent.map((request) => request.path)).toEqual(["/api/campaigns/c1/join", "/api/campaigns/c1/join"]);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(errorLog.entries()[0]?.resolved).toBe(true);
    unregister();
  });

  it("takes an endpoint chosen at each call through the same path", async () => {
    serve(
      () => jsonResponse({ ok: true }),
      () => jsonResponse({ items: [], total: 0 }),
    );
    const { result, queryClient } = renderHook(() => useApiWrite());
    queryClient.setQueryData(apiKey(adminApi.users, {}), { items: [], total: 0 });
    const refresh = vi.spyOn(queryClient, "invalidateQueries");
    const onSuccess = vi.fn();
    await act(() =>
      result.current(
        adminApi.banUser,
        { params: { id: "u1" }, body: {} },
        { invalidates: [adminApi.users], onSuccess },
      ),
    );
    expect(sent[0]).toMatchObject({ path: "/api/admin/users/u1/ban", method: "POST" });
    expect(refresh).toHaveBeenCalledWith({ queryKey: apiKey(adminApi.users) });
    expect(onSuccess).toHaveBeenCalledTimes(1);

    serve(down);
    await expect(result.current(adminApi.unbanUser, { params: { id: "u1" } })).rejects.toMatchObject({ status: 503 });
    expect(errorLog.entries()).toMatchObject([
      { context: { component: "/api/admin/users/:id/unban", action: "POST" } },
    ]);
  });
});
