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

/** The environment variables as the setup page lists them: set or not, never their values. */
export function environmentRows(report: SystemReport): Array<[string, ReactNode]> {
  const setOrNot = (value: string) => <Badge tone={value === "not set" ? "neutral" : "success"}>{value}</Badge>;
  return [
    ["DATABASE_URL", setOrNot(report.database.url)],
    ["STRIPE_SECRET_KEY", setOrNot(report.payments.keys.secret_key)],
    ["STRIPE_PUBLISHABLE_KEY", setOrNot(report.payments.keys.publishable_key)],
    ["STRIPE_WEBHOOK_SECRET", setOrNot(report.payments.keys.webhook_secret)],
    ["SMTP_URL", setOrNot(report.mail.smtp_url)],
    ["AUTH_SECRET", setOrNot(report.config.auth_secret)],
    ["ADMIN_EMAILS", `${report.config.admin_emails} address${report.config.admin_emails === 1 ? "" : "es"}`],
    ["PUBLIC_URL", report.config.public_url],
    ["TRUST_PROXY", report.config.trust_proxy],
    ["COUNTRY_HEADER", report.config.country_header],
    ["REVIEW_HOURS", String(report.config.review_hours)],
    ["PAYOUT_WEEKDAY", report.config.payout_weekday],
    ["NODE_ENV", report.config.node_env],
  ];
}

export const databaseLabel = (report: SystemReport) =>
  report.database.kind === "pglite" ? "Embedded PGlite (DATA_DIR)" : "PostgreSQL (DATABASE_URL)";
