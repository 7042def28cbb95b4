import type { ErrorType, Severity } from "../error-rules.js";
import { post } from "./contract.js";

/** Crashes and serious errors the browser reports (PRODUCT.md: client error reports), and the admin list of them. */

export const clientErrorLimits = { message: 1000, name: 200, stack: 8000, path: 500, requestId: 100, release: 100 };

/** What a page sends: no cookie, token or form value; the path without its query. */
export type ClientErrorReport = {
  /** Made by the page, so the crash screen shows it at once; it becomes the stored report's id. */
  id: string;
  kind: "crash" | "error";
  type: ErrorType;
  severity: Severity;
  name: string;
  message: string;
  stack?: string;
  component_stack?: string;
  path: string;
  request_id?: string;
  release?: string;
};

/** One error as the admin list groups it: every report with its fingerprint. */
export type ClientErrorGroup = {
  fingerprint: string;
  kind: "crash" | "error";
  type: ErrorType;
  severity: Severity;
  name: string;
  message: string;
  count: number;
  first_seen: string;
  last_seen: string;
  /** The newest reports, newest first. */
  reports: Array<{
    id: string;
    created_at: string;
    path: string;
    request_id: string | null;
    user_agent: string | null;
    release: string | null;
    stack: string | null;
    component_stack: string | null;
  }>;
};

export const clientErrorsApi = {
  report: post<{ id: string }, ClientErrorReport>()("/api/client-errors"),
} as const;
