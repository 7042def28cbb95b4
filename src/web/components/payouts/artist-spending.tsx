import { type ArtistCampaign, artistApi } from "../../../core/api/artists";
import { formatCents } from "../../../core/money";
import { campaignStatus, type RefundStatus } from "../../../core/vocabulary";
import { useApi } from "../../lib/use-api";
import { campaignStatusLabel, campaignStatusTone } from "../campaigns/campaign-status";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { QueryState } from "../ui/query-state";

const refundStatus: Record<RefundStatus, string> = {
  pending: "on its way",
  processing: "on its way",
  succeeded: "refunded",
  failed: "retrying",
};

const columns: Column<ArtistCampaign>[] = [
  {
    key: "campaign",
    header: "Campaign",
    cell: (row) => (
      <>
        <p className="font-semibold text-slate-900">{row.title}</p>
        <p className="text-xs text-slate-600">
          {row.published_at ? `paid ${new Date(row.published_at).toLocaleDateString()}` : ""}
        </p>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (row) => <Badge tone={campaignStatusTone[row.status]}>{campaignStatusLabel[row.status]}</Badge>,
  },
  {
    key: "paid",
    header: "Prize + fee",
    align: "right",
    cell: (row) => formatCents(row.prize_cents + row.platform_fee_cents),
  },
  {
    key: "refund",
    header: "Refund",
    align: "right",
    cell: (row) =>
      row.refund ? (
        <span className="text-emerald-800">
          {formatCents(row.refund.amount_cents)}{" "}
          <span className="text-xs text-slate-500">{refundStatus[row.refund.status]}</span>
        </span>
      ) : (
        <span className="text-slate-400">–</span>
      ),
  },
];

/** An artist's side of the money: what each funded campaign cost, and what came back. */
export function ArtistSpending() {
  const campaigns = useApi(artistApi.campaigns);
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-5">
        <h2 className="text-lg font-semibold text-slate-900">Your spending</h2>
        <p className="text-sm text-slate-600">Prizes and fees of your funded campaigns, and refunds.</p>
      </div>
      <QueryState query={campaigns} loadingLabel="Loading your campaigns" errorTitle="Failed to load your spending">
        {(data) => {
          const funded = data.campaigns.filter((campaign) => campaign.published_at !== null);
          const spent = funded
            .filter((campaign) => campaign.status !== campaignStatus.cancelled)
            .reduce((sum, campaign) => sum + campaign.prize_cents + campaign.platform_fee_cents, 0);
          const refunded = funded.reduce((sum, campaign) => sum + (campaign.refund?.amount_cents ?? 0), 0);
          return (
            <>
              <DataTable
                rows={funded}
                rowKey={(row) => row.id}
                columns={columns}
                caption="Your funded campaigns and refunds"
                empty="No funded campaign yet."
                minWidth="min-w-[32rem]"
              />
              <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-700">
                Spent <span className="font-semibold">{formatCents(spent)}</span> · refunded{" "}
                <span className="font-semibold">{formatCents(refunded)}</span>
              </p>
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
