import { AlertTriangle, Bot, Fingerprint, Globe2, Search, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { adminApi, type SuspiciousItem, type TimeRange } from "../../../core/api/admin";
import { useApi } from "../../lib/use-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { QueryState } from "../ui/query-state";
import { ClickTable } from "./click-table";
import { RangePicker } from "./range-picker";

const typeIcons = {
  rate_limit: AlertTriangle,
  bot_detection: Bot,
  geo_anomaly: Globe2,
  fingerprint_abuse: Fingerprint,
  other: ShieldAlert,
};
const severityTone = { high: "danger", medium: "warning", low: "neutral" } as const;

/** The clicks behind a flag (the fraud-review issue turns this into a full investigation). */
function Investigation({ item, onClose }: { item: SuspiciousItem; onClose: () => void }) {
  const subject = item.tracking_link_id ? { link_id: item.tracking_link_id } : { campaign_id: item.campaign_id ?? "" };
  const clicks = useApi(adminApi.subjectClicks, { query: subject });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Investigate"
      description={item.details}
      className="max-w-3xl"
    >
      <QueryState query={clicks} loadingLabel="Loading clicks">
        {(data) => <ClickTable clicks={data.items} caption="Clicks behind this flag" empty="No clicks found" />}
      </QueryState>
    </Dialog>
  );
}

/** SPEC.md's Suspicious Activity tab: the flags of a time range, refreshed every 5 s. */
export function SuspiciousTab() {
  const [range, setRange] = useState<TimeRange>("24h");
  const flags = useApi(adminApi.suspicious, { query: { range } }, { refetchInterval: 5_000 });
  const [investigating, setInvestigating] = useState<SuspiciousItem | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <RangePicker value={range} onChange={setRange} />
      <QueryState
        query={flags}
        loadingLabel="Loading suspicious activity"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Card>
            <CardBody className="py-10 text-center text-slate-600">No suspicious activity detected</CardBody>
          </Card>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((item) => {
              const Icon = typeIcons[item.type] ?? ShieldAlert;
              return (
                <li key={item.id}>
                  <Card>
                    <CardBody className="flex flex-wrap items-start gap-3">
                      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold text-slate-900">{item.type.replace(/_/g, " ")}</span>
                          <Badge tone={severityTone[item.severity]}>{item.severity}</Badge>
                          {item.status === "open" ? null : <Badge>{item.status}</Badge>}
                        </div>
                        <p className="mt-1 text-sm break-words text-slate-700">{item.details}</p>
                        <p className="mt-1 text-xs text-slate-500">{new Date(item.timestamp).toLocaleString()}</p>
                      </div>
                      {item.tracking_link_id || item.campaign_id ? (
                        <Button size="sm" variant="secondary" onClick={() => setInvestigating(item)}>
                          <Search className="h-3.5 w-3.5" aria-hidden /> Investigate
                        </Button>
                      ) : null}
                    </CardBody>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {investigating ? <Investigation item={investigating} onClose={() => setInvestigating(null)} /> : null}
    </div>
  );
}
