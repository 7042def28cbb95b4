import { useState } from "react";
import { ApiError } from "../../lib/api";
import { type AnyContract, type ApiInput, useApiWrite } from "../../lib/use-api";

/** SPEC.md: an admin action needs an active session; the app also asks to sign in again and then redoes it. */
export const adminSignInAgain = "Please sign in again as admin.";

type RowAction = {
  /**
   * The row's error text when the action fails: SPEC.md's 'End campaign failed' with the server's reason (an expired
   * session says to sign in again), or a page's own words for any failure.
   */
  failure?: string | ((error: unknown) => string);
  onSuccess?: () => void;
  onError?: () => void;
};

/**
 * The actions of an admin table on its rows, each a write through the one write path (useApiWrite), refreshing the
 * endpoints in `invalidates`: which row's button is busy, and each row's error text (SPEC.md: 'Delete failed', 'End
 * campaign failed', or 'Please sign in again as admin.' when the session is gone).
 */
export function useRowActions(invalidates: AnyContract[]) {
  const write = useApiWrite();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const clearError = (rowId: string) => setRowErrors(({ [rowId]: _cleared, ...rest }) => rest);
  const mark = (key: string, on: boolean) =>
    setBusy((keys) => {
      const next = new Set(keys);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const run = async <C extends AnyContract>(
    rowId: string,
    label: string,
    contract: C,
    input: ApiInput<C>,
    { failure = `${label} failed`, onSuccess, onError }: RowAction = {},
  ) => {
    mark(`${rowId}:${label}`, true);
    clearError(rowId);
    try {
      // Done again after signing in when the session had expired: its success then clears the row's error too.
      await write(contract, input, {
        invalidates,
        onSuccess: () => {
          clearError(rowId);
          onSuccess?.();
        },
      });
    } catch (error) {
      const message =
        typeof failure === "function"
          ? failure(error)
          : error instanceof ApiError && error.status === 401
            ? adminSignInAgain
            : `${failure}${error instanceof Error && error.message ? `: ${error.message}` : ""}`;
      setRowErrors((errors) => ({ ...errors, [rowId]: message }));
      onError?.();
    } finally {
      mark(`${rowId}:${label}`, false);
    }
  };

  const isBusy = (rowId: string, label: string) => busy.has(`${rowId}:${label}`);

  const rowError = (rowId: string, className = "w-full text-xs text-red-700") =>
    rowErrors[rowId] ? (
      <p role="alert" className={className}>
        {rowErrors[rowId]}
      </p>
    ) : null;

  return { run, isBusy, rowError };
}
