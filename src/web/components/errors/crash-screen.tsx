import { AlertTriangle, Check, ChevronDown, ChevronUp, CloudOff, Copy, RefreshCw, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/cn";
import { errorFacts, reportClientError } from "../../lib/error-reports";
import { buttonStyles } from "../ui/button";
import { type CrashLayout, frames, isChunkLoadError } from "./crash-basics";

/** How long 'Copied!' shows (SPEC.md section 9: copy label 2 s). */
const COPIED_MS = 2000;

type Report = { id: string; sent: Promise<boolean> };
/**
 * One report per crash on this page: React renders a failing screen a second time before it gives up (a new error
 * object each time), and StrictMode mounts the crash screen twice; the same error (name and message) is one report.
 */
const reports = new Map<string, Report>();
function reportOnce(error: unknown, componentStack: string | undefined): Report {
  const facts = errorFacts(error);
  // Not the stack: React's second render fails through other frames.
  const key = `${facts.name}\n${facts.message}`;
  const known = reports.get(key);
  if (known) return known;
  const report = reportClientError("crash", error, componentStack);
  reports.set(key, report);
  return report;
}

/** The page after a new release: reloading fetches the new version's files. Offline, the screen was never cached. */
function NewVersionNotice({ layout }: { layout: CrashLayout }) {
  const offline = !navigator.onLine;
  const Icon = offline ? CloudOff : Sparkles;
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center px-4 text-center", frames[layout])}>
      <Icon className={cn("h-12 w-12", offline ? "text-slate-500" : "text-brand-600")} aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">
        {offline ? "This page needs a connection" : "A new version of FanBoost is available"}
      </h1>
      <p className="mt-2 max-w-md text-slate-600">
        {offline
          ? "You are offline and this page has not been opened on this device before. It opens as soon as you are back online."
          : "This page was opened before an update, and part of it is no longer on the server. Reload to get the new version; nothing you saved is lost."}
      </p>
      <button type="button" className={cn(buttonStyles("primary"), "mt-6")} onClick={() => window.location.reload()}>
        <RefreshCw className="h-4 w-4" aria-hidden /> {offline ? "Try Again" : "Reload Page"}
      </button>
    </div>
  );
}

/**
 * SPEC.md's crash screen: the message, the id of the error report sent to the server, Copy Details, the technical
 * details on demand, Reload Page, Go Home, Contact Support and Help Center. Plain links, not the router's: after a
 * crash a full load is safer.
 */
export default function CrashScreen({
  error,
  componentStack,
  layout = "page",
}: {
  error: unknown;
  componentStack?: string;
  layout?: CrashLayout;
}) {
  const chunkMissing = isChunkLoadError(error);
  const [report] = useState(() => (chunkMissing ? null : reportOnce(error, componentStack)));
  const [sent, setSent] = useState<boolean | null>(null);
  const [copied, setCopied] = useState(false);
  const [showDetails, setShowDetails] = useState(false);

  useEffect(() => {
    let current = true;
    void report?.sent.then((ok) => {
      if (current) setSent(ok);
    });
    return () => {
      current = false;
    };
  }, [report]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (chunkMissing || !report) return <NewVersionNotice layout={layout} />;

  const facts = errorFacts(error);
  const message = facts.message || "Unknown error occurred";
  const technical = [facts.stack, componentStack ? `Component stack:${componentStack}` : ""]
    .filter(Boolean)
    .join("\n\n");
  const details = [
    `Error ID: ${report.id}`,
    `Message: ${message}`,
    `Page: ${window.location.pathname}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
    technical,
  ]
    .filter(Boolean)
    .join("\n");

  return (
    <div role="alert" className={cn("flex justify-center px-4", frames[layout])}>
      <div className="w-full max-w-xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-red-50">
            <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Something went wrong</h1>
          <p className="mt-2 text-slate-600">
            {sent === false
              ? "We encountered an unexpected error, and could not send its report: please copy the details below and contact support."
              : "We encountered an unexpected error. Our team has been notified and is working on a fix."}
          </p>
        </div>

        <section aria-label="Error Details" className="mt-6 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h2 className="text-sm font-semibold text-slate-900">Error Details</h2>
          <p className="mt-2 text-sm break-words text-red-700">{message}</p>
          <p className="mt-2 text-xs break-all text-slate-600">
            Error ID: <code data-testid="error-id">{report.id}</code>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles("secondary", "sm")}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(details)
                  .then(() => setCopied(true))
                  .catch(() => undefined)
              }
            >
              {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
              {copied ? "Copied!" : "Copy Details"}
            </button>
            <button
              type="button"
              className={buttonStyles("ghost", "sm")}
              aria-expanded={showDetails}
              onClick={() => setShowDetails((shown) => !shown)}
            >
              {showDetails ? (
                <ChevronUp className="h-4 w-4" aria-hidden />
              ) : (
                <ChevronDown className="h-4 w-4" aria-hidden />
              )}
              {showDetails ? "Hide Technical Details" : "Show Technical Details"}
            </button>
          </div>
          {showDetails ? (
            <pre className="mt-3 max-h-72 overflow-auto rounded-xl bg-slate-900 p-3 text-xs whitespace-pre-wrap break-all text-slate-100">
              {technical || "No stack trace was recorded."}
            </pre>
          ) : null}
        </section>

        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <button type="button" className={buttonStyles("primary")} onClick={() => window.location.reload()}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Reload Page
          </button>
          <a href="/" className={buttonStyles("secondary")}>
            Go Home
          </a>
        </div>
        <p className="mt-4 flex justify-center gap-4 text-sm">
          <a href="/contact" className="font-medium text-brand-700 hover:underline">
            Contact Support
          </a>
          <a href="/help" className="font-medium text-brand-700 hover:underline">
            Help Center
          </a>
        </p>
      </div>
    </div>
  );
}
