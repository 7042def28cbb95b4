import { AlertTriangle } from "lucide-react";
import { Link, useRouteError } from "react-router";
import { buttonStyles } from "../ui/button";

/** Shown when a screen fails to load or throws while rendering. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : "Unknown error occurred";
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <AlertTriangle className="h-12 w-12 text-red-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Something went wrong</h1>
      <p className="mt-2 max-w-md text-slate-600">
        We encountered an unexpected error. Our team has been notified and is working on a fix.
      </p>
      <p className="mt-4 max-w-md rounded-lg bg-white px-4 py-2 font-mono text-sm text-slate-700 ring-1 ring-slate-200">
        {message}
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" className={buttonStyles("primary")} onClick={() => window.location.reload()}>
          Reload Page
        </button>
        <Link to="/" reloadDocument className={buttonStyles("secondary")}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
