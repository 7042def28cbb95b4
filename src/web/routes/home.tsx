import { RefreshCw } from "lucide-react";
import { type ComponentType, startTransition, useEffect, useState } from "react";
import { publicPageMeta } from "../../core/page-meta";
import { HomeHero } from "../components/home/home-hero";
import { Button } from "../components/ui/button";
import { usePublicPageMeta } from "../lib/page-meta";

/** Kept once loaded, so coming back to the home page renders everything at once and scroll restoration works. */
let loadedBelowFold: ComponentType | undefined;

/**
 * The sections under the hero are their own chunk, requested after the first paint and rendered in a transition:
 * the first paint waits only for the hero, and the rest renders in slices that leave the main thread free.
 */
function useBelowFold() {
  const [state, setState] = useState<ComponentType | "loading" | "failed">(() => loadedBelowFold ?? "loading");
  useEffect(() => {
    if (loadedBelowFold) return;
    let active = true;
    // A task of its own: not added to the one that runs the hero's effects and starts its data requests.
    const timer = setTimeout(() => {
      import("../components/home/home-below-fold").then(
        (module) => {
          loadedBelowFold = module.default;
          if (active) startTransition(() => setState(() => module.default));
        },
        () => {
          if (active) setState("failed");
        },
      );
    }, 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, []);
  return state;
}

function BelowFoldFailed() {
  return (
    <div className="container-page flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-slate-700">The rest of this page could not be loaded. Check your connection and reload.</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        <RefreshCw className="h-4 w-4" aria-hidden /> Reload Page
      </Button>
    </div>
  );
}

export default function HomePage() {
  usePublicPageMeta(publicPageMeta["/"]);
  const BelowFold = useBelowFold();
  return (
    <>
      <HomeHero />
      {BelowFold === "loading" ? (
        // Holds the room of the sections to come, so the footer is never on screen first and then pushed away.
        <div className="min-h-screen" aria-hidden />
      ) : BelowFold === "failed" ? (
        <BelowFoldFailed />
      ) : (
        <BelowFold />
      )}
    </>
  );
}
