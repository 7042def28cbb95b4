import { classifyError, type ErrorFacts, type ErrorType, type Severity } from "../../core/error-rules";
import { randomId } from "./random-id";

/**
 * SPEC.md's local error log (sections 3 and 4): each failure this browser met, kept in its storage, unresolved until
 * the same component's same action succeeds on a retry, then resolved. The server's error reports are separate (they
 * are for admins); this one is the page's own account of what went wrong and what came right.
 */
export type ErrorLogEntry = {
  id: string;
  type: ErrorType;
  severity: Severity;
  message: string;
  context: {
    timestamp: string;
    userAgent: string;
    url: string;
    stackTrace?: string;
    /** What failed: for a request, its endpoint. */
    component: string;
    /** What it was doing: for a request, its method. */
    action: string;
  };
  resolved: boolean;
  /** How many more times it failed before it was resolved. */
  retryCount: number;
};

export const ERROR_LOG_KEY = "fanboost_error_log";
/** The newest entries kept: the log is for this browser's recent story, not an archive. */
const MAX_ENTRIES = 50;

type LogStorage = Pick<Storage, "getItem" | "setItem">;
type Where = { component: string; action: string; url: string; userAgent: string };

export function createErrorLog(storage: () => LogStorage | undefined, now = () => new Date()) {
  const read = (): ErrorLogEntry[] => {
    try {
      const stored = JSON.parse(storage()?.getItem(ERROR_LOG_KEY) ?? "[]") as unknown;
      return Array.isArray(stored) ? (stored as ErrorLogEntry[]) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: ErrorLogEntry[]) => {
    try {
      storage()?.setItem(ERROR_LOG_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    } catch {
      // A full or refused storage loses the log, never the page.
    }
  };
  const same = (entry: ErrorLogEntry, where: Pick<Where, "component" | "action">) =>
    !entry.resolved && entry.context.component === where.component && entry.context.action === where.action;

  return {
    entries: read,
    /** A failure: a new entry, or one more try of an unresolved one of the same component and action. */
    record(facts: ErrorFacts & { stack?: string }, where: Where, tries = 1) {
      const entries = read();
      const open = entries.find((entry) => same(entry, where));
      if (open) {
        open.retryCount += tries;
        open.message = classifyError(facts).message;
        write(entries);
        return;
      }
      const classified = classifyError(facts);
      entries.push({
        id: randomId(),
        type: classified.type,
        severity: classified.severity,
        message: classified.message,
        context: { timestamp: now().toISOString(), stackTrace: facts.stack, ...where },
        resolved: false,
        retryCount: tries - 1,
      });
      write(entries);
    },
    /** A success: the unresolved failures of the same component and action are resolved. */
    resolve(where: Pick<Where, "component" | "action">) {
      const entries = read();
      const open = entries.filter((entry) => same(entry, where));
      if (open.length === 0) return;
      for (const entry of open) entry.resolved = true;
      write(entries);
    },
  };
}

/** This browser's log, in its local storage. */
export const errorLog = createErrorLog(() => (typeof localStorage === "undefined" ? undefined : localStorage));
