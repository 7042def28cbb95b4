import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../lib/api";

/**
 * One admin action at a time per table: which row's button is busy, the query keys to refresh after an action, and
 * the row's error text (SPEC.md: 'Delete failed', 'End campaign failed', or 'Please sign in again as admin.' when the session is gone).
 */
export function useRowActions(refresh: QueryKey[]) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});

  const run = async (rowId: string, label: string, perform: () => Promise<unknown>, failure = `${label} failed`) => {
    setBusy(`${rowId}:${label}`);
    setRowErrors(({ [rowId]: _cleared, ...rest }) => rest);
    try {
      await perform();
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 401
          ? "Please sign in again as admin."
          : `${failure}${error instanceof Error && error.message ? `: ${error.message}` : ""}`;
      setRowErrors((errors) => ({ ...errors, [rowId]: message }));
    } finally {
      setBusy(null);
    }
  };

  const isBusy = (rowId: string, label: string) => busy === `${rowId}:${label}`;

  const rowError = (rowId: string) =>
    rowErrors[rowId] ? (
      <p role="alert" className="w-full text-xs text-red-700">
        {rowErrors[rowId]}
      </p>
    ) : null;

  return { run, isBusy, rowError };
}
