import { Link } from "react-router";
import type { Investigation } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";
import { severityTone } from "../admin/flag-card";
import { investigatePath } from "../admin/investigate-path";
import { Badge } from "../ui/badge";
import { BarList } from "../ui/bar-list";
import { Card, CardBody, CardHeader, CardTitle } from "../ui/card";

/** The subject's visits hour by hour, and its other flags. */
export function InvestigationActivity({ data }: { data: Investigation }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
        </CardHeader>
        <CardBody>
          <BarList
            label="Visits per hour"
            empty="No activity in the last 30 days"
            items={data.timeline.map((hour) => ({
              key: hour.time,
              label: `${new Date(hour.time).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })} · ${formatCount(hour.counted)} counted${hour.flags > 0 ? ` · ${hour.flags} flag${hour.flags === 1 ? "" : "s"}` : ""}`,
              value: hour.clicks,
            }))}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{data.flag ? "Its other flags" : "Flags"}</CardTitle>
        </CardHeader>
        <CardBody>
          {data.flags.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">No other flags</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {data.flags.map((flag) => (
                <li key={flag.id} className="flex flex-col gap-1 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={severityTone[flag.severity]}>{flag.severity}</Badge>
                    <span className="text-xs text-slate-500">
                      {flag.status} · {new Date(flag.timestamp).toLocaleString()}
                    </span>
                    <Link className="ml-auto text-xs font-semibold" to={investigatePath({ flag: flag.id })}>
                      Open
                    </Link>
                  </div>
                  <p className="break-words text-slate-700">{flag.details}</p>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
