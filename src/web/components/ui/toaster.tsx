import { useSyncExternalStore } from "react";
import { toasterHost } from "../../lib/toast";
import SonnerToaster from "./sonner-toaster";

/** Mounts the toaster only when the first toast is shown; its code is in the first script, so it works offline. */
export function Toaster() {
  const needed = useSyncExternalStore(toasterHost.subscribe, () => toasterHost.needed);
  return needed ? <SonnerToaster /> : null;
}
