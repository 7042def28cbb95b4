import { useQuery } from "@tanstack/react-query";
import { Bug, RefreshCw } from "lucide-react";
import { campaignsApi } from "../../../core/api/campaigns";
import { diagnosticsApi } from "../../../core/api/diagnostics";
import { diagnosticsErrorText } from "../../../core/error-rules";
import { errorFacts } from "../../lib/error-reports";
import { callApi } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { CopyJsonButton, RawJson } from "./raw-json";

/** A check's answer, or why it failed (SPEC.md's diagnostics errors): the panel shows both. */
async function settle<T>(call: () => Promise<T>): Promise<T | { ok: false; error: string }> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: diagnosticsErrorText(errorFacts(error)) };
  }
}

/** SPEC.md's debug panel: the database check and the public campaign feed, with the raw JSON to copy. */
export function DebugPanel({ extra }: { extra?: Record<string, unknown> }) {
  const checks = useQuery({
    queryKey: ["debug-panel"],
    queryFn: async () => ({
      database: await settle(() => callApi(diagnosticsApi.database)),
      campaigns: await settle(() => callApi(campaignsApi.publicList)),
    }),
  });
  const data = checks.data;
  const database = data && "env" in data.database ? data.database : undefined;
  const feed = data && "items" in data.campaigns ? data.campaigns : undefined;
  const raw = JSON.stringify({ ...data, ...extra }, null, 2);

  return (
    <Card className="border-2 border-dashed border-amber-300 bg-amber-50/50">
      <CardBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Bug className="h-5 w-5 text-amber-700" aria-hidden /> Debug panel
          </h2>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => checks.refetch()} loading={checks.isFetching}>
              {checks.isFetching ? null : <RefreshCw className="h-4 w-4" aria-hidden />} Run Check
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
            {data && !database?.ok ? <p className="text-red-700">{data.database.error}</p> : null}
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
