import { DrizzleQueryError } from "drizzle-orm/errors";
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, domainErrorStatus } from "../errors.js";
import type { Logger } from "../logger.js";
import { redact } from "../redact.js";
import type { AppEnv } from "./app-env.js";
import { errorBody } from "./error-body.js";
import { isZodError, validationErrorBody } from "./validate.js";

/** The driver's own error under Drizzle's wrapper, which also carries the query and its parameters. */
const driverError = (error: unknown) => (error instanceof DrizzleQueryError ? error.cause : error);

/**
 * PostgreSQL's class 22 ("data exception": a value the column or function refuses, such as a NUL byte in text) is
 * always caused by what was sent, never by the server's state: a net under the schemas, answered as bad input.
 */
function isDataException(error: unknown): boolean {
  const code = (driverError(error) as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * Errors of a database that cannot be reached (refused, unknown host, shut down, refusing logins), wherever they sit in
 * the chain of causes (Better Auth wraps Drizzle's error, which wraps the driver's): the driver's message, or null.
 */
const unreachableCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET", "EAI_AGAIN"]);
function unreachableDatabase(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === "string" ? message : "";
    if (
      typeof code === "string" &&
      (unreachableCodes.has(code) ||
        code.startsWith("08") ||
        ["57P01", "57P02", "57P03", "3D000", "28P01", "28000", "53300"].includes(code))
    ) {
      return text || code;
    }
    if (/Connection terminated|connection timeout|not currently accepting connections|database system is/i.test(text)) {
      return text;
    }
    current = cause;
  }
  return null;
}

/** What is logged of an unexpected failure: the query text but never its parameters, which hold user data. */
function loggable(error: unknown) {
  return error instanceof DrizzleQueryError
    ? { err: error.cause ?? new Error("query failed"), query: error.query }
    : { err: error };
}

/** Every failure of every API route becomes the one error envelope `{ error: { code, message, fields? } }`. */
export function apiErrorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof DomainError) {
      return c.json(errorBody(error.code, error.message, error.details), domainErrorStatus[error.code]);
    }
    if (isZodError(error)) return c.json(validationErrorBody(error), 400);
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json(errorBody(status >= 500 ? "internal" : "bad_request", error.message || "Bad request"), status);
    }
    const requestLog = c.get("log") ?? log;
    if (isDataException(error)) {
      requestLog.warn(loggable(error), "input refused by the database");
      return c.json(errorBody("validation", "The request contains a value that is not allowed"), 400);
    }
    const unreachable = unreachableDatabase(error);
    if (unreachable !== null) {
      requestLog.error(loggable(error), "database unreachable");
      return c.json(errorBody("unavailable", `The database is unreachable: ${redact(unreachable)}`), 503);
    }
    requestLog.error(loggable(error), "unhandled error");
    return c.json(errorBody("internal", "An unexpected error occurred"), 500);
  };
}
