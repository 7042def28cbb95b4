import { Crown, Users } from "lucide-react";
import { Link } from "react-router";
import type { PublicBoards } from "../../../core/api/leaderboards";
import { countOf, formatCents } from "../../../core/money";
import { timeLeftLabel } from "../../lib/campaigns";
import { buttonStyles } from "../ui/button";
import { Card, CardBody } from "../ui/card";

type Props = { campaigns: PublicBoards["activeCampaigns"]; loading: boolean };

/** Each live campaign: its leader, prize, time left and totals, and the way to its own board. */
export function LiveCampaignBoards({ campaigns, loading }: Props) {
  return (
    <>
      {campaigns.length === 0 && !loading ? <p className="text-slate-600">No campaigns are live right now.</p> : null}
      {campaigns.map((campaign) => (
        <Card key={campaign.id}>
          <CardBody className="flex flex-col gap-3">
            <div>
              <h2 className="truncate text-lg font-bold text-slate-900">{campaign.title}</h2>
              <p className="text-sm text-slate-600">by {campaign.artist_name}</p>
            </div>
            <p className="flex min-w-0 items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              {campaign.leader && campaign.leader.clicks > 0 ? (
                <>
                  <Crown className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
                  <span className="min-w-0">
                    <span className="wrap-anywhere">@{campaign.leader.handle}</span>{" "}
                    <span className="whitespace-nowrap">leads with {countOf(campaign.leader.clicks, "click")}</span>
                  </span>
                </>
              ) : campaign.totals.promoters > 0 ? (
                "No clicks yet"
              ) : (
                "No promoters yet"
              )}
            </p>
            <div className="flex justify-between text-sm text-slate-700">
              <span className="font-bold text-slate-900">{formatCents(campaign.prize_cents)} prize</span>
              <span>{timeLeftLabel(campaign.ends_at)}</span>
            </div>
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <Users className="h-4 w-4" aria-hidden /> {countOf(campaign.totals.promoters, "promoter")} ·{" "}
              {countOf(campaign.totals.clicks, "click")}
            </p>
            <Link to={`/campaigns/${campaign.id}`} className={buttonStyles("secondary", "sm")}>
              View leaderboard
            </Link>
          </CardBody>
        </Card>
      ))}
    </>
  );
}
