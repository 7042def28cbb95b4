import { classifyError, errorToast, retryDelayMs, retryProfileFor, shouldRetry } from "../../core/error-rules";
import { ApiError } from "./api";
import { errorFacts, reportClientError } from "./error-reports";
import { toast } from "./toast";

/** SPEC.md section 8 for one failed request: the server's own message for a refusal, else the type's toast. */
export function errorToastFor(error: unknown): { text: string; level: "error" | "warning" } {
  const classified = classifyError(errorFacts(error));
  // A refusal (4xx) carries SPEC.md's text for what went wrong; say it rather than a generic line.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return { text: error.message, level: classified.type === "validation" ? "warning" : "error" };
  }
  return errorToast(classified, typeof navigator !== "undefined" && !navigator.onLine);
}

/** Shows the toast for a failed request, except an expired session, which the app answers once by itself. */
export function toastRequestError(error: unknown) {
  if (isSessionExpiry(error)) return;
  const { text, level } = errorToastFor(error);
  if (level === "warning") toast.warning(text);
  else toast.error(text);
}

/** An answer saying the session is gone (not a refused sign-in, which Better Auth also answers 401). */
export function isSessionExpiry(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !error.path?.startsWith("/api/auth/");
}

/**
 * TanStack Query's retry for a request (section 9's profiles): a network failure, a server error and a payment
 * provider's hiccup are tried again with backoff and jitter; a refusal (4xx) never; a write only when it carried an
 * idempotency key.
 */
export function retryRequest(write: boolean) {
  return (retries: number, error: unknown) =>
    shouldRetry(profileOf(error), retries, { write, idempotent: error instanceof ApiError && error.idempotent });
}

export function retryDelay(retries: number, error: unknown): number {
  const profile = profileOf(error);
  return profile ? retryDelayMs(profile, retries, Math.random()) : 0;
}

const profileOf = (error: unknown) =>
  retryProfileFor(classifyError(errorFacts(error)), error instanceof ApiError ? error.status : undefined);

const reportedErrors = new Set<string>();

/**
 * A request that failed badly (a server error, the payment provider, the database) is reported to the server like a
 * crash, once per kind of failure on this page; an expired session or a refusal (a 4xx, a declined card among them)
 * is not a fault to report.
 */
export function reportSeriousError(error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
  const classified = classifyError(errorFacts(error));
  if (classified.type === "auth" || (classified.severity !== "high" && classified.severity !== "critical")) return;
  const key = `${classified.type}\n${classified.message}`;
  if (reportedErrors.has(key)) return;
  reportedErrors.add(key);
  reportClientError("error", error);
}
