import type { ExternalToast } from "sonner";

/**
 * Toasts without downloading the toast library with every page: the first toast asks the toaster host to mount
 * (it loads the library then), and is shown once the host is ready.
 */
type SonnerToast = typeof import("sonner").toast;

const hostListeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
let requested = false;
let ready: Promise<SonnerToast> | undefined;

/** For the toaster host: whether a toast is waiting, when that changes, and to say it has mounted. */
export const toasterHost = {
  get needed() {
    return requested;
  },
  subscribe(listener: () => void) {
    hostListeners.add(listener);
    return () => {
      hostListeners.delete(listener);
    };
  },
  mounted() {
    markMounted();
  },
};

function loadToasts(): Promise<SonnerToast> {
  ready ??= new Promise<void>((resolve) => {
    markMounted = resolve;
    requested = true;
    for (const listener of hostListeners) listener();
  })
    .then(() => import("sonner"))
    .then((module) => module.toast);
  return ready;
}

export const toast = {
  success(message: string, options?: ExternalToast) {
    void loadToasts().then((sonner) => sonner.success(message, options));
  },
  error(message: string, options?: ExternalToast) {
    void loadToasts().then((sonner) => sonner.error(message, options));
  },
  message(message: string, options?: ExternalToast) {
    void loadToasts().then((sonner) => sonner.message(message, options));
  },
  warning(message: string, options?: ExternalToast) {
    void loadToasts().then((sonner) => sonner.warning(message, options));
  },
};
