import { type ClientErrorReport, clientErrorLimits, clientErrorsApi } from "../../core/api/client-errors";
import { classifyError } from "../../core/error-rules";
import { ApiError } from "./api";
import { randomId } from "./random-id";

/** What an error says of itself, whatever was thrown. */
export function errorFacts(error: unknown) {
  if (error instanceof ApiError) {
    return { name: error.name, message: error.message, status: error.status, code: error.code, stack: error.stack };
  }
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "Error", message: typeof error === "string" ? error : "" };
}

const cap = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

/**
 * Sends a crash or a serious error to the server (PRODUCT.md: client error reports): the error's name, message and
 * stack, the page's path without its query, and the failing request's id; never a cookie (none is sent), a token or
 * a form value. Answers the report's id at once, and whether the server stored it.
 */
export function reportClientError(
  kind: ClientErrorReport["kind"],
  error: unknown,
  componentStack?: string,
): { id: string; sent: Promise<boolean> } {
  const facts = errorFacts(error);
  const classified = classifyError(facts);
  const report: ClientErrorReport = {
    id: randomId(),
    kind,
    type: classified.type,
    severity: classified.severity,
    name: cap(facts.name || "Error", clientErrorLimits.name) ?? "Error",
    message: cap(classified.message, clientErrorLimits.message) ?? "",
    stack: cap(facts.stack, clientErrorLimits.stack),
    component_stack: cap(componentStack, clientErrorLimits.stack),
    path: cap(window.location.pathname, clientErrorLimits.path) ?? "/",
    request_id: error instanceof ApiError ? cap(error.requestId, clientErrorLimits.requestId) : undefined,
  };
  const sent = fetch(clientErrorsApi.report.path, {
    method: "POST",
    credentials: "omit",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(report),
  })
    .then((response) => response.ok)
    .catch(() => false);
  return { id: report.id, sent };
}
