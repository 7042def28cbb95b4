// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorToasts, RETRY_JITTER_MS, retryProfiles } from "../../core/error-rules";
import { ApiError } from "./api";
import {
  errorToastFor,
  isSessionExpiry,
  reportSeriousError,
  retryDelay,
  retryRequest,
  toastRequestError,
} from "./request-errors";
import { jsonResponse } from "./testing/responses";
import { toast } from "./toast";

vi.mock("./toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), message: vi.fn() } }));

const refusal = (status: number, message: string, path = "/api/campaigns") => {
  const error = new ApiError(status, "error", message);
  error.path = path;
  return error;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("a failed request's toast", () => {
  it("says the server's own words for a refusal, and SPEC.md's line for anything else", () => {
    expect(errorToastFor(refusal(404, "Campaign not found"))).toEqual({ text: "Campaign not found", level: "error" });
    expect(errorToastFor(refusal(400, "Song title is required"))).toEqual({
      text: "Song title is required",
      level: "warning",
    });
    expect(errorToastFor(refusal(503, "Down"))).toEqual({ text: errorToasts.api, level: "error" });
    expect(errorToastFor(new ApiError(0, "network", "Network error"))).toEqual({
      text: errorToasts.network,
      level: "error",
    });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(errorToastFor(new ApiError(0, "network", "Network error"))).toEqual({
      text: errorToasts.offline,
      level: "warning",
    });
  });

  it("is not shown for an expired session, which the app answers once by itself", () => {
    toastRequestError(refusal(401, "Authentication required"));
    expect(toast.error).not.toHaveBeenCalled();
    toastRequestError(refusal(403, "Admin access required"));
    expect(toast.error).toHaveBeenCalledWith("Admin access required");
  });

  it("tells an expired session from a refused sign-in by the path", () => {
    expect(isSessionExpiry(refusal(401, "Authentication required", "/api/me/earnings"))).toBe(true);
    expect(isSessionExpiry(refusal(401, "Invalid email or password", "/api/auth/sign-in/email"))).toBe(false);
    expect(isSessionExpiry(refusal(403, "Admin access required"))).toBe(false);
    expect(isSessionExpiry(new Error("401"))).toBe(false);
  });
});

describe("retries by SPEC.md's profiles", () => {
  const idempotent = (error: ApiError) => Object.assign(error, { idempotent: true });

  it("tries a read again on a network failure or a server error, as often as its profile says, never on a refusal", () => {
    const read = retryRequest(false);
    const network = new ApiError(0, "network", "Network error");
    const down = refusal(503, "Down");
    expect([0, 1, 2, 3].map((retries) => read(retries, network))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((retries) => read(retries, down))).toEqual([true, true, false]);
    expect(read(0, refusal(404, "Campaign not found"))).toBe(false);
    expect(read(0, refusal(401, "Authentication required"))).toBe(false);
  });

  it("tries a write again only when it carried an idempotency key", () => {
    const write = retryRequest(true);
    expect(write(0, refusal(503, "Down"))).toBe(false);
    expect(write(0, idempotent(refusal(503, "Down")))).toBe(true);
    expect(write(0, idempotent(refusal(409, "Conflict")))).toBe(false);
  });

  it("waits the profile's backoff plus jitter, and nothing for an error no profile retries", () => {
    const { baseMs, multiplier } = retryProfiles.api;
    for (let retry = 0; retry < 2; retry++) {
      const delay = retryDelay(retry, refusal(503, "Down"));
      expect(delay).toBeGreaterThanOrEqual(baseMs * multiplier ** retry);
      expect(delay).toBeLessThanOrEqual(baseMs * multiplier ** retry + RETRY_JITTER_MS);
    }
    expect(retryDelay(0, refusal(400, "Title is required"))).toBe(0);
  });
});

describe("serious failures", () => {
  it("are reported to the server once per kind of failure on a page; refusals and expired sessions never", async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true }, 201));
    vi.stubGlobal("fetch", fetch);
    reportSeriousError(refusal(401, "Authentication required"));
    reportSeriousError(refusal(404, "Campaign not found"));
    reportSeriousError(refusal(402, "Your card was declined."));
    expect(fetch).not.toHaveBeenCalled();
    reportSeriousError(refusal(500, "Internal error"));
    reportSeriousError(refusal(500, "Internal error"));
    reportSeriousError(refusal(503, "Database unavailable"));
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({ kind: "error", type: "api", severity: "high", message: "Internal error" });
  });
});
