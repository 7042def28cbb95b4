import type { ClickEventView } from "../../../core/api/admin";
import { clickVerdict } from "../../../core/vocabulary";
import { verdictLabels } from "../../lib/vocabulary-labels";
import { Badge } from "../ui/badge";
import { type Column, DataTable } from "../ui/data-table";

const columns: Array<Column<ClickEventView>> = [
  { key: "time", header: "Time", cell: (click) => new Date(click.ts).toLocaleTimeString() },
  { key: "campaign", header: "Campaign", className: "max-w-48 truncate", cell: (click) => click.campaign_title },
  { key: "promoter", header: "Promoter", cell: (click) => `@${click.promoter_handle}` },
  { key: "country", header: "Country", cell: (click) => click.country ?? "Unknown" },
  {
    key: "verdict",
    header: "Verdict",
    cell: (click) => (
      <Badge tone={click.verdict === clickVerdict.counted ? "success" : "neutral"}>
        {verdictLabels[click.verdict]}
      </Badge>
    ),
  },
  { key: "address", header: "Address", className: "font-mono text-xs", cell: (click) => click.masked_ip },
];

/** Stored clicks, newest first, with the address's last part hidden. */
export function ClickTable({ clicks, caption, empty }: { clicks: ClickEventView[]; caption: string; empty: string }) {
  return (
    <DataTable
      rows={clicks}
      rowKey={(click) => String(click.id)}
      columns={columns}
      caption={caption}
      empty={empty}
      minWidth="sm:min-w-[44rem]"
      stackOnPhones
    />
  );
}
