import { type ExternalToast, toast as sonnerToast } from "sonner";

/**
 * Toasts mounted only when needed: the first toast asks the toaster host to mount, and is shown once the host is ready.
 * The library is in the page's first script, so a toast shown offline (a connection lost in the first seconds) still
 * shows.
 */
type SonnerToast = typeof sonnerToast;

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
  }).then(() => sonnerToast);
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
