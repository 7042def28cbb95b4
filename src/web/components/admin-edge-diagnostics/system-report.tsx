import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import type { Account } from "../../../core/api/accounts";
import type { SystemReport, TestEmailResult } from "../../../core/api/diagnostics";
import { cadenceLabel } from "../../../core/time-left";
import { databaseLabel, environmentRows, Facts, StatusBadge } from "../admin/system-parts";
import { CopyJsonButton, RawJson } from "../diagnostics/raw-json";
import { Button } from "../ui/button";
import { Card, CardBody, CardTitle } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";

type JobRow = SystemReport["jobs"][number];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

const jobColumns: Array<Column<JobRow>> = [
  { key: "name", header: "Job", className: "font-mono text-xs", cell: (job) => job.name },
  {
    key: "every",
    header: "Every",
    cell: (job) => cadenceLabel(job.every_s),
  },
  {
    key: "status",
    header: "Last run",
    cell: (job) =>
      !job.scheduled ? (
        <span className="text-slate-600">Not scheduled in this process</span>
      ) : (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge ok={job.running ? null : job.last_ok} okLabel="OK" failedLabel="Failed" />
          <span className="text-xs text-slate-600">{when(job.last_finished_at ?? job.last_started_at)}</span>
          {job.last_error ? <span className="text-xs break-words text-red-700">{job.last_error}</span> : null}
        </div>
      ),
  },
  { key: "next", header: "Next run", cell: (job) => when(job.next_run_at) },
];

/** A card of the report: its title, its status beside it, and its facts. */
export function Section({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardBody className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{title}</CardTitle>
          {status}
        </div>
        {children}
      </CardBody>
    </Card>
  );
}

type Props = {
  data: SystemReport;
  account: Account | null;
  /** The test email's write, kept by the page so its answer outlives a new run of the checks. */
  testEmail: { data?: TestEmailResult | undefined; isPending: boolean; send: () => void };
};

/** Every check's answer: environment, session, database, payments, mail, the jobs, and the raw JSON. */
export function SystemReportView({ data, account, testEmail }: Props) {
  const json = JSON.stringify(
    { ...data, session: account ? { user_id: account.user.id, role: account.role } : null },
    null,
    2,
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Environment">
        <Facts rows={environmentRows(data)} />
      </Section>
      <div className="flex min-w-0 flex-col gap-4">
        <Section title="Authentication" status={<StatusBadge ok={Boolean(account)} okLabel="Signed in" />}>
          <Facts
            rows={[
              ["Session", account ? "present" : "none"],
              ["User", account?.user.email ?? "—"],
              [
                "User ID",
                <code key="id" className="text-xs break-all">
                  {account?.user.id ?? "—"}
                </code>,
              ],
              ["Role", account?.role ?? "—"],
            ]}
          />
        </Section>
        <Section title="Database" status={<StatusBadge ok={data.database.ok} />}>
          <Facts
            rows={[
              ["Kind", databaseLabel(data)],
              ["Version", data.database.version ?? "—"],
              ["Campaigns", data.database.campaigns ?? "—"],
              ["Latency", `${data.database.latency_ms} ms`],
              ["Migrations", `${data.database.migrations.applied ?? "?"} of ${data.database.migrations.expected}`],
              ["Error", data.database.error ?? "none"],
            ]}
          />
        </Section>
      </div>
      <Section title="Payments" status={<StatusBadge ok={data.payments.check.ok} />}>
        <Facts
          rows={[
            [
              "Provider",
              data.payments.mode === "stripe"
                ? `Stripe (${data.payments.live ? "live" : "test"} keys)`
                : "Built-in sandbox",
            ],
            ["Test call", data.payments.check.detail ?? data.payments.check.error ?? "—"],
            ["Latency", `${data.payments.check.latency_ms} ms`],
          ]}
        />
      </Section>
      <Section
        title="Email"
        status={testEmail.data ? <StatusBadge ok={testEmail.data.ok} okLabel="Test sent" /> : null}
      >
        <Facts
          rows={[
            ["Transport", data.mail.mode === "smtp" ? "SMTP (SMTP_URL)" : "Dev outbox (stored, not sent)"],
            ["From", data.mail.from],
            ["Recorded", data.mail.recorded ?? "—"],
            ["Last", when(data.mail.last_at)],
          ]}
        />
        <div>
          <Button size="sm" variant="secondary" loading={testEmail.isPending} onClick={testEmail.send}>
            <Mail className="h-4 w-4" aria-hidden /> Send Test Email
          </Button>
        </div>
        {testEmail.data ? (
          <p role="status" className={testEmail.data.ok ? "text-sm text-emerald-800" : "text-sm text-red-700"}>
            {testEmail.data.ok
              ? `Test email ${data.mail.mode === "smtp" ? "sent" : "stored in the outbox"} for ${testEmail.data.to}.`
              : `Test email failed: ${testEmail.data.error}`}
          </p>
        ) : null}
      </Section>
      <div className="min-w-0 lg:col-span-2">
        <Card className="overflow-hidden">
          <CardBody className="pb-0">
            <CardTitle>Background jobs on this instance</CardTitle>
          </CardBody>
          <DataTable
            rows={data.jobs}
            rowKey={(job) => job.name}
            columns={jobColumns}
            caption="Background jobs"
            empty="No jobs"
            minWidth="min-w-[40rem]"
          />
        </Card>
      </div>
      <div className="min-w-0 lg:col-span-2">
        <Section title="Raw JSON" status={<CopyJsonButton json={json} />}>
          <RawJson json={json} label="Diagnostics raw JSON" />
        </Section>
      </div>
    </div>
  );
}
