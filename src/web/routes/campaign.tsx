import { Clock, MousePointerClick, Trophy, Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { type CampaignView, campaignsApi } from "../../core/api/campaigns";
import { uuidPattern } from "../../core/ids";
import { formatCents, formatCount } from "../../core/money";
import { campaignPageMeta } from "../../core/page-meta";
import { campaignStatus, isFinished } from "../../core/vocabulary";
import { CampaignActions } from "../components/campaigns/campaign-actions";
import { genreLabel } from "../components/campaigns/campaign-card";
import { CampaignCover } from "../components/campaigns/campaign-cover";
import { CampaignLoadError, CampaignNotFound, CampaignSkeleton } from "../components/campaigns/campaign-page-states";
import { campaignStatusLabel, campaignStatusTone } from "../components/campaigns/campaign-status";
import { ChangeArtwork } from "../components/campaigns/change-artwork";
import { Countdown } from "../components/campaigns/countdown";
import { SongPlayer } from "../components/campaigns/song-player";
import { CampaignBoardView, useCampaignBoard } from "../components/leaderboards/campaign-leaderboard";
import { Badge } from "../components/ui/badge";
import { Card, CardBody } from "../components/ui/card";
import { StatTile } from "../components/ui/stat-tile";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { useApi } from "../lib/use-api";

const CampaignAdminTools = lazy(async () => ({
  default: (await import("../components/campaigns/campaign-admin-tools")).CampaignAdminTools,
}));

function CampaignDetails({ campaign: loaded }: { campaign: CampaignView }) {
  const { account } = useAccount();
  // The board's stream carries the campaign's status and totals: the tiles, badge and actions follow it live.
  const board = useCampaignBoard(loaded.id);
  const campaign = board.data ? { ...loaded, ...board.data.campaign } : loaded;
  const ended = isFinished(campaign.status) || campaign.status === campaignStatus.cancelled;
  const joinable = campaign.status === campaignStatus.active && !campaign.is_own && !campaign.my_link;
  return (
    <section className="container-page py-8 sm:py-12">
      <div className="grid gap-8 lg:grid-cols-[320px_minmax(0,1fr)] lg:items-start">
        <CampaignCover
          campaign={campaign}
          priority
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 384px, 320px"
          className="aspect-square w-full max-w-xs rounded-2xl shadow-lg ring-1 ring-slate-200 sm:max-w-sm lg:max-w-none"
        />
        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={campaignStatusTone[campaign.status]}>{campaignStatusLabel[campaign.status]}</Badge>
            <Badge tone="neutral">{genreLabel(campaign.genre)}</Badge>
            {!campaign.is_public ? <Badge tone="warning">PRIVATE</Badge> : null}
          </div>
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold break-words text-slate-900 sm:text-4xl">{campaign.title}</h1>
            <p className="mt-1 text-lg break-words text-slate-700">by {campaign.artist_name}</p>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <StatTile icon={Trophy} label="Prize" value={formatCents(campaign.prize_cents)} />
            <StatTile
              icon={Clock}
              label={ended ? "Ended" : "Time left"}
              value={
                campaign.status === campaignStatus.draft ? (
                  `${campaign.duration_days} days once paid`
                ) : ended && campaign.ends_at ? (
                  new Date(campaign.ends_at).toLocaleDateString(undefined, { dateStyle: "medium" })
                ) : (
                  <Countdown endsAt={campaign.ends_at} />
                )
              }
            />
            <StatTile icon={MousePointerClick} label="Verified clicks" value={formatCount(campaign.total_clicks)} />
            <StatTile icon={Users} label="Promoters" value={formatCount(campaign.promoter_count)} />
          </div>
          <CampaignActions campaign={campaign} />
          {/* The join prompt links the rules it accepts; everyone else finds them here. */}
          {campaign.published_at && !joinable ? (
            <p className="text-sm text-slate-600">
              <Link to={`/campaigns/${campaign.id}/rules`} className="font-semibold text-brand-700 underline">
                Official rules
              </Link>{" "}
              · the prize, dates, tie split and review window, fixed when the campaign launched
            </p>
          ) : null}
          {account?.isAdmin && campaign.status !== campaignStatus.draft ? (
            <Suspense fallback={null}>
              <CampaignAdminTools campaignId={campaign.id} title={campaign.title} />
            </Suspense>
          ) : null}
        </div>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardBody className="flex flex-col gap-4">
              <h2 className="text-lg font-semibold text-slate-900">Listen</h2>
              <SongPlayer songLink={campaign.song_link} title={campaign.title} artist={campaign.artist_name} />
            </CardBody>
          </Card>
          {campaign.description ? (
            <Card>
              <CardBody className="flex flex-col gap-2">
                <h2 className="text-lg font-semibold text-slate-900">About this song</h2>
                <p className="break-words whitespace-pre-line text-slate-700">{campaign.description}</p>
              </CardBody>
            </Card>
          ) : null}
          {campaign.is_own && !ended ? <ChangeArtwork campaign={campaign} /> : null}
        </div>
        {campaign.status === campaignStatus.draft ? null : (
          <Card className="min-w-0">
            <CardBody className="flex flex-col gap-4">
              <h2 className="text-lg font-semibold text-slate-900">
                {ended ? "Final leaderboard" : "Live leaderboard"}
              </h2>
              <CampaignBoardView board={board} podium />
            </CardBody>
          </Card>
        )}
      </div>
    </section>
  );
}

/** /campaigns/{id}: a campaign's own page, for visitors, promoters, its artist and admins. */
export default function CampaignPage() {
  const { id = "" } = useParams();
  const valid = uuidPattern.test(id);
  const campaign = useApi(campaignsApi.detail, { params: { id } }, { enabled: valid });
  const data = campaign.data?.campaign;
  const meta = data ? campaignPageMeta(data) : null;
  usePageMeta(meta?.title ?? "Campaign", meta?.description);

  if (!valid) return <CampaignNotFound message="Invalid campaign ID" />;
  if (campaign.isError) {
    return <CampaignLoadError query={campaign} title="Campaign Error" notFound="Campaign not found" />;
  }
  if (!data) {
    return <CampaignSkeleton />;
  }
  return <CampaignDetails campaign={data} />;
}
