import { Bug } from "lucide-react";
import { adminApi } from "../../../core/api/admin";
import type { ClientErrorGroup } from "../../../core/api/client-errors";
import type { Severity } from "../../../core/error-rules";
import { formatCount } from "../../../core/money";
import { timeAgo } from "../../lib/time-ago";
import { useApi } from "../../lib/use-api";
import { Badge, type BadgeTone } from "../ui/badge";
import { QueryState } from "../ui/query-state";

const severityTone: Record<Severity, BadgeTone> = {
  critical: "danger",
  high: "danger",
  medium: "warning",
  low: "neutral",
};

function ErrorGroup({ group }: { group: ClientErrorGroup }) {
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <summary className="cursor-pointer">
        <span className="font-semibold break-words text-slate-900">
          {group.name}: {group.message}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <Badge tone={severityTone[group.severity]}>{group.severity}</Badge>
          <Badge tone={group.kind === "crash" ? "danger" : "neutral"}>
            {group.kind === "crash" ? "Crash" : "Error"}
          </Badge>
          <span>{group.type}</span>·
          <span>
            {formatCount(group.count)} {group.count === 1 ? "report" : "reports"}
          </span>
          ·<span>last {timeAgo(group.last_seen)}</span>·<span>first {timeAgo(group.first_seen)}</span>
        </span>
      </summary>
      <ol className="mt-3 flex flex-col gap-3">
        {group.reports.map((report) => (
          <li key={report.id} className="rounded-xl bg-slate-50 p-3 text-xs text-slate-700 ring-1 ring-slate-200">
            <p className="break-all">
              <span className="font-semibold text-slate-900">Error ID</span> <code>{report.id}</code>
            </p>
            <p className="mt-1 break-all">
              {new Date(report.created_at).toLocaleString()} · {report.path}
              {report.request_id ? ` · request ${report.request_id}` : ""}
              {report.release ? ` · build ${report.release}` : ""}
            </p>
            {report.user_agent ? <p className="mt-1 break-all text-slate-500">{report.user_agent}</p> : null}
            {report.stack ? (
              <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all">{report.stack}</pre>
            ) : null}
            {report.component_stack ? (
              <pre className="mt-2 max-h-32 overflow-auto whitespace-pre-wrap break-all text-slate-500">
                {report.component_stack.trim()}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Crashes and serious errors browsers reported, one entry per error with its count and newest reports. */
export function ClientErrorsTab() {
  const errors = useApi(adminApi.clientErrors, {}, { refetchInterval: 30_000 });
  return (
    <QueryState
      query={errors}
      loadingLabel="Loading error reports"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-slate-600">
          <Bug className="h-6 w-6 text-slate-400" aria-hidden />
          No error reports. Crashes and serious errors in people's browsers show up here.
        </div>
      }
    >
      {(data) => (
        <ul className="flex flex-col gap-2">
          {data.items.map((group) => (
            <li key={group.fingerprint}>
              <ErrorGroup group={group} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
