import { Mail, Play } from "lucide-react";
import type { ReactNode } from "react";
import { diagnosticsApi, type SystemReport } from "../../core/api/diagnostics";
import { diagnosticsErrorText, diagnosticsMessages } from "../../core/error-rules";
import { AdminShell } from "../components/admin/admin-shell";
import { databaseLabel, environmentRows, Facts, StatusBadge } from "../components/admin/system-parts";
import { CopyJsonButton, RawJson } from "../components/diagnostics/raw-json";
import { Button } from "../components/ui/button";
import { Card, CardBody, CardTitle } from "../components/ui/card";
import { type Column, DataTable } from "../components/ui/data-table";
import { QueryState } from "../components/ui/query-state";
import { errorFacts } from "../lib/error-reports";
import { useNoIndex, usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { useApi, useApiMutation } from "../lib/use-api";

type JobRow = SystemReport["jobs"][number];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

const jobColumns: Array<Column<JobRow>> = [
  { key: "name", header: "Job", className: "font-mono text-xs", cell: (job) => job.name },
  {
    key: "every",
    header: "Every",
    cell: (job) => (job.every_s >= 3600 ? `${job.every_s / 3600} h` : `${job.every_s / 60} min`),
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

const checklist = [
  "The server's log: every failed job, email and payout is logged with its reason.",
  "Backups: the DATA_DIR folder (embedded database and its secret) or your PostgreSQL database.",
  "Stripe: the webhook endpoint /api/webhooks/stripe is configured and its signing secret matches.",
  "Email: the sender's domain has SPF and DKIM records for your SMTP server.",
  "TRUST_PROXY matches your proxy, and the app's port is not reachable around it.",
];

function Section({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
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

/** SPEC.md Edge diagnostics, describing this self-hosted system: configuration, session, database, jobs, payments, mail. */
export default function AdminEdgeDiagnosticsPage() {
  usePageMeta("System diagnostics");
  useNoIndex();
  const { account } = useAccount();
  const report = useApi(diagnosticsApi.system, {}, { enabled: false, retry: false });
  const testEmail = useApiMutation(diagnosticsApi.testEmail);
  return (
    <AdminShell
      title="System Diagnostics"
      lead="Runs every check this server can make on itself and shows the answers."
      actions={
        <Button onClick={() => report.refetch()} loading={report.isFetching}>
          {report.isFetching ? null : <Play className="h-4 w-4" aria-hidden />} Run Diagnostics
        </Button>
      }
    >
      {report.data || report.isFetching || report.isError ? (
        <QueryState
          query={report}
          loadingLabel="Running diagnostics"
          errorTitle={diagnosticsMessages.title}
          errorMessage={(error) => diagnosticsErrorText(errorFacts(error))}
        >
          {(data) => {
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
                        [
                          "Migrations",
                          `${data.database.migrations.applied ?? "?"} of ${data.database.migrations.expected}`,
                        ],
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
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={testEmail.isPending}
                      onClick={() => testEmail.mutate({})}
                    >
                      <Mail className="h-4 w-4" aria-hidden /> Send Test Email
                    </Button>
                  </div>
                  {testEmail.data ? (
                    <p
                      role="status"
                      className={testEmail.data.ok ? "text-sm text-emerald-800" : "text-sm text-red-700"}
                    >
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
          }}
        </QueryState>
      ) : (
        <Card>
          <CardBody className="py-10 text-center text-slate-600">Press Run Diagnostics to check the system.</CardBody>
        </Card>
      )}
      <Section title="Also check">
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {checklist.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </AdminShell>
  );
}
