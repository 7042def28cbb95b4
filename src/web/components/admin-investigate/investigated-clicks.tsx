import { Link } from "react-router";
import type { InvestigatedClick, Investigation } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";
import { clickVerdict } from "../../../core/vocabulary";
import { clickReasonLabels, verdictLabels } from "../../lib/vocabulary-labels";
import { investigatePath } from "../admin/investigate-path";
import { Badge } from "../ui/badge";
import { Card, CardHeader, CardTitle } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";

const clickColumns: Array<Column<InvestigatedClick>> = [
  {
    key: "time",
    header: "Time",
    className: "whitespace-nowrap",
    cell: (click) => new Date(click.ts).toLocaleString([], { dateStyle: "short", timeStyle: "medium" }),
  },
  {
    key: "campaign",
    header: "Campaign",
    className: "max-w-44 truncate",
    cell: (click) => <Link to={investigatePath({ campaign: click.campaign_id })}>{click.campaign_title}</Link>,
  },
  {
    key: "promoter",
    header: "Promoter",
    className: "whitespace-nowrap",
    cell: (click) => <Link to={investigatePath({ promoter: click.promoter_id })}>@{click.promoter_handle}</Link>,
  },
  {
    key: "verdict",
    header: "Verdict",
    className: "whitespace-nowrap",
    cell: (click) => (
      <div className="flex flex-col items-start gap-1">
        <Badge tone={click.verdict === clickVerdict.counted ? "success" : "neutral"}>
          {verdictLabels[click.verdict]}
        </Badge>
        {click.reasons.map((reason) => (
          <span key={reason} className="text-xs text-slate-600">
            {clickReasonLabels[reason]}
          </span>
        ))}
        {click.verdict === clickVerdict.counted ? (
          <span className="text-xs text-slate-600">
            {click.confirmed ? "Browser confirmed" : "No browser confirmed"}
          </span>
        ) : null}
      </div>
    ),
  },
  { key: "country", header: "Country", cell: (click) => click.country ?? "Unknown" },
  {
    key: "network",
    header: "Network",
    className: "whitespace-nowrap font-mono text-xs",
    cell: (click) => (
      <>
        {click.network ?? "—"}
        {click.asn === null ? null : <span className="block text-slate-500">AS{click.asn}</span>}
      </>
    ),
  },
  {
    key: "address",
    header: "Address",
    className: "font-mono text-xs",
    cell: (click) => <Link to={investigatePath({ address: click.ip_hash })}>{click.masked_ip}</Link>,
  },
  {
    key: "agent",
    header: "User agent",
    className: "max-w-56 truncate text-xs",
    cell: (click) => click.user_agent ?? "—",
  },
  {
    key: "referrer",
    header: "Referrer",
    className: "max-w-40 truncate text-xs",
    cell: (click) => click.referrer ?? "—",
  },
  {
    key: "fingerprint",
    header: "Fingerprint",
    className: "font-mono text-xs",
    cell: (click) =>
      click.fingerprint ? (
        <Link to={investigatePath({ fingerprint: click.fingerprint })}>{click.fingerprint.slice(0, 10)}…</Link>
      ) : (
        "—"
      ),
  },
];

/** The subject's clicks, newest first, each leading on to its campaign, promoter, address and fingerprint. */
export function InvestigatedClicks({ data }: { data: Investigation }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Clicks</CardTitle>
        {data.total_clicks > data.clicks.length ? (
          <p className="text-sm text-slate-600">
            The newest {data.clicks.length} of {formatCount(data.total_clicks)}
          </p>
        ) : null}
      </CardHeader>
      <DataTable
        rows={data.clicks}
        rowKey={(click) => String(click.id)}
        columns={clickColumns}
        caption="Clicks of the subject, newest first"
        empty="No clicks in the last 30 days"
        minWidth="sm:min-w-[92rem]"
        stackOnPhones
      />
    </Card>
  );
}
