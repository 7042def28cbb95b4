import { errorToasts } from "../../core/error-rules";
import { toast } from "./toast";

/**
 * An expired session anywhere (SPEC.md section 8: 'Please sign in again to continue.'): told once, the sign-in
 * dialog opens over the page the user is on, and the write that failed is done again once they are back in.
 */
let openSignIn: (() => void) | null = null;
let retryAfterSignIn: (() => void) | null = null;
let announced = false;

/** The auth dialog's provider registers how to open it; returns the unregister. */
export function whenSessionExpires(open: () => void): () => void {
  openSignIn = open;
  return () => {
    if (openSignIn === open) openSignIn = null;
  };
}

/** A request found the session gone; `retry` repeats the write that failed. */
export function sessionExpired(retry?: () => void) {
  if (retry) retryAfterSignIn = retry;
  if (announced) return;
  announced = true;
  toast.error(errorToasts.auth);
  openSignIn?.();
}

/** Signed in again: the failed write runs now. */
export function signedInAgain() {
  announced = false;
  const retry = retryAfterSignIn;
  retryAfterSignIn = null;
  retry?.();
}
