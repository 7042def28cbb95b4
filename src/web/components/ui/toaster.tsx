import { Toaster as Sonner } from "sonner";

/** Toasts sit top-right and disappear after 4 s (SPEC.md section 9). */
export function Toaster() {
  return <Sonner position="top-right" duration={4000} richColors closeButton />;
}
