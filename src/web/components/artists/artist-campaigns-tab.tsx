import {
  BarChart3,
  Clock,
  CreditCard,
  Crown,
  DollarSign,
  MousePointerClick,
  Share2,
  Trash2,
  Trophy,
  Users,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type ArtistCampaign, artistApi } from "../../../core/api/artists";
import { formatCents, formatCount } from "../../../core/money";
import { campaignStatus, isRunning, type RefundReason, type RefundStatus } from "../../../core/vocabulary";
import { clicksLabel } from "../../lib/campaigns";
import { toastRequestError } from "../../lib/request-errors";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { resultStateLabels } from "../../lib/vocabulary-labels";
import { genreLabel } from "../campaigns/campaign-card";
import { campaignStatusLabel, campaignStatusTone, visibilityLabel } from "../campaigns/campaign-status";
import { Countdown } from "../campaigns/countdown";
import { CampaignLeaderboard } from "../leaderboards/campaign-leaderboard";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";
import { Card } from "../ui/card";
import { useConfirm } from "../ui/confirm-dialog";
import { Dialog } from "../ui/dialog";
import { ShareDialog } from "./share-dialog";

const isLive = (campaign: ArtistCampaign) => isRunning(campaign.status);

/** Who leads, who won, or that nobody did. */
function Standing({ campaign }: { campaign: ArtistCampaign }) {
  if (campaign.result) {
    const winners = campaign.result.winners;
    return (
      <p className="flex items-center gap-2 text-sm">
        <Trophy className="h-4 w-4 shrink-0 text-amber-600" aria-hidden />
        {winners.length === 0 ? (
          <span className="font-semibold text-slate-800">No Winner</span>
        ) : (
          <span className="min-w-0 text-slate-800">
            {winners.length > 1 ? "Tied winners: " : "Winner: "}
            <span className="font-semibold">
              {winners.map((winner) => `@${winner.handle} (${formatCents(winner.amount_cents)})`).join(", ")}
            </span>
          </span>
        )}
        {campaign.result.state === "final" ? null : (
          <Badge tone="warning">{resultStateLabels[campaign.result.state]}</Badge>
        )}
      </p>
    );
  }
  if (campaign.status === campaignStatus.draft || campaign.status === campaignStatus.cancelled) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-800">
      <Crown className="h-4 w-4 shrink-0 text-amber-600" aria-hidden />
      {campaign.leader ? (
        <span className="min-w-0">
          Top promoter: <span className="font-semibold wrap-anywhere">@{campaign.leader.handle}</span> ·{" "}
          {clicksLabel(campaign.leader.clicks)}
        </span>
      ) : (
        <span className="text-slate-600">{campaign.promoter_count === 0 ? "No promoters yet" : "No clicks yet"}</span>
      )}
    </p>
  );
}

function Figure({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-slate-50 px-3 py-2">
      <span className="flex items-center gap-1 text-xs text-slate-600">
        <Icon className="h-3.5 w-3.5" aria-hidden /> {label}
      </span>
      <span className="font-semibold text-slate-900">{children}</span>
    </div>
  );
}

const refundReasonText: Record<RefundReason, string> = { no_winner: " (prize; no winner)", cancelled: " (cancelled)" };
const refundStatusText: Record<RefundStatus, string> = {
  pending: ", on its way",
  processing: ", on its way",
  succeeded: "",
  failed: ", refund failed: we are on it",
};
const refundText = (refund: NonNullable<ArtistCampaign["refund"]>) =>
  `${formatCents(refund.amount_cents)} refunded${refundReasonText[refund.reason]}${refundStatusText[refund.status]}`;

function CampaignRow({
  campaign,
  onShare,
  onBoard,
  onAnalytics,
  onDelete,
  deleting,
}: {
  campaign: ArtistCampaign;
  onShare: () => void;
  onBoard: () => void;
  onAnalytics: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5" data-campaign-id={campaign.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-slate-900">{campaign.title}</h3>
          <p className="text-sm text-slate-600">
            {genreLabel(campaign.genre)} · created {new Date(campaign.created_at).toLocaleDateString()}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={campaignStatusTone[campaign.status]}>{campaignStatusLabel[campaign.status]}</Badge>
          {visibilityLabel(campaign) ? <Badge tone="neutral">{visibilityLabel(campaign)}</Badge> : null}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure icon={DollarSign} label="Prize">
          {formatCents(campaign.prize_cents)}
        </Figure>
        <Figure icon={Clock} label="Time left">
          {campaign.status === campaignStatus.draft ? (
            `${campaign.duration_days} days once paid`
          ) : (
            <Countdown endsAt={campaign.ends_at} />
          )}
        </Figure>
        <Figure icon={MousePointerClick} label="Clicks">
          {formatCount(campaign.total_clicks)}
        </Figure>
        <Figure icon={Users} label="Promoters">
          {formatCount(campaign.promoter_count)}
        </Figure>
      </div>
      <Standing campaign={campaign} />
      {campaign.refund ? <p className="text-sm text-slate-600">{refundText(campaign.refund)}</p> : null}
      <div className="flex flex-wrap gap-2">
        {campaign.status === campaignStatus.draft ? (
          <>
            <Link to={`/campaigns/${campaign.id}/fund`} className={buttonStyles("accent", "sm")}>
              <CreditCard className="h-4 w-4" aria-hidden /> Finish payment
            </Link>
            <Button size="sm" variant="secondary" loading={deleting} onClick={onDelete}>
              {deleting ? null : <Trash2 className="h-4 w-4" aria-hidden />} Delete
            </Button>
          </>
        ) : null}
        {isLive(campaign) ? (
          <Button size="sm" onClick={onShare}>
            <Share2 className="h-4 w-4" aria-hidden /> Share
          </Button>
        ) : null}
        {campaign.status !== campaignStatus.draft && campaign.status !== campaignStatus.cancelled ? (
          <>
            <Button size="sm" variant="secondary" onClick={onBoard}>
              <Trophy className="h-4 w-4" aria-hidden /> {campaign.result ? "Final Leaderboard" : "Live Leaderboard"}
            </Button>
            <Button size="sm" variant="secondary" onClick={onAnalytics}>
              <BarChart3 className="h-4 w-4" aria-hidden /> Analytics
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** Every campaign of the artist, drafts first to finish, with what can be done with each. */
export function ArtistCampaignsTab({
  campaigns,
  onAnalytics,
}: {
  campaigns: ArtistCampaign[];
  onAnalytics: (campaignId: string) => void;
}) {
  const [sharing, setSharing] = useState<ArtistCampaign | null>(null);
  const [board, setBoard] = useState<ArtistCampaign | null>(null);
  const { confirm, dialog } = useConfirm();
  const remove = useApiMutation(artistApi.deleteDraft, {
    invalidates: [artistApi.campaigns, artistApi.overview],
    onSuccess: () => toast.success("Draft deleted"),
    onError: toastRequestError,
  });
  const deleteDraft = async (campaign: ArtistCampaign) => {
    const sure = await confirm({
      title: "Delete draft",
      description: `Delete the unpaid draft "${campaign.title}"? Nothing was charged; this cannot be undone.`,
      confirmLabel: "Delete Draft",
      tone: "danger",
    });
    if (sure) remove.mutate({ params: { id: campaign.id } });
  };
  return (
    <div className="flex flex-col gap-4">
      {campaigns.map((campaign) => (
        <CampaignRow
          key={campaign.id}
          campaign={campaign}
          onShare={() => setSharing(campaign)}
          onBoard={() => setBoard(campaign)}
          onAnalytics={() => onAnalytics(campaign.id)}
          onDelete={() => deleteDraft(campaign)}
          deleting={remove.isPending && remove.variables?.params?.id === campaign.id}
        />
      ))}
      <ShareDialog campaign={sharing} onClose={() => setSharing(null)} />
      <Dialog
        open={board !== null}
        onOpenChange={(open) => !open && setBoard(null)}
        title={board?.title ?? "Leaderboard"}
        description={
          board
            ? `${formatCents(board.prize_cents)} prize · ${board.result ? "final board" : "updates live"}`
            : undefined
        }
        className="max-w-lg"
      >
        {board ? <CampaignLeaderboard campaignId={board.id} /> : null}
      </Dialog>
      {dialog}
    </div>
  );
}
