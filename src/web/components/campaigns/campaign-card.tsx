import { BarChart3, Clock, Copy, Crown, MousePointerClick, QrCode, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { campaignsApi } from "../../../core/api/campaigns";
import { fillPath } from "../../../core/api/contract";
import { genres } from "../../../core/genres";
import { formatCents, formatCount } from "../../../core/money";
import { type CampaignListItem, timeLeftLabel, trackingUrl } from "../../lib/campaigns";
import { isOffline, offlineQueue } from "../../lib/offline-queue";
import { toastRequestError } from "../../lib/request-errors";
import { useAccount } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useApiMutation } from "../../lib/use-api";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";
import { Card } from "../ui/card";
import { CampaignArt } from "./campaign-art";

/** The admin tool bar (and its confirmation dialog) loads only for admins: visitors never download it. */
const CampaignAdminTools = lazy(async () => ({
  default: (await import("./campaign-admin-tools")).CampaignAdminTools,
}));

/** The QR code library loads only when someone opens their QR code. */
const QRCodeSVG = lazy(async () => ({ default: (await import("qrcode.react")).QRCodeSVG }));

export const genreLabel = (genre: string | null) =>
  genres.find((entry) => entry.value === genre)?.label ?? genre ?? "Music";

export async function copyLink(shortCode: string) {
  try {
    await navigator.clipboard.writeText(trackingUrl(shortCode));
    toast.success("Tracking link copied to clipboard!", { duration: 3000 });
  } catch {
    toast.error("Failed to copy link");
  }
}

function LeadingPromoter({ campaign }: { campaign: CampaignListItem }) {
  const text =
    campaign.promoter_count === 0
      ? "No promoters yet"
      : !campaign.leader || campaign.leader.clicks === 0
        ? "No clicks yet"
        : null;
  return (
    <div className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200">
      <Crown className="h-4 w-4 shrink-0 text-amber-600" aria-hidden />
      <span className="text-amber-900">Leading Promoter:</span>
      {text ? (
        <span className="text-amber-800">{text}</span>
      ) : (
        <span className="min-w-0 truncate font-semibold text-amber-950">
          @{campaign.leader?.handle} · {formatCount(campaign.leader?.clicks ?? 0)} clicks
        </span>
      )}
    </div>
  );
}

export function CampaignCard({ campaign, onOpen }: { campaign: CampaignListItem; onOpen?: (id: string) => void }) {
  const { account, loading } = useAccount();
  const { openAuth } = useAuthDialog();
  const [showQr, setShowQr] = useState(false);
  // A join that meets an expired session is done again once the user signs back in (session-expiry.ts).
  const join = useApiMutation(campaignsApi.join, {
    idempotent: true,
    invalidates: [campaignsApi.list],
    onSuccess: async ({ link }) => {
      toast.success("You joined! Share your link to climb the leaderboard.");
      await copyLink(link.short_code);
    },
    onError: toastRequestError,
  });
  const joining = join.isPending;
  // Offline, the join waits in the queue and is sent, once, when the connection is back.
  const joinOrQueue = () => {
    if (!isOffline()) return join.mutate({ params: { id: campaign.id } });
    offlineQueue.add({
      label: `Join "${campaign.title}"`,
      path: fillPath(campaignsApi.join.path, { id: campaign.id }),
      body: {},
    });
    toast.warning(`You are offline: joining "${campaign.title}" is queued and will be sent when you reconnect.`);
  };

  return (
    <Card className="flex flex-col overflow-hidden">
      <button
        type="button"
        onClick={() => onOpen?.(campaign.id)}
        className="text-left"
        aria-label={`Open ${campaign.title} leaderboard`}
      >
        <CampaignArt id={campaign.id} title={campaign.title} artist={campaign.artist_name} />
      </button>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-center gap-2">
          <Badge tone="success">ACTIVE</Badge>
          <Badge tone="neutral">{genreLabel(campaign.genre)}</Badge>
        </div>
        <div>
          <h3 className="line-clamp-1 text-lg font-bold text-slate-900">{campaign.title}</h3>
          <p className="text-sm text-slate-600">by {campaign.artist_name}</p>
        </div>
        <div className="flex items-end justify-between">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Prize</p>
            <p className="text-2xl font-extrabold text-slate-900">{formatCents(campaign.prize_cents)}</p>
          </div>
          <p className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <Clock className="h-4 w-4" aria-hidden /> {timeLeftLabel(campaign.ends_at)}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 text-sm text-slate-700">
          <span className="flex items-center gap-1.5">
            <MousePointerClick className="h-4 w-4 text-brand-600" aria-hidden /> {formatCount(campaign.total_clicks)}{" "}
            clicks
          </span>
          <span className="flex items-center gap-1.5">
            <Users className="h-4 w-4 text-brand-600" aria-hidden /> {formatCount(campaign.promoter_count)}{" "}
            {campaign.promoter_count === 1 ? "promoter" : "promoters"}
          </span>
        </div>
        <LeadingPromoter campaign={campaign} />
        {account?.isAdmin ? (
          <Suspense fallback={null}>
            <CampaignAdminTools campaignId={campaign.id} title={campaign.title} />
          </Suspense>
        ) : null}
        <div className="mt-auto flex flex-col gap-2 pt-1">
          {loading ? (
            <Button disabled loading>
              Loading
            </Button>
          ) : !account ? (
            <Button
              variant="accent"
              className="h-auto! min-h-10 py-2.5 whitespace-normal!"
              onClick={() => openAuth({ mode: "signup", userType: "promoter" })}
            >
              Sign in to join and get your tracking link
            </Button>
          ) : campaign.my_link ? (
            <>
              <div className="flex gap-2">
                <Button className="flex-1" onClick={() => copyLink(campaign.my_link?.short_code ?? "")}>
                  <Copy className="h-4 w-4" aria-hidden /> Copy My Link
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label="Show QR code"
                  aria-pressed={showQr}
                  onClick={() => setShowQr((shown) => !shown)}
                >
                  <QrCode className="h-4 w-4" aria-hidden />
                </Button>
              </div>
              {showQr ? (
                <div className="flex flex-col items-center gap-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
                  <Suspense fallback={<div className="h-36 w-36 animate-pulse rounded-lg bg-slate-100" />}>
                    <QRCodeSVG
                      value={trackingUrl(campaign.my_link.short_code)}
                      size={144}
                      title={`QR code for ${trackingUrl(campaign.my_link.short_code)}`}
                    />
                  </Suspense>
                  <code className="text-xs break-all text-slate-600">{trackingUrl(campaign.my_link.short_code)}</code>
                </div>
              ) : null}
              <Link to="/promoter-dashboard" className={buttonStyles("secondary")}>
                <BarChart3 className="h-4 w-4" aria-hidden /> View My Stats
              </Link>
            </>
          ) : campaign.is_own ? (
            <p className="rounded-xl bg-slate-50 px-3 py-2 text-center text-sm text-slate-600">Your campaign</p>
          ) : (
            <Button variant="accent" loading={joining} onClick={joinOrQueue}>
              Join Campaign
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
