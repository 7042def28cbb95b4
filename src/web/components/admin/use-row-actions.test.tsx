// @vitest-environment happy-dom
import { act } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminApi } from "../../../core/api/admin";
import { renderHook } from "../../lib/testing/render-hook";
import { jsonResponse } from "../../lib/testing/responses";
import { type AnyContract, type ApiInput, apiKey } from "../../lib/use-api";
import { adminSignInAgain, useRowActions } from "./use-row-actions";

vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), message: vi.fn() } }));

const refusal = (status: number, message: string) => () =>
  jsonResponse({ error: { code: "refused", message } }, status);
let answer: () => Response | Promise<Response>;

beforeEach(() => {
  answer = () => jsonResponse({ ok: true });
  vi.stubGlobal("fetch", async (path: string) =>
    path.startsWith("/api/client-errors") ? jsonResponse({ id: "r" }) : answer(),
  );
});
afterEach(() => vi.unstubAllGlobals());

const text = (node: ReturnType<ReturnType<typeof useRowActions>["rowError"]>) =>
  node ? renderToStaticMarkup(node) : null;

describe("an admin table's row actions", () => {
  it("mark the row's button busy while its write runs, then refresh the table", async () => {
    let finish: ((response: Response) => void) | undefined;
    answer = () => new Promise((resolve) => (finish = resolve));
    const { result, queryClient } = renderHook(() => useRowActions([adminApi.campaigns]));
    const refresh = vi.spyOn(queryClient, "invalidateQueries");
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run("c1", "End", adminApi.endCampaign, { params: { id: "c1" } });
    });
    expect(result.current.isBusy("c1", "End")).toBe(true);
    expect(result.current.isBusy("c1", "Pause")).toBe(false);
    expect(result.current.isBusy("c2", "End")).toBe(false);
    await vi.waitFor(() => expect(finish).toBeDefined());
    await act(async () => {
      finish?.(jsonResponse({ ok: true }));
      await done;
    });
    expect(result.current.isBusy("c1", "End")).toBe(false);
    expect(refresh).toHaveBeenCalledWith({ queryKey: apiKey(adminApi.campaigns) });
  });

  it("say on the row what failed: SPEC.md's words with the server's reason, or to sign in again as admin", async () => {
    const { result } = renderHook(() => useRowActions([adminApi.campaigns]));
    const attempt = <C extends AnyContract>(
      rowId: string,
      label: string,
      contract: C,
      input: ApiInput<C>,
      options?: Parameters<typeof result.current.run>[4],
    ) => act(() => result.current.run(rowId, label, contract, input, options));
    answer = refusal(409, "Campaign already ended");
    await attempt("c1", "End", adminApi.endCampaign, { params: { id: "c1" } }, { failure: "End campaign failed" });
    answer = refusal(404, "Campaign not found");
    await attempt("c2", "Delete", adminApi.deleteCampaign, { params: { id: "c2" } });
    expect(text(result.current.rowError("c1"))).toContain("End campaign failed: Campaign already ended");
    expect(text(result.current.rowError("c2"))).toContain("Delete failed: Campaign not found");
    expect(result.current.rowError("c3")).toBeNull();

    answer = refusal(401, "Authentication required");
    await attempt("c1", "Pause", adminApi.pauseCampaign, { params: { id: "c1" } });
    expect(text(result.current.rowError("c1"))).toContain(adminSignInAgain);

    // A page's own words win, and the next success on the row clears them.
    const onError = vi.fn();
    const pay = { params: { payoutId: "p1" } };
    await attempt("p1", "Pay", adminApi.payPayout, pay, { failure: () => "Authentication required", onError });
    expect(text(result.current.rowError("p1"))).toContain(">Authentication required<");
    expect(onError).toHaveBeenCalledTimes(1);
    answer = () => jsonResponse({ ok: true });
    const onSuccess = vi.fn();
    await attempt("p1", "Pay", adminApi.payPayout, pay, { onSuccess });
    expect(result.current.rowError("p1")).toBeNull();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});
