import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyError,
  DEFAULT_ERROR_MESSAGE,
  diagnosticsErrorText,
  type ErrorType,
  errorToast,
  errorToasts,
  RETRY_JITTER_MS,
  retryDelayMs,
  retryProfileFor,
  retryProfiles,
  shouldRetry,
} from "./error-rules";

const words = fc.constantFrom("", "oops", "timeout", "something broke", "Value", "Server said no");
const status = fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 599 }));

describe("classifyError", () => {
  it("follows SPEC.md's rules for each kind of error", () => {
    const cases: Array<[Parameters<typeof classifyError>[0], ErrorType]> = [
      [{ message: "Network error" }, "network"],
      [{ message: "Failed to fetch", name: "TypeError" }, "network"],
      [{ message: "x", name: "NetworkError" }, "network"],
      [{ message: "Authentication required", status: 401 }, "auth"],
      [{ message: "Admin access required", status: 403 }, "auth"],
      [{ message: "unauthorized" }, "auth"],
      [{ message: "Your card was declined.", status: 402 }, "payment"],
      [{ message: "Payment system not ready" }, "payment"],
      [{ message: "Song title is required", status: 400 }, "validation"],
      [{ message: "Please enter a valid URL", status: 400, code: "validation" }, "validation"],
      [{ message: "Campaign not found", status: 404 }, "api"],
      [{ message: "Request failed", status: 503 }, "api"],
      [{ message: "Cannot read properties of undefined" }, "unknown"],
      [{}, "unknown"],
    ];
    for (const [facts, type] of cases) expect(classifyError(facts).type, JSON.stringify(facts)).toBe(type);
    expect(classifyError({}).message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it("grades severity: payment and database critical; auth and 5xx high; network and 4xx medium; else low", () => {
    expect(classifyError({ message: "card declined", status: 402 }).severity).toBe("critical");
    expect(classifyError({ message: "The database is unavailable", status: 503 }).severity).toBe("critical");
    expect(classifyError({ message: "x", status: 401 }).severity).toBe("high");
    expect(classifyError({ message: "x", status: 500 }).severity).toBe("high");
    expect(classifyError({ message: "Network error" }).severity).toBe("medium");
    expect(classifyError({ message: "Not found", status: 404 }).severity).toBe("medium");
    expect(classifyError({ message: "Title is required", status: 400 }).severity).toBe("low");
    expect(classifyError({ message: "boom" }).severity).toBe("low");
  });

  it("always answers one type, a severity and a toast from SPEC.md's table", () => {
    const toasts = new Set<string>(Object.values(errorToasts));
    fc.assert(
      fc.property(words, fc.string(), status, fc.boolean(), (message, name, code, offline) => {
        const classified = classifyError({ message, name, status: code });
        expect(["network", "api", "auth", "payment", "validation", "unknown"]).toContain(classified.type);
        expect(["low", "medium", "high", "critical"]).toContain(classified.severity);
        expect(classified.message.length).toBeGreaterThan(0);
        expect(toasts.has(errorToast(classified, offline).text)).toBe(true);
        // A status the server gave about the session is auth, whatever the words.
        if ((code === 401 || code === 403) && name !== "NetworkError") expect(classified.type).toBe("auth");
        // An error status never classifies as unknown.
        if (code !== undefined && code >= 400) expect(classified.type).not.toBe("unknown");
      }),
    );
  });

  it("says the offline text as a warning when the browser is offline, and the critical api text", () => {
    expect(errorToast(classifyError({ message: "Network error" }), true)).toEqual({
      text: "You are offline. Some features may not work.",
      level: "warning",
    });
    expect(errorToast(classifyError({ message: "The database is unavailable", status: 503 })).text).toBe(
      "Service temporarily unavailable. Please try again later.",
    );
    expect(errorToast(classifyError({ message: "Title is required", status: 400 }))).toEqual({
      text: "Please check your input and try again.",
      level: "warning",
    });
  });
});

describe("retry schedule", () => {
  const profiles = fc.constantFrom(...Object.values(retryProfiles));

  it("keeps every delay within its profile's bounds, jitter included, and never shrinking before the cap", () => {
    fc.assert(
      fc.property(profiles, fc.nat(10), fc.double({ min: 0, max: 1, noNaN: true }), (profile, retry, random) => {
        const delay = retryDelayMs(profile, retry, random);
        const backoff = Math.min(profile.maxMs, profile.baseMs * profile.multiplier ** retry);
        expect(delay).toBeGreaterThanOrEqual(Math.min(profile.baseMs, profile.maxMs));
        expect(delay).toBeGreaterThanOrEqual(Math.floor(backoff));
        expect(delay).toBeLessThanOrEqual(profile.maxMs + RETRY_JITTER_MS);
        expect(retryDelayMs(profile, retry + 1, 0)).toBeGreaterThanOrEqual(retryDelayMs(profile, retry, 0));
      }),
    );
  });

  it("retries at most the profile's count, and a write only with an idempotency key", () => {
    fc.assert(
      fc.property(profiles, fc.nat(10), fc.boolean(), fc.boolean(), (profile, retries, write, idempotent) => {
        const retried = shouldRetry(profile, retries, { write, idempotent });
        if (retries >= profile.maxRetries || (write && !idempotent)) expect(retried).toBe(false);
        else expect(retried).toBe(true);
      }),
    );
    expect(shouldRetry(null, 0, { write: false, idempotent: false })).toBe(false);
  });

  it("uses SPEC.md's profiles: network 3 from 1 s to 10 s x2, api 2 from 0.5 s to 5 s x1.5, payment 1 after 2 s", () => {
    expect(retryProfileFor(classifyError({ message: "Network error" }), 0)).toEqual(retryProfiles.network);
    expect(retryProfileFor(classifyError({ message: "Bad gateway", status: 502 }), 502)).toEqual(retryProfiles.api);
    expect(retryProfileFor(classifyError({ message: "Payment system not ready", status: 503 }), 503)).toEqual(
      retryProfiles.payment,
    );
    // An answer given on purpose is never retried: 4xx of any type.
    for (const [message, code] of [
      ["Not found", 404],
      ["Authentication required", 401],
      ["Your card was declined.", 402],
      ["Title is required", 400],
    ] as const) {
      expect(retryProfileFor(classifyError({ message, status: code }), code)).toBeNull();
    }
    expect([0, 1, 2].map((retry) => retryDelayMs(retryProfiles.network, retry, 0))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(retryProfiles.network, 5, 0)).toBe(10_000);
    expect([0, 1].map((retry) => retryDelayMs(retryProfiles.api, retry, 0))).toEqual([500, 750]);
    expect(retryDelayMs(retryProfiles.payment, 0, 1)).toBe(3000);
  });
});

describe("diagnostics errors", () => {
  it("say SPEC.md's words for each way a check fails", () => {
    expect(diagnosticsErrorText({ status: 0, message: "Network error" })).toBe("Network error");
    expect(diagnosticsErrorText({ status: 401, code: "unauthorized" })).toBe("No valid session - please sign in first");
    expect(diagnosticsErrorText({ status: 404, code: "not_found" })).toBe("Function not found");
    expect(diagnosticsErrorText({ status: 500, code: "error", message: "Request failed. Please try again." })).toBe(
      "Diagnostics failed",
    );
    expect(
      diagnosticsErrorText({ status: 503, code: "database_unreachable", message: "The database is unreachable: x" }),
    ).toBe("Diagnostics failed: The database is unreachable: x");
  });
});
