import type { ReactNode } from "react";
import type { SystemReport } from "../../../core/api/diagnostics";
import { Badge } from "../ui/badge";

/** OK / Failed as the system pages show a check's result. */
export function StatusBadge({
  ok,
  okLabel = "OK",
  failedLabel = "Failed",
}: {
  ok: boolean | null;
  okLabel?: string;
  failedLabel?: string;
}) {
  if (ok === null) return <Badge>Not run</Badge>;
  return <Badge tone={ok ? "success" : "danger"}>{ok ? okLabel : failedLabel}</Badge>;
}

/** Label and value rows that wrap on a phone. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="mb-1.5 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every environment variable as the setup and diagnostics pages list them: its value, or set or not for a secret. */
export function environmentRows(report: SystemReport): Array<[string, ReactNode]> {
  return report.settings.map(({ variable, value }) => [
    variable,
    value === "set" || value === "not set" ? (
      <Badge key={variable} tone={value === "set" ? "success" : "neutral"}>
        {value}
      </Badge>
    ) : (
      value
    ),
  ]);
}

export const databaseLabel = (report: SystemReport) =>
  report.database.kind === "pglite" ? "Embedded PGlite (DATA_DIR)" : "PostgreSQL (DATABASE_URL)";
