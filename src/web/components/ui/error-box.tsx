import { ChevronDown, ChevronUp, Home, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../lib/api";
import { ErrorAlert } from "./alert";
import { Button, buttonStyles } from "./button";

/** What Show Details reveals: the status, code and request id the server gave, for a support request. */
function technicalDetails(error: Error): string {
  if (!(error instanceof ApiError)) return error.name;
  return [
    error.status ? `Status ${error.status}` : "No answer from the server",
    error.code ? `code ${error.code}` : "",
    error.requestId ? `request ${error.requestId}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * SPEC.md's generic error box: its title ('Something went wrong' unless named, 'Campaign Error' for a campaign), the
 * message, Try Again when the caller can retry, Go Home, and Show Details.
 */
export function ErrorBox({
  error,
  title = "Something went wrong",
  message,
  onRetry,
  retrying = false,
}: {
  error: Error;
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const [details, setDetails] = useState(false);
  return (
    <ErrorAlert title={title}>
      <p className="break-words">{message ?? error.message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {onRetry ? (
          <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
            {retrying ? null : <RefreshCw className="h-3.5 w-3.5" aria-hidden />} Try Again
          </Button>
        ) : null}
        <a href="/" className={buttonStyles("ghost", "sm")}>
          <Home className="h-3.5 w-3.5" aria-hidden /> Go Home
        </a>
        <button
          type="button"
          className={buttonStyles("ghost", "sm")}
          aria-expanded={details}
          onClick={() => setDetails((shown) => !shown)}
        >
          {details ? (
            <ChevronUp className="h-3.5 w-3.5" aria-hidden />
          ) : (
            <ChevronDown className="h-3.5 w-3.5" aria-hidden />
          )}
          {details ? "Hide Details" : "Show Details"}
        </button>
      </div>
      {details ? <p className="mt-2 font-mono text-xs break-all text-red-900">{technicalDetails(error)}</p> : null}
    </ErrorAlert>
  );
}
