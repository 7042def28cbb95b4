import { Play } from "lucide-react";
import { diagnosticsApi } from "../../core/api/diagnostics";
import { diagnosticsErrorText, diagnosticsMessages } from "../../core/error-rules";
import { AdminShell } from "../components/admin/admin-shell";
import { Section, SystemReportView } from "../components/admin-edge-diagnostics/system-report";
import { Button } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { errorFacts } from "../lib/error-reports";
import { useNoIndex, usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { useApi, useApiMutation } from "../lib/use-api";

const checklist = [
  "The server's log: every failed job, email and payout is logged with its reason.",
  "Backups: the DATA_DIR folder (embedded database and its secret) or your PostgreSQL database.",
  "Stripe: the webhook endpoint /api/webhooks/stripe is configured and its signing secret matches.",
  "Email: the sender's domain has SPF and DKIM records for your SMTP server.",
  "TRUST_PROXY matches your proxy, and the app's port is not reachable around it.",
];

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
          {(data) => (
            <SystemReportView
              data={data}
              account={account}
              testEmail={{ data: testEmail.data, isPending: testEmail.isPending, send: () => testEmail.mutate({}) }}
            />
          )}
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
