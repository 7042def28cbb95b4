import { Ban } from "lucide-react";
import { Link } from "react-router";
import type { Investigation } from "../../../core/api/admin";
import { formatCount } from "../../../core/money";
import { isRunning } from "../../../core/vocabulary";
import { investigatePath } from "../admin/investigate-path";
import { Button } from "../ui/button";
import { Card, CardHeader, CardTitle } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import type { TouchedLink, VoidTarget } from "./use-investigation-actions";

function reviewState(link: TouchedLink) {
  if (link.under_review && link.review_until) {
    return <span className="text-amber-800">Under review until {new Date(link.review_until).toLocaleString()}</span>;
  }
  if (isRunning(link.campaign_status)) {
    return <span className="text-slate-600">Live</span>;
  }
  return <span className="text-slate-600">Result final</span>;
}

type Props = {
  data: Investigation;
  onVoid: (link: TouchedLink, target: VoidTarget) => void;
  voiding: (link: TouchedLink, target: VoidTarget) => boolean;
};

/** Each campaign and promoter the subject's clicks went to, where its result stands, and the void buttons. */
export function TouchedLinks({ data, onVoid, voiding }: Props) {
  const linkColumns: Array<Column<TouchedLink>> = [
    {
      key: "campaign",
      header: "Campaign",
      cell: (link) => (
        <div className="max-w-56">
          <Link className="font-semibold break-words" to={investigatePath({ campaign: link.campaign_id })}>
            {link.campaign_title}
          </Link>
          <p className="text-xs">{reviewState(link)}</p>
        </div>
      ),
    },
    {
      key: "promoter",
      header: "Promoter",
      cell: (link) => <Link to={investigatePath({ promoter: link.promoter_id })}>@{link.promoter_handle}</Link>,
    },
    { key: "visits", header: "Visits", align: "right", cell: (link) => formatCount(link.clicks) },
    { key: "counted-clicks", header: "Counted", align: "right", cell: (link) => formatCount(link.counted) },
    {
      key: "actions",
      header: "Actions",
      cell: (link) => (
        <div className="flex flex-wrap gap-1.5">
          {data.subject.kind === "address" && link.counted > 0 ? (
            <Button
              size="sm"
              variant="danger"
              loading={voiding(link, "address")}
              onClick={() => onVoid(link, "address")}
              aria-label={`Void Address on ${link.campaign_title}`}
            >
              <Ban className="h-3.5 w-3.5" aria-hidden /> Void Address
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="danger"
            loading={voiding(link, "promoter")}
            onClick={() => onVoid(link, "promoter")}
            aria-label={`Void Promoter @${link.promoter_handle} on ${link.campaign_title}`}
          >
            <Ban className="h-3.5 w-3.5" aria-hidden /> Void Promoter
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>Campaigns and promoters it touched</CardTitle>
      </CardHeader>
      <DataTable
        rows={data.links}
        rowKey={(link) => `${link.campaign_id}:${link.promoter_id}`}
        columns={linkColumns}
        caption="Campaigns and promoters it touched"
        empty="No clicks in the last 30 days"
        minWidth="sm:min-w-[40rem]"
        stackOnPhones
      />
    </Card>
  );
}
