import { lazy, Suspense } from "react";
import { cn } from "../../lib/cn";
import { type CrashLayout, frames, isChunkLoadError } from "./crash-basics";

/** While the crash screen loads, or if it cannot (offline, or gone after a release): the title and Reload. */
function PlainCrash({ layout, error }: { layout: CrashLayout; error?: unknown }) {
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center px-4 text-center", frames[layout])}>
      <h1 className="text-2xl font-bold text-slate-900">
        {isChunkLoadError(error) ? "A new version of FanBoost is available" : "Oops! Something went wrong"}
      </h1>
      <button
        type="button"
        className="mt-6 rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white"
        onClick={() => window.location.reload()}
      >
        Reload Page
      </button>
    </div>
  );
}

const CrashScreen = lazy(() =>
  import("./crash-screen").catch(() => ({
    default: ({ layout = "page", error }: { layout?: CrashLayout; error: unknown }) => (
      <PlainCrash layout={layout} error={error} />
    ),
  })),
);

/** The crash screen, fetched when something crashes: no page view pays for it otherwise. */
export function LazyCrashScreen(props: { error: unknown; componentStack?: string; layout?: CrashLayout }) {
  return (
    <Suspense fallback={<PlainCrash layout={props.layout ?? "page"} error={props.error} />}>
      <CrashScreen {...props} />
    </Suspense>
  );
}
