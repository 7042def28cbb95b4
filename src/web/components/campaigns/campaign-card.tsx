import { BarChart3, Clock, Copy, Crown, MousePointerClick, QrCode, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { genres } from "../../../core/genres";
import { countOf, formatCents } from "../../../core/money";
import { type CampaignListItem, timeLeftLabel, trackingUrl } from "../../lib/campaigns";
import { useAccount } from "../../lib/session";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Badge } from "../ui/badge";
import { Button, buttonStyles } from "../ui/button";
import { Card } from "../ui/card";
import { CampaignCover } from "./campaign-cover";
import { copyLink, useJoinCampaign } from "./use-join-campaign";

/** The admin tool bar (and its confirmation dialog) loads only for admins: visitors never download it. */
const CampaignAdminTools = lazy(async () => ({
  default: (await import("./campaign-admin-tools")).CampaignAdminTools,
}));

/** The QR code library loads only when someone opens their QR code. */
const QRCodeSVG = lazy(async () => ({ default: (await import("qrcode.react")).QRCodeSVG }));

export const genreLabel = (genre: string | null) =>
  genres.find((entry) => entry.value === genre)?.label ?? genre ?? "Music";

/** The leader's handle is shown whole: the line wraps (inside a long handle too) rather than cut it. */
function LeadingPromoter({ campaign }: { campaign: CampaignListItem }) {
  const leader = campaign.leader && campaign.leader.clicks > 0 ? campaign.leader : null;
  const text = campaign.promoter_count === 0 ? "No promoters yet" : leader ? null : "No clicks yet";
  return (
    <div className="flex min-w-0 items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200">
      {leader ? <Crown className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden /> : null}
      <p className="min-w-0 text-amber-900">
        Leading Promoter:{" "}
        {leader ? (
          <span className="font-semibold text-amber-950">
            <span className="wrap-anywhere">@{leader.handle}</span>{" "}
            <span className="whitespace-nowrap">· {countOf(leader.clicks, "click")}</span>
          </span>
        ) : (
          <span className="text-amber-800">{text}</span>
        )}
      </p>
    </div>
  );
}

export function CampaignCard({ campaign }: { campaign: CampaignListItem }) {
  const { account, loading } = useAccount();
  const { openAuth } = useAuthDialog();
  const [showQr, setShowQr] = useState(false);
  const { join, joining, dialog: eligibilityDialog } = useJoinCampaign(campaign);
  const page = `/campaigns/${campaign.id}`;

  return (
    <Card className="flex flex-col overflow-hidden">
      <Link to={page} tabIndex={-1} aria-hidden className="block">
        <CampaignCover
          campaign={campaign}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className="h-40 w-full rounded-t-2xl"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-center gap-2">
          <Badge tone="success">ACTIVE</Badge>
          <Badge tone="neutral">{genreLabel(campaign.genre)}</Badge>
        </div>
        <div className="min-w-0">
          <h3 className="line-clamp-1 text-lg font-bold text-slate-900">
            <Link to={page} className="block truncate hover:text-brand-700 focus-visible:underline">
              {campaign.title}
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-600">by {campaign.artist_name}</p>
        </div>
        <div className="flex items-end justify-between gap-2">
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
            <MousePointerClick className="h-4 w-4 text-brand-600" aria-hidden />{" "}
            {countOf(campaign.total_clicks, "click")}
          </span>
          <span className="flex items-center gap-1.5">
            <Users className="h-4 w-4 text-brand-600" aria-hidden /> {countOf(campaign.promoter_count, "promoter")}
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
            <Link to={page} className={buttonStyles("secondary")}>
              Your campaign: view and share
            </Link>
          ) : (
            <>
              <Button variant="accent" loading={joining} onClick={join}>
                Join Campaign
              </Button>
              {eligibilityDialog}
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
