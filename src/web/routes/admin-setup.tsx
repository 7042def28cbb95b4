import { ArrowRight, Eye, EyeOff, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { diagnosticsApi, type SystemReport } from "../../core/api/diagnostics";
import { diagnosticsErrorText, diagnosticsMessages } from "../../core/error-rules";
import { AdminShell } from "../components/admin/admin-shell";
import { databaseLabel, environmentRows, Facts, StatusBadge } from "../components/admin/system-parts";
import { CopyJsonButton, RawJson } from "../components/diagnostics/raw-json";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody, CardTitle } from "../components/ui/card";
import { QueryState } from "../components/ui/query-state";
import { errorFacts } from "../lib/error-reports";
import { useNoIndex, usePageMeta } from "../lib/page-meta";
import { useApi } from "../lib/use-api";

const startCommand =
  "createdb fanboost\nDATABASE_URL=postgres://fanboost:PASSWORD@127.0.0.1:5432/fanboost AUTH_SECRET=... npm start";

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li>
      <Card>
        <CardBody className="flex gap-4">
          <span
            aria-hidden
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          >
            {number}
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <CardTitle>
              <span className="sr-only">Step {number}: </span>
              {title}
            </CardTitle>
            {children}
          </div>
        </CardBody>
      </Card>
    </li>
  );
}

function failing(report: SystemReport): string[] {
  return [
    report.database.ok ? null : `Database: ${report.database.error ?? "unreachable"}`,
    report.database.migrations.applied === report.database.migrations.expected
      ? null
      : `Schema: ${report.database.migrations.applied ?? "?"} of ${report.database.migrations.expected} migrations applied`,
    report.payments.check.ok ? null : `Payments: ${report.payments.check.error}`,
  ].filter((problem): problem is string => problem !== null);
}

/** SPEC.md Setup page, describing this self-hosted system: five steps from keys to a verified installation. */
export default function AdminSetupPage() {
  usePageMeta("Setup");
  useNoIndex();
  const report = useApi(diagnosticsApi.system, {}, { retry: false });
  const [raw, setRaw] = useState(false);
  return (
    <AdminShell
      title="Setup"
      lead="Connect FanBoost to its database, payments and mail, then check that everything answers."
    >
      <QueryState
        query={report}
        loadingLabel="Checking the system"
        errorTitle={diagnosticsMessages.title}
        errorMessage={(error) => diagnosticsErrorText(errorFacts(error))}
      >
        {(data) => {
          const json = JSON.stringify(data, null, 2);
          const problems = failing(data);
          return (
            <ol className="flex flex-col gap-4">
              <Step number={1} title="Get your keys">
                <p className="text-sm text-slate-700">
                  With nothing configured FanBoost runs embedded: PGlite in <code>DATA_DIR</code>, sandbox payments and
                  the dev outbox for email. For production you need:
                </p>
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  <li>
                    A PostgreSQL database and its connection URL (<code>DATABASE_URL</code>).
                  </li>
                  <li>
                    Stripe keys from the Stripe dashboard: secret, publishable and webhook signing secret (webhook at{" "}
                    <code>/api/webhooks/stripe</code>).
                  </li>
                  <li>
                    An SMTP server URL (<code>SMTP_URL</code>) and a sender (<code>MAIL_FROM</code>).
                  </li>
                  <li>
                    A random <code>AUTH_SECRET</code> of at least 32 characters.
                  </li>
                </ul>
              </Step>
              <Step number={2} title="Environment variable status">
                <p className="text-sm text-slate-600">Secrets are shown as set or not set, never their values.</p>
                <Facts rows={environmentRows(data)} />
              </Step>
              <Step number={3} title="Test the connection">
                <div className="flex flex-wrap items-center gap-2">
                  <Button size="sm" onClick={() => report.refetch()} loading={report.isFetching}>
                    {report.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Run Check
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRaw((shown) => !shown)}>
                    {raw ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
                    {raw ? "Hide Raw Response" : "Show Raw Response"}
                  </Button>
                  {raw ? <CopyJsonButton json={json} /> : null}
                </div>
                <Facts
                  rows={[
                    ["Database", <StatusBadge key="ok" ok={data.database.ok} />],
                    ["Kind", databaseLabel(data)],
                    ["Version", data.database.version ?? "—"],
                    ["Campaigns", data.database.campaigns ?? "—"],
                    ["Latency", `${data.database.latency_ms} ms`],
                    ["Error", data.database.error ?? "none"],
                    ["Checked", new Date(data.checked_at).toLocaleString()],
                  ]}
                />
                {raw ? <RawJson json={json} label="Raw response" /> : null}
              </Step>
              <Step number={4} title="Database schema">
                <p className="text-sm text-slate-700">
                  The server applies the schema itself when it starts, on PostgreSQL and on the embedded database:{" "}
                  <strong>
                    {data.database.migrations.applied ?? "?"} of {data.database.migrations.expected}
                  </strong>{" "}
                  migrations applied. To start on a new PostgreSQL database:
                </p>
                <RawJson json={startCommand} label="Commands to start on PostgreSQL" />
                <div>
                  <CopyJsonButton json={startCommand} label="Copy Commands" />
                </div>
              </Step>
              <Step number={5} title="Verification">
                {problems.length === 0 ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <StatusBadge ok okLabel="Everything answers" />
                    <Link to="/join-campaign" className={buttonStyles("primary", "sm")}>
                      Browse Campaigns <ArrowRight className="h-4 w-4" aria-hidden />
                    </Link>
                  </div>
                ) : (
                  <ul className="list-disc pl-5 text-sm text-red-700">
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </Step>
            </ol>
          );
        }}
      </QueryState>
    </AdminShell>
  );
}
