import { History, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { adminApi, type CampaignRiskView, type FraudReplay } from "../../../core/api/admin";
import { countOf, formatCount } from "../../../core/money";
import { useApi } from "../../lib/use-api";
import { riskReasonLabels, verdictLabels } from "../../lib/vocabulary-labels";
import { investigatePath } from "../admin/investigate-path";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "../ui/card";
import { type Column, DataTable } from "../ui/data-table";
import { QueryState } from "../ui/query-state";

type PromoterRisk = CampaignRiskView["promoters"][number];

function Reasons({ promoter }: { promoter: PromoterRisk }) {
  if (promoter.reasons.length === 0) return <span className="text-slate-600">Nothing stands out</span>;
  return (
    <ul className="flex max-w-xl flex-col gap-1">
      {promoter.reasons.map((reason) => (
        <li key={reason.code} className="text-sm">
          <span className="font-semibold text-slate-900">
            {riskReasonLabels[reason.code]} (+{reason.points})
          </span>
          : {reason.evidence}
        </li>
      ))}
    </ul>
  );
}

const handles = (list: readonly string[]) =>
  list.length === 0 ? "nobody" : list.map((handle) => `@${handle}`).join(", ");

/** What the current rules would change on the campaign's stored clicks (nothing is written). */
function ReplaySummary({ replay }: { replay: FraudReplay }) {
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-700" aria-live="polite">
      <p>
        Under the rules version {replay.rules_version} (network limit {replay.network_limit}):{" "}
        {replay.changes.length === 0
          ? "no stored verdict would change."
          : replay.changes
              .map(
                (change) =>
                  `@${change.handle}: ${countOf(change.clicks, "click")} ${verdictLabels[change.from].toLowerCase()} → ${verdictLabels[change.to].toLowerCase()} (${change.rule})`,
              )
              .join("; ")}
      </p>
      <p className="font-semibold text-slate-900">
        Leaders as stored: {handles(replay.leaders_before)}. Under the current rules: {handles(replay.leaders_after)}
        {replay.leaders_change ? " (the winner would change)." : " (no change)."}
      </p>
    </div>
  );
}

/**
 * Each promoter's risk on a campaign (the fraud engine's score, reasons and evidence), riskiest first, live while it
 * runs; and a replay of the current rules over its stored clicks.
 */
export function CampaignRisk({ campaignId }: { campaignId: string }) {
  const risk = useApi(adminApi.campaignRisk, { params: { id: campaignId } });
  const [replaying, setReplaying] = useState(false);
  const replay = useApi(adminApi.fraudReplay, { params: { id: campaignId } }, { enabled: replaying });
  const columns: Array<Column<PromoterRisk>> = [
    {
      key: "promoter",
      header: "Promoter",
      cell: (promoter) => <Link to={investigatePath({ link: promoter.link_id })}>@{promoter.handle}</Link>,
    },
    {
      key: "score",
      header: "Risk",
      cell: (promoter) => (
        <Badge tone={promoter.risky ? "danger" : promoter.score > 0 ? "warning" : "neutral"}>
          {promoter.risky ? <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> : null}
          {promoter.score} of 100
        </Badge>
      ),
    },
    { key: "counted-clicks", header: "Counted", align: "right", cell: (promoter) => formatCount(promoter.counted) },
    {
      key: "challenged-visits",
      header: "Challenged",
      align: "right",
      cell: (promoter) => formatCount(promoter.challenged),
    },
    { key: "reasons", header: "Why", cell: (promoter) => <Reasons promoter={promoter} /> },
  ];
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Promoter risk</CardTitle>
          <Button
            size="sm"
            variant="secondary"
            loading={replay.isFetching}
            onClick={() => (replaying ? void replay.refetch() : setReplaying(true))}
          >
            <History className="h-3.5 w-3.5" aria-hidden /> Replay Current Rules
          </Button>
        </div>
      </CardHeader>
      <QueryState query={risk} loadingLabel="Scoring the promoters" errorTitle="Risk failed">
        {(data) => (
          <>
            <CardBody className="text-sm text-slate-600">
              Scored from each link's clicks under the rules version {data.rules_version}; a winner at {data.threshold}{" "}
              or more is flagged and their prize waits for a review. Links under {data.min_clicks} counted clicks are
              not scored. Network operators from{" "}
              <a href="https://github.com/sapics/ip-location-db" className="underline">
                ip-location-db
              </a>{" "}
              (RouteViews, NRO and DB-IP data,{" "}
              <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
                CC BY 4.0
              </a>
              ). Data centres and VPNs from{" "}
              <a href="https://github.com/X4BNet/lists_vpn" className="underline">
                X4BNet/lists_vpn
              </a>{" "}
              (MIT): {data.network_data.join("; ")}.
            </CardBody>
            <DataTable
              rows={data.promoters}
              rowKey={(promoter) => promoter.link_id}
              columns={columns}
              caption="Promoter risk"
              empty="Nobody has joined this campaign"
              minWidth="sm:min-w-[44rem]"
              stackOnPhones
            />
          </>
        )}
      </QueryState>
      {replaying ? (
        <CardBody className="border-t border-slate-200">
          <QueryState query={replay} loadingLabel="Replaying the stored clicks" errorTitle="Replay failed">
            {(data) => <ReplaySummary replay={data} />}
          </QueryState>
        </CardBody>
      ) : null}
    </Card>
  );
}
