import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ClientErrorGroup, ClientErrorReport } from "../../core/api/client-errors.js";
import { errorTypes, severities } from "../../core/error-rules.js";
import type { Database } from "../db/client.js";
import { column, queryParsed } from "../db/rows.js";
import { redact } from "../redact.js";

/** How long reports are kept: long enough to see a trend after a release, short for what they may say. */
export const CLIENT_ERROR_RETENTION_DAYS = 30;
/** The admin list: this many errors, each with its newest reports. */
const GROUPS_LISTED = 50;
const REPORTS_PER_GROUP = 5;

/**
 * A report holds no secret, whatever the page put in it: a token, code or password in a URL's query loses its value,
 * as do a bearer token and a URL's user and password.
 */
export function scrub(text: string): string {
  return redact(text)
    .replace(/([?&#](?:token|code|key|secret|password|session|t|u|k)=)[^&#\s"']+/gi, "$1•••")
    .replace(/\b(Bearer\s+)[\w.~+/-]+=*/gi, "$1•••");
}

/**
 * Reports of one error share a fingerprint: its name, its message with the numbers and ids taken out, and the first
 * frame of its stack without line and column (a new build moves those).
 */
export function fingerprintOf(report: Pick<ClientErrorReport, "name" | "message" | "stack">): string {
  const message = report.message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "{id}")
    .replace(/\d+/g, "{n}");
  const frame =
    (report.stack ?? "")
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.startsWith("at ") || line.includes("@"))
      ?.replace(/-[A-Za-z0-9_-]{8}\.js/g, ".js")
      .replace(/:\d+(:\d+)?\)?$/, "") ?? "";
  return createHash("sha256").update(`${report.name}\n${message}\n${frame}`).digest("hex").slice(0, 16);
}

/** Stores a report once (a resend of the same id changes nothing); answers its id. */
export async function storeClientError(
  db: Database,
  report: ClientErrorReport,
  userAgent: string | undefined,
): Promise<string> {
  const clean = {
    message: scrub(report.message),
    stack: report.stack ? scrub(report.stack) : null,
    componentStack: report.component_stack ? scrub(report.component_stack) : null,
  };
  await db.execute(
    sql`insert into client_error_reports
          (id, fingerprint, kind, type, severity, name, message, stack, component_stack, path, request_id, user_agent,
           release)
        values (${report.id}, ${fingerprintOf({ name: report.name, message: clean.message, stack: clean.stack ?? undefined })},
          ${report.kind}, ${report.type}, ${report.severity}, ${report.name}, ${clean.message}, ${clean.stack},
          ${clean.componentStack}, ${report.path}, ${report.request_id ?? null}, ${userAgent?.slice(0, 300) ?? null},
          ${report.release ?? null})
        on conflict (id) do nothing`,
  );
  return report.id;
}

const groupRow = z.object({
  fingerprint: column.text,
  count: column.number,
  first_seen: column.timestamp,
  last_seen: column.timestamp,
  id: column.text,
  kind: z.enum(["crash", "error"]),
  type: column.oneOf(errorTypes),
  severity: column.oneOf(severities),
  name: column.text,
  message: column.text,
  created_at: column.timestamp,
  path: column.text,
  request_id: column.textOrNull,
  user_agent: column.textOrNull,
  release: column.textOrNull,
  stack: column.textOrNull,
  component_stack: column.textOrNull,
});

/** The errors most recently reported, each with how often, since when, and its newest reports. */
export async function listClientErrorGroups(db: Database): Promise<ClientErrorGroup[]> {
  const rows = await queryParsed(
    db,
    groupRow,
    sql`select g.fingerprint, g.count, g.first_seen, g.last_seen, r.*
        from (select fingerprint, count(*) as count, min(created_at) as first_seen, max(created_at) as last_seen
              from client_error_reports group by fingerprint order by last_seen desc limit ${GROUPS_LISTED}) g
        cross join lateral (
          select id, kind, type, severity, name, message, created_at, path, request_id, user_agent, release, stack,
            component_stack
          from client_error_reports r where r.fingerprint = g.fingerprint
          order by created_at desc limit ${REPORTS_PER_GROUP}) r
        order by g.last_seen desc, g.fingerprint, r.created_at desc`,
  );
  const groups = new Map<string, ClientErrorGroup>();
  for (const row of rows) {
    const report = {
      id: row.id,
      created_at: row.created_at.toISOString(),
      path: row.path,
      request_id: row.request_id,
      user_agent: row.user_agent,
      release: row.release,
      stack: row.stack,
      component_stack: row.component_stack,
    };
    const group = groups.get(row.fingerprint);
    if (group) group.reports.push(report);
    // The newest report names the group.
    else
      groups.set(row.fingerprint, {
        fingerprint: row.fingerprint,
        kind: row.kind,
        type: row.type,
        severity: row.severity,
        name: row.name,
        message: row.message,
        count: row.count,
        first_seen: row.first_seen.toISOString(),
        last_seen: row.last_seen.toISOString(),
        reports: [report],
      });
  }
  return [...groups.values()];
}

/** Deletes reports older than the retention; how many. */
export async function pruneClientErrors(db: Database): Promise<number> {
  const rows = await queryParsed(
    db,
    z.object({ id: column.text }),
    sql`delete from client_error_reports
        where created_at < now() - make_interval(days => ${CLIENT_ERROR_RETENTION_DAYS}) returning id`,
  );
  return rows.length;
}
