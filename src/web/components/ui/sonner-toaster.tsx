import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterHost } from "../../lib/toast";

/** Toasts sit top-right and disappear after 4 s (SPEC.md section 9). Tells waiting toasts once it is mounted. */
export default function SonnerToaster() {
  useEffect(() => toasterHost.mounted(), []);
  return <Toaster position="top-right" duration={4000} richColors closeButton />;
}
