// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../lib/toast";
import { Toaster } from "./toaster";

let root: Root;
let host: HTMLElement;
const shown = () => [...host.querySelectorAll("[data-toast]")].map((card) => card.querySelector("p")?.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<Toaster />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe("the toaster", () => {
  it("shows a toast at once and lets it go after SPEC.md's 4 s, or its own duration", () => {
    act(() => {
      toast.warning("You are offline. Some features may be limited.");
      toast.success("Tracking link copied to clipboard!", { duration: 3000 });
    });
    expect(shown()).toEqual(["You are offline. Some features may be limited.", "Tracking link copied to clipboard!"]);
    expect(host.querySelector("[data-toast]")?.getAttribute("data-toast")).toBe("warning");
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toEqual(["You are offline. Some features may be limited."]);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual([]);
  });

  it("waits while the keyboard is on a toast, and closes when its action or its close button is pressed", () => {
    const reload = vi.fn();
    act(() => {
      toast.message("New version available", {
        description: "Reload to use the newest FanBoost.",
        action: { label: "Reload", onClick: reload },
      });
      toast.error("Payout failed");
    });
    const [offer, failure] = host.querySelectorAll("[data-toast]");
    act(() => offer?.querySelector("button")?.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toEqual(["New version available"]);
    expect(failure?.isConnected).toBe(false);
    act(() => offer?.querySelector("button")?.click());
    expect(reload).toHaveBeenCalledOnce();
    expect(shown()).toEqual([]);

    act(() => {
      toast.message("Stays", { duration: Number.POSITIVE_INFINITY });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(["Stays"]);
    act(() => host.querySelector<HTMLButtonElement>('[aria-label="Close notice"]')?.click());
    expect(shown()).toEqual([]);
  });

  it("shows the newest four", () => {
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.success(`Saved ${n}`);
    });
    expect(shown()).toEqual(["Saved 2", "Saved 3", "Saved 4", "Saved 5"]);
    act(() => vi.advanceTimersByTime(4000));
  });
});
