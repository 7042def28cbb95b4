import { lazy, Suspense, useSyncExternalStore } from "react";
import { toasterHost } from "../../lib/toast";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/** Mounts the toaster, and loads its code, only when the first toast is shown. */
export function Toaster() {
  const needed = useSyncExternalStore(toasterHost.subscribe, () => toasterHost.needed);
  return needed ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
