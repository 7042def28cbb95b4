// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountsApi } from "../../core/api/accounts";
import { SESSION_ENDED_EVENT, STREAM_RECONNECT_EVENT, STREAM_RECONNECT_MS } from "../../core/api/contract";
import { leaderboardsApi } from "../../core/api/leaderboards";
import { useLiveData } from "./live";
import { renderHook } from "./testing/render-hook";
import { jsonResponse } from "./testing/responses";
import { apiKey } from "./use-api";

/** A server-sent-event stream the test drives: it sends messages, fails, or says its server is going away. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown = null) {
    act(() => this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) })));
  }
  fail() {
    act(() => this.onerror?.());
  }
}
const latest = () => FakeEventSource.opened.at(-1) as FakeEventSource;

const board = (clicks: number) => ({ campaign_id: "c1", entries: [{ handle: "fan", clicks }] });
const campaignBoard = { params: { id: "c1" } };

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.spyOn(Math, "random").mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("live data", () => {
  it("shows each pushed answer, and polls at the fallback interval only while the stream is down", async () => {
    const fetch = vi.fn(async () => jsonResponse(board(1)));
    vi.stubGlobal("fetch", fetch);
    const { result, unmount } = renderHook(() =>
      useLiveData(leaderboardsApi.campaign, leaderboardsApi.campaignStream, campaignBoard, 10_000),
    );
    expect(latest().url).toBe("/api/campaigns/c1/leaderboard/stream");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current.live).toBe(false);

    latest().send("leaderboard", board(5));
    expect(result.current.data).toEqual(board(5));
    expect(result.current.live).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetch).toHaveBeenCalledTimes(1);

    latest().fail();
    expect(result.current.live).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
    unmount();
    expect(latest().closed).toBe(true);
  });

  it("reconnects after a failure with a doubling delay, and at once when its server says it is going away", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(board(0)));
    const { unmount } = renderHook(() =>
      useLiveData(leaderboardsApi.campaign, leaderboardsApi.campaignStream, campaignBoard, 10_000),
    );
    latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(FakeEventSource.opened).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.opened).toHaveLength(3);

    latest().send(STREAM_RECONNECT_EVENT);
    expect(latest().closed).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RECONNECT_MS));
    expect(FakeEventSource.opened).toHaveLength(4);
    unmount();
  });

  it("stops when the session behind the stream ends, and asks who is signed in instead", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(board(0)));
    const { queryClient, unmount } = renderHook(() =>
      useLiveData(leaderboardsApi.campaign, leaderboardsApi.campaignStream, campaignBoard, 10_000),
    );
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    latest().send(SESSION_ENDED_EVENT);
    expect(latest().closed).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: apiKey(accountsApi.me, {}) });
    latest().onerror?.();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
    unmount();
  });
});
