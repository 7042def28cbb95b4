/**
 * SPEC.md's toasts: top-right, gone after 4 s unless told otherwise. A small store in the page's first script (ADR 047),
 * so a toast shown in the first second, offline before anything else could download, still shows.
 */
export type ToastKind = "success" | "error" | "warning" | "message";

export type ToastOptions = {
  description?: string;
  /** Milliseconds; `Number.POSITIVE_INFINITY` keeps it until it is closed or its action pressed. */
  duration?: number;
  action?: { label: string; onClick: () => void };
};

export type Toast = ToastOptions & { id: number; kind: ToastKind; message: string; duration: number };

/** SPEC.md section 9. */
const DEFAULT_DURATION_MS = 4000;
/** The newest few are shown; an older one still open is let go, as a person reads only the last ones. */
const MAX_SHOWN = 4;

let shown: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function change(next: readonly Toast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}) {
  const toast: Toast = { ...options, id: nextId++, kind, message, duration: options.duration ?? DEFAULT_DURATION_MS };
  change([...shown, toast].slice(-MAX_SHOWN));
  return toast.id;
}

/** For the toaster: the toasts on screen, when they change, and closing one. */
export const toastStore = {
  snapshot: () => shown,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  dismiss(id: number) {
    if (shown.some((toast) => toast.id === id)) change(shown.filter((toast) => toast.id !== id));
  },
};

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  message: (message: string, options?: ToastOptions) => show("message", message, options),
};
