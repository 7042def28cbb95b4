import { XCircle } from "lucide-react";
import type { Investigation } from "../../../core/api/admin";
import { countOf, formatCount } from "../../../core/money";
import { clickVerdict } from "../../../core/vocabulary";
import { verdictLabels } from "../../lib/vocabulary-labels";
import { FlagCard } from "../admin/flag-card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CampaignRisk } from "./campaign-risk";
import { InvestigatedClicks } from "./investigated-clicks";
import { InvestigationActivity } from "./investigation-activity";
import { TouchedLinks } from "./touched-links";
import { useInvestigationActions } from "./use-investigation-actions";

/** Everything about one subject of a fraud review: its flag, verdicts, what it touched, its activity and clicks. */
export function InvestigationView({ data }: { data: Investigation }) {
  const { voidLink, voiding, dismissFlag, dismissing, dialog } = useInvestigationActions(data);
  const flag = data.flag;
  const riskCampaign = data.subject.kind === "campaign" ? data.subject.key : (flag?.campaign_id ?? null);
  return (
    <>
      {flag ? (
        <FlagCard
          flag={flag}
          action={
            flag.status === "open" ? (
              <Button size="sm" variant="secondary" loading={dismissing} onClick={() => void dismissFlag(flag)}>
                <XCircle className="h-3.5 w-3.5" aria-hidden /> Dismiss Flag
              </Button>
            ) : null
          }
        />
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Badge tone="brand">{countOf(data.total_clicks, "visit")} in 30 days</Badge>
        {data.verdicts.map((row) => (
          <Badge key={row.verdict} tone={row.verdict === clickVerdict.counted ? "success" : "neutral"}>
            {verdictLabels[row.verdict]}: {formatCount(row.count)}
          </Badge>
        ))}
      </div>

      {riskCampaign ? <CampaignRisk campaignId={riskCampaign} /> : null}
      <TouchedLinks data={data} onVoid={(link, target) => void voidLink(link, target)} voiding={voiding} />
      <InvestigationActivity data={data} />
      <InvestigatedClicks data={data} />
      {dialog}
    </>
  );
}
