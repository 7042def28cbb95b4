import { toast } from "./toast";

/** A long-open tab looks for a new release this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** The worker's first download of the build waits until the page is loaded and then idle, so it never competes. */
const INSTALL_DELAY_MS = 5000;

const whenIdle = (run: () => void) =>
  setTimeout(() => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: INSTALL_DELAY_MS });
    else run();
  }, INSTALL_DELAY_MS);

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
  window.addEventListener("load", () => whenIdle(start));
}
