import { afterLoadAndIdle } from "./after-load-idle";
import { toast } from "./toast";

/** A long-open tab looks for a new release this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * Installs the service worker (ADR 022) once the page has loaded and gone idle, so a repeat visit opens offline. A new
 * release waits until the user takes it: "New version available" with Reload, which hands over to it and reloads the
 * page.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const start = () => {
    // The first install takes control without a reload; only a replaced version reloads the page.
    const replacing = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!replacing || reloading) return;
      reloading = true;
      window.location.reload();
    });
    const offer = (worker: ServiceWorker) =>
      toast.message("New version available", {
        description: "Reload to use the newest FanBoost.",
        duration: Number.POSITIVE_INFINITY,
        action: { label: "Reload", onClick: () => worker.postMessage("skip-waiting") },
      });
    navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => {
            if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
          });
        });
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined);
  };
  afterLoadAndIdle(start);
}
