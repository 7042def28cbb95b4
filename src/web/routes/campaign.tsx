import { BarChart3, Clock, Copy, MousePointerClick, QrCode, Trophy, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { artworkApi } from "../../core/api/artwork";
import { type CampaignView, campaignsApi } from "../../core/api/campaigns";
import { uuidPattern } from "../../core/ids";
import { formatCents, formatCount } from "../../core/money";
import { campaignPageMeta } from "../../core/page-meta";
import { campaignStatus, isFinished } from "../../core/vocabulary";
import { useAuthDialog } from "../components/auth/auth-dialog-context";
import { ArtworkPicker } from "../components/campaigns/artwork-picker";
import { genreLabel } from "../components/campaigns/campaign-card";
import { CampaignCover } from "../components/campaigns/campaign-cover";
import { campaignStatusLabel, campaignStatusTone } from "../components/campaigns/campaign-status";
import { Countdown } from "../components/campaigns/countdown";
import { ShareButtons } from "../components/campaigns/share-buttons";
import { SongPlayer } from "../components/campaigns/song-player";
import { copyLink, useJoinCampaign } from "../components/campaigns/use-join-campaign";
import { CampaignLeaderboard } from "../components/leaderboards/campaign-leaderboard";
import { Badge } from "../components/ui/badge";
import { Button, buttonStyles } from "../components/ui/button";
import { Card, CardBody } from "../components/ui/card";
import { ErrorBox } from "../components/ui/error-box";
import { StatTile } from "../components/ui/stat-tile";
import { trackingUrl } from "../lib/campaigns";
import { usePageMeta } from "../lib/page-meta";
import { useAccount } from "../lib/session";
import { toast } from "../lib/toast";
import { useApi, useApiMutation } from "../lib/use-api";

const CampaignAdminTools = lazy(async () => ({
  default: (await import("../components/campaigns/campaign-admin-tools")).CampaignAdminTools,
}));
/** The share kit (with its canvas QR code) is for the campaign's artist: other viewers never download it. */
const ShareKit = lazy(async () => ({ default: (await import("../components/campaigns/share-kit")).ShareKit }));
const QRCodeSVG = lazy(async () => ({ default: (await import("qrcode.react")).QRCodeSVG }));

function QrToggle({ url }: { url: string }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
        <QrCode className="h-4 w-4" aria-hidden /> {shown ? "Hide QR code" : "QR code"}
      </Button>
      {shown ? (
        <div className="flex basis-full flex-col items-center gap-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <Suspense fallback={<div className="h-40 w-40 animate-pulse rounded-lg bg-slate-100" />}>
            <QRCodeSVG value={url} size={160} title={`QR code for ${url}`} />
          </Suspense>
          <code className="text-xs break-all text-slate-600">{url}</code>
        </div>
      ) : null}
    </>
  );
}

/** What the viewer can do here: join, share their link, share their own campaign, finish paying for a draft. */
function CampaignActions({ campaign }: { campaign: CampaignView }) {
  const { account, loading } = useAccount();
  const { openAuth } = useAuthDialog();
  const { join, joining } = useJoinCampaign(campaign);
  const live = campaign.status === campaignStatus.active;

  if (loading) {
    return (
      <Button disabled loading>
        Loading
      </Button>
    );
  }
  if (campaign.status === campaignStatus.draft) {
    return (
      <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="text-sm text-slate-700">This campaign is a draft: it goes live once its prize is paid.</p>
        <Link to={`/campaigns/${campaign.id}/fund`} className={buttonStyles("accent")}>
          Finish payment
        </Link>
      </div>
    );
  }
  if (campaign.is_own) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-slate-900">Share your campaign</p>
        {live ? (
          <Suspense fallback={<div className="h-40 animate-pulse rounded-xl bg-slate-100" />}>
            <ShareKit campaign={campaign} />
          </Suspense>
        ) : null}
        <Link to="/artist-dashboard" className={buttonStyles("secondary")}>
          <BarChart3 className="h-4 w-4" aria-hidden /> Artist Dashboard
        </Link>
      </div>
    );
  }
  if (campaign.my_link) {
    const url = trackingUrl(campaign.my_link.short_code);
    const shortCode = campaign.my_link.short_code;
    return (
      <div className="flex flex-col gap-3">
        <Button onClick={() => copyLink(shortCode)}>
          <Copy className="h-4 w-4" aria-hidden /> Copy My Link
        </Button>
        {live ? (
          <div className="flex flex-wrap gap-2">
            <ShareButtons
              url={url}
              text={`Listen to "${campaign.title}" by ${campaign.artist_name}`}
              copied="Tracking link copied to clipboard!"
              copy={false}
            />
            <QrToggle url={url} />
          </div>
        ) : null}
        <Link to="/promoter-dashboard" className={buttonStyles("secondary")}>
          <BarChart3 className="h-4 w-4" aria-hidden /> View My Stats
        </Link>
      </div>
    );
  }
  if (!live) {
    return (
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        {campaign.status === campaignStatus.paused
          ? "This campaign is paused: nobody can join and visits don't count until it resumes."
          : "This campaign has ended: its result is below."}
      </p>
    );
  }
  if (!account) {
    return (
      <Button
        variant="accent"
        size="lg"
        className="h-auto! min-h-12 py-3 whitespace-normal!"
        onClick={() => openAuth({ mode: "signup", userType: "promoter" })}
      >
        Sign in to join and get your tracking link
      </Button>
    );
  }
  return (
    <Button variant="accent" size="lg" loading={joining} onClick={join}>
      Join Campaign
    </Button>
  );
}

/** The artist changes their campaign's cover from its page. */
function ChangeArtwork({ campaign }: { campaign: CampaignView }) {
  const save = useApiMutation(artworkApi.setForCampaign, {
    invalidates: [campaignsApi.detail, campaignsApi.list],
    onSuccess: (_answer, { body }) =>
      toast.success(body?.key ? "Artwork updated." : "Artwork removed: the drawn cover is back."),
  });
  // The picker shows a failure itself, so the write's error comes back to it.
  const change = async (key: string | null) => {
    await save.mutateAsync({ params: { id: campaign.id }, body: { key } });
  };
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Cover artwork</h2>
        <ArtworkPicker campaign={campaign} onChange={change} busy={save.isPending} />
      </CardBody>
    </Card>
  );
}

function CampaignDetails({ campaign }: { campaign: CampaignView }) {
  const { account } = useAccount();
  const ended = isFinished(campaign.status) || campaign.status === campaignStatus.cancelled;
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
              <CampaignLeaderboard campaignId={campaign.id} podium />
            </CardBody>
          </Card>
        )}
      </div>
    </section>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-16">
      <Card className="w-full max-w-lg text-center">
        <CardBody className="flex flex-col items-center gap-4 py-10">
          <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
          <p className="text-slate-600">It may have been removed, or the link is mistyped.</p>
          <Link to="/join-campaign" className={buttonStyles("primary")}>
            Browse Campaigns
          </Link>
        </CardBody>
      </Card>
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

  if (!valid) return <NotFound message="Invalid campaign ID" />;
  if (campaign.isError) {
    return campaign.error.status === 404 ? (
      <NotFound message="Campaign not found" />
    ) : (
      <section className="container-page py-16">
        <ErrorBox
          error={campaign.error}
          title="Campaign Error"
          onRetry={() => void campaign.refetch()}
          retrying={campaign.isFetching}
        />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="container-page py-8 sm:py-12" aria-busy="true" aria-label="Loading campaign">
        <div className="grid gap-8 lg:grid-cols-[320px_minmax(0,1fr)]">
          <div className="aspect-square w-full max-w-xs animate-pulse rounded-2xl bg-slate-200/70 lg:max-w-none" />
          <div className="flex flex-col gap-4">
            <div className="h-10 w-2/3 animate-pulse rounded-lg bg-slate-200/70" />
            <div className="h-6 w-1/3 animate-pulse rounded-lg bg-slate-200/70" />
            <div className="h-20 animate-pulse rounded-xl bg-slate-200/70" />
          </div>
        </div>
      </section>
    );
  }
  return <CampaignDetails campaign={data} />;
}
