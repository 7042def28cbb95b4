import type { UseQueryResult } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBox } from "./error-box";

/**
 * The three states every loaded view has besides its content: loading, an error with Try Again, and empty (when
 * `isEmpty` says so). `children` gets the data.
 */
export function QueryState<Data>({
  query,
  loadingLabel = "Loading",
  errorTitle = "Something went wrong",
  errorMessage,
  empty,
  isEmpty,
  children,
}: {
  query: Pick<UseQueryResult<Data, Error>, "data" | "isPending" | "isError" | "error" | "refetch" | "isFetching">;
  loadingLabel?: string;
  errorTitle?: string;
  /** The message shown for an error; the error's own message by default. */
  errorMessage?: (error: Error) => ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error ?? new Error("Request failed");
    return (
      <ErrorBox
        error={error}
        title={errorTitle}
        message={errorMessage?.(error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const data = query.data as Data;
  if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
