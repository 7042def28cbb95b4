import { DrizzleQueryError } from "drizzle-orm/errors";
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { DomainError, domainErrorStatus } from "../errors.js";
import type { Logger } from "../logger.js";
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
    requestLog.error(loggable(error), "unhandled error");
    return c.json(errorBody("internal", "An unexpected error occurred"), 500);
  };
}
