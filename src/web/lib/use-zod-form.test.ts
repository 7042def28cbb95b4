// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "./api";
import { renderHook } from "./testing/render-hook";
import { toast } from "./toast";
import { useZodForm } from "./use-zod-form";

vi.mock("./toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), message: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

const schema = z
  .object({
    first_name: z.string().trim().min(1, "First name is required"),
    accept: z.boolean().refine(Boolean, "You must agree to the terms and conditions"),
  })
  .transform(({ first_name }) => ({ first_name }));

const renderForm = () =>
  renderHook(() =>
    useZodForm({
      schema,
      initial: { firstName: "", acceptTerms: false },
      toInput: (values) => ({ first_name: values.firstName, accept: values.acceptTerms }),
      fieldOf: { first_name: "firstName", accept: "acceptTerms" },
    }),
  );

describe("the form hook", () => {
  it("refuses with each error on its form field and all of them in SPEC.md's warning toast", () => {
    const { result } = renderForm();
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({
      firstName: "First name is required",
      acceptTerms: "You must agree to the terms and conditions",
    });
    expect(toast.warning).toHaveBeenCalledWith(
      "Validation failed: First name is required, You must agree to the terms and conditions",
    );
    expect(result.current.field("firstName")).toMatchObject({ value: "", error: "First name is required" });
    expect(result.current.checkbox("acceptTerms")).toMatchObject({ checked: false, error: expect.any(String) });
  });

  it("carries text and yes-or-no values, clears a field's error when it is edited, and answers the parsed input", () => {
    const { result } = renderForm();
    act(() => void result.current.validate());
    act(() => result.current.field("firstName").onChange({ target: { value: " Nova " } }));
    expect(result.current.errors).toEqual({ acceptTerms: "You must agree to the terms and conditions" });
    act(() => result.current.checkbox("acceptTerms").onChange({ target: { checked: true } }));
    expect(result.current.values).toEqual({ firstName: " Nova ", acceptTerms: true });
    expect(result.current.errors).toEqual({});
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toEqual({ first_name: "Nova" });
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it("puts a server refusal's field errors on the fields they name, and says when there were none", () => {
    const { result } = renderForm();
    let shown = false;
    act(() => {
      shown = result.current.showServerErrors(
        new ApiError(400, "validation", "Invalid", { first_name: "Too long", other: "Not a field here" }),
      );
    });
    expect(shown).toBe(true);
    expect(result.current.errors).toEqual({ firstName: "Too long", other: "Not a field here" });
    expect(result.current.showServerErrors(new ApiError(500, "error", "Down"))).toBe(false);
    expect(result.current.showServerErrors(new Error("boom"))).toBe(false);
  });
});
