import { afterEach, describe, expect, it, vi } from "vitest";
import { campaignsApi } from "../../core/api/campaigns";
import { ApiError, apiFetch } from "./api";
import { jsonResponse } from "./testing/responses";
import { apiUrl, callApi } from "./use-api";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a request's answer", () => {
  it("is the parsed body, sent through the contract with its path, query and idempotency key", async () => {
    const fetch = vi.fn(async () => jsonResponse({ campaign: { id: "c1" } }));
    vi.stubGlobal("fetch", fetch);
    expect(apiUrl(campaignsApi.list, { query: { q: "", sort: "prize", limit: 24, genre: undefined } })).toBe(
      "/api/campaigns?sort=prize&limit=24",
    );
    await callApi(campaignsApi.join, { params: { id: "a b" }, idempotencyKey: "key-1" });
    expect(fetch).toHaveBeenCalledWith(
      "/api/campaigns/a%20b/join",
      expect.objectContaining({
        method: "POST",
        body: "{}",
        headers: expect.objectContaining({ "Idempotency-Key": "key-1", "Content-Type": "application/json" }),
      }),
    );
  });

  it("is an ApiError with the server's code, message, fields, request id, path and whether it was idempotent", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse(
        { error: { code: "validation", message: "Title is required", fields: { title: "Required" } } },
        400,
        {
          "x-request-id": "req-7",
        },
      ),
    );
    const error = await apiFetch("/api/campaigns?x=1", { method: "POST", headers: { "Idempotency-Key": "k" } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation",
      message: "Title is required",
      fields: { title: "Required" },
      requestId: "req-7",
      path: "/api/campaigns",
      idempotent: true,
    });
  });

  it("reads Better Auth's top-level errors, an answer without a body, and a request that never arrived", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email" }, 401),
    );
    await expect(apiFetch("/api/auth/sign-in/email")).rejects.toMatchObject({
      status: 401,
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email",
      idempotent: false,
    });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiFetch("/api/x")).rejects.toMatchObject({
      status: 502,
      message: "Request failed. Please try again.",
    });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiFetch("/api/x")).rejects.toMatchObject({ status: 0, code: "network", message: "Network error" });
  });
});
