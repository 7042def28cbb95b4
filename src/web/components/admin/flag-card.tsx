import { AlertTriangle, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { SuspiciousItem } from "../../../core/api/admin";
import type { FlagSeverity, FlagType } from "../../../core/vocabulary";
import { Badge, type BadgeTone } from "../ui/badge";
import { Card, CardBody } from "../ui/card";

/** Icons every page's shared icon file already carries (it is part of the home page's budget). */
const typeIcons: Record<FlagType, typeof ShieldAlert> = {
  rate_limit: AlertTriangle,
  bot_detection: ShieldAlert,
  geo_anomaly: ShieldAlert,
  fingerprint_abuse: ShieldAlert,
  network_concentration: ShieldAlert,
  winner_risk: AlertTriangle,
  linked_to_artist: AlertTriangle,
  linked_promoter: AlertTriangle,
  other: ShieldAlert,
};
export const severityTone: Record<FlagSeverity, BadgeTone> = { high: "danger", medium: "warning", low: "neutral" };

/** One suspicious-activity flag (SPEC.md: type, severity, details, time), its review state, and what can be done. */
export function FlagCard({ flag, action }: { flag: SuspiciousItem; action: ReactNode }) {
  const Icon = typeIcons[flag.type];
  return (
    <Card>
      <CardBody className="flex flex-wrap items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{flag.type.replace(/_/g, " ")}</span>
            <Badge tone={severityTone[flag.severity]}>{flag.severity}</Badge>
            <Badge tone={flag.status === "open" ? "warning" : "neutral"}>{flag.status}</Badge>
          </div>
          <p className="mt-1 text-sm break-words text-slate-700">{flag.details}</p>
          <p className="mt-1 text-xs text-slate-500">Raised {new Date(flag.timestamp).toLocaleString()}</p>
          {flag.resolution ? <p className="mt-1 text-xs break-words text-slate-600">{flag.resolution}</p> : null}
        </div>
        {action}
      </CardBody>
    </Card>
  );
}
