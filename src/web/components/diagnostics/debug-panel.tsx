import { Bug, RefreshCw } from "lucide-react";
import { campaignsApi } from "../../../core/api/campaigns";
import { diagnosticsApi } from "../../../core/api/diagnostics";
import { diagnosticsErrorText } from "../../../core/error-rules";
import { errorFacts } from "../../lib/error-reports";
import { useApi } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { CopyJsonButton, RawJson } from "./raw-json";

/** A check's answer, or why it failed (SPEC.md's diagnostics errors): the panel shows both. */
function settled<T>(check: { data?: T; error: unknown }): T | { ok: false; error: string } | undefined {
  return check.error ? { ok: false, error: diagnosticsErrorText(errorFacts(check.error)) } : check.data;
}

/** SPEC.md's debug panel: the database check and the public campaign feed, with the raw JSON to copy. */
export function DebugPanel({ extra }: { extra?: Record<string, unknown> }) {
  // A check says at once what failed: no retries.
  const databaseCheck = useApi(diagnosticsApi.database, {}, { retry: false });
  const feedCheck = useApi(campaignsApi.publicList, {}, { retry: false });
  const checking = databaseCheck.isFetching || feedCheck.isFetching;
  const data =
    databaseCheck.isPending || feedCheck.isPending
      ? undefined
      : { database: settled(databaseCheck), campaigns: settled(feedCheck) };
  const database = data?.database && "env" in data.database ? data.database : undefined;
  const feed = data?.campaigns && "items" in data.campaigns ? data.campaigns : undefined;
  const raw = JSON.stringify({ ...data, ...extra }, null, 2);

  return (
    <Card className="border-2 border-dashed border-amber-300 bg-amber-50/50">
      <CardBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Bug className="h-5 w-5 text-amber-700" aria-hidden /> Debug panel
          </h2>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => Promise.all([databaseCheck.refetch(), feedCheck.refetch()])}
              loading={checking}
            >
              {checking ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Run Check
            </Button>
            <CopyJsonButton json={raw} />
          </div>
        </div>
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <p className="font-semibold">
              Database <Badge tone={database?.ok ? "success" : "danger"}>{database?.ok ? "OK" : "Failed"}</Badge>
            </p>
            <p>Kind: {database?.env.databaseKind ?? "unknown"}</p>
            <p>URL set: {database?.env.urlSet ? "yes" : "no"}</p>
            <p>Campaigns: {database?.campaignsCount ?? "—"}</p>
            <p>Latency: {database ? `${database.latency} ms` : "—"}</p>
            {data?.database && !database?.ok ? <p className="text-red-700">{data.database.error}</p> : null}
          </div>
          <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <p className="font-semibold">
              Public campaigns <Badge tone={feed?.ok ? "success" : "danger"}>{feed?.ok ? "OK" : "Failed"}</Badge>
            </p>
            <p>Items: {feed?.items.length ?? "—"}</p>
            <ul className="mt-1 list-disc pl-5">
              {feed?.items.slice(0, 3).map((item) => (
                <li key={`${item.title}-${item.artist_name}`}>
                  {item.title} <span className="text-slate-500">by {item.artist_name}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <RawJson json={raw} label="Debug panel raw JSON" />
      </CardBody>
    </Card>
  );
}
