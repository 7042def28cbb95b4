/**
 * SPEC.md section 8: what kind of failure an error is, how bad, and what the user is told; section 9: how often and
 * how soon a failed request is tried again. One module for every screen, pure, so it is property-tested.
 */

export const errorTypes = ["network", "api", "auth", "payment", "validation", "unknown"] as const;
export type ErrorType = (typeof errorTypes)[number];
export const severities = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof severities)[number];
export type ToastLevel = "error" | "warning";

/** What is known of a failure: an `Error` (message, name) and, for an answer of the server, its status and code. */
export type ErrorFacts = { message?: string; name?: string; status?: number; code?: string };

export type ClassifiedError = {
  type: ErrorType;
  severity: Severity;
  /** The error's own message, or SPEC.md's default. */
  message: string;
};

export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred";

const mentions = (text: string, words: readonly string[]) => words.some((word) => text.includes(word));

/**
 * The type, in SPEC.md's order of precedence where two apply: a request that never reached the server is a network
 * error; an answer saying who you are (401/403) is auth; then payment and validation by their words or codes; then any
 * other error status is api.
 */
export function classifyError(facts: ErrorFacts): ClassifiedError {
  const message = facts.message?.trim() || DEFAULT_ERROR_MESSAGE;
  const text = `${message} ${facts.code ?? ""}`.toLowerCase();
  const status = facts.status ?? 0;
  const type: ErrorType =
    facts.name === "NetworkError" || (status === 0 && mentions(text, ["network", "fetch"]))
      ? "network"
      : status === 401 || status === 403 || (status === 0 && mentions(text, ["auth", "unauthorized", "forbidden"]))
        ? "auth"
        : mentions(text, ["payment", "card"])
          ? "payment"
          : (status === 0 || (status >= 400 && status < 500)) && mentions(text, ["validation", "required", "invalid"])
            ? "validation"
            : status >= 400 && status <= 599
              ? "api"
              : "unknown";
  return { type, severity: severityOf(type, status, text), message };
}

function severityOf(type: ErrorType, status: number, text: string): Severity {
  if (type === "payment" || mentions(text, ["database"])) return "critical";
  if (type === "auth" || (type === "api" && status >= 500)) return "high";
  if (type === "network" || type === "api") return "medium";
  return "low";
}

/** SPEC.md's user toasts, by type (and, for the offline and critical cases, by state). */
export const errorToasts = {
  network: "Connection issue. Please try again.",
  offline: "You are offline. Some features may not work.",
  api: "Request failed. Please try again.",
  apiCritical: "Service temporarily unavailable. Please try again later.",
  auth: "Please sign in again to continue.",
  payment: "Payment failed. Please check your card details and try again.",
  validation: "Please check your input and try again.",
  default: "Something went wrong. Please try again.",
} as const;

/** SPEC.md section 4's connectivity toasts: going offline, and how the writes queued meanwhile ended. */
export const connectivityToasts = {
  offline: "You are offline. Some features may be limited.",
  allQueuedDone: "All queued actions completed",
  stillPending: (count: number) => `${count} ${count === 1 ? "action" : "actions"} still pending`,
} as const;

/** SPEC.md section 8's diagnostics errors: a check that could not run, and why, by how its request failed. */
export const diagnosticsMessages = {
  title: "Failed to run diagnostics",
  failed: "Diagnostics failed",
  network: "Network error",
  noSession: "No valid session - please sign in first",
  notFound: "Function not found",
} as const;

/** The reason under 'Failed to run diagnostics'; an answer with the server's own error code keeps its message. */
export function diagnosticsErrorText(facts: ErrorFacts): string {
  if (facts.status === 0) return diagnosticsMessages.network;
  if (facts.status === 401) return diagnosticsMessages.noSession;
  if (facts.status === 404) return diagnosticsMessages.notFound;
  const detail = facts.code && facts.code !== "error" ? facts.message?.trim() : undefined;
  return detail ? `${diagnosticsMessages.failed}: ${detail}` : diagnosticsMessages.failed;
}

/** Toasts sit top-right and go after 4 s (SPEC.md section 9). */
export const TOAST_DURATION_MS = 4000;

/** The toast for a classified error; `offline` when the browser says it is. */
export function errorToast(error: ClassifiedError, offline = false): { text: string; level: ToastLevel } {
  switch (error.type) {
    case "network":
      return offline ? { text: errorToasts.offline, level: "warning" } : { text: errorToasts.network, level: "error" };
    case "api":
      return { text: error.severity === "critical" ? errorToasts.apiCritical : errorToasts.api, level: "error" };
    case "auth":
      return { text: errorToasts.auth, level: "error" };
    case "payment":
      return { text: errorToasts.payment, level: "error" };
    case "validation":
      return { text: errorToasts.validation, level: "warning" };
    case "unknown":
      return { text: errorToasts.default, level: "error" };
  }
}

/** SPEC.md section 9's retry profiles: retries after the first try, and the delay before each. */
export type RetryProfile = { maxRetries: number; baseMs: number; maxMs: number; multiplier: number };

export const retryProfiles = {
  network: { maxRetries: 3, baseMs: 1000, maxMs: 10_000, multiplier: 2 },
  api: { maxRetries: 2, baseMs: 500, maxMs: 5000, multiplier: 1.5 },
  payment: { maxRetries: 1, baseMs: 2000, maxMs: 5000, multiplier: 1 },
} as const satisfies Record<string, RetryProfile>;

/** Random jitter up to this is added to each delay, so clients that failed together do not retry together. */
export const RETRY_JITTER_MS = 1000;

/** Which profile retries this error: none for an answer the server gave on purpose (4xx) or one it cannot judge. */
export function retryProfileFor(error: ClassifiedError, status: number | undefined): RetryProfile | null {
  if (error.type === "network") return retryProfiles.network;
  if (error.type === "payment")
    return status !== undefined && status >= 400 && status < 500 ? null : retryProfiles.payment;
  if (error.type === "api" && (status ?? 0) >= 500) return retryProfiles.api;
  return null;
}

/**
 * The delay before retry number `retry` (0 for the first retry): base x multiplier^retry, at most the profile's
 * maximum, plus `random` (0 to 1) x the jitter.
 */
export function retryDelayMs(profile: RetryProfile, retry: number, random: number): number {
  const backoff = Math.min(profile.maxMs, profile.baseMs * profile.multiplier ** retry);
  return Math.round(backoff + random * RETRY_JITTER_MS);
}

/**
 * Whether to try again when `retries` retries have already been made (0 after the first try failed): within the
 * profile's count, and for a write only when it carries an idempotency key (the server then answers a replay with the
 * first result, so nothing happens twice).
 */
export function shouldRetry(
  profile: RetryProfile | null,
  retries: number,
  request: { write: boolean; idempotent: boolean },
): boolean {
  if (!profile || retries >= profile.maxRetries) return false;
  return !request.write || request.idempotent;
}
