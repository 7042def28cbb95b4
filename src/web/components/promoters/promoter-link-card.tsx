import { Clock, Copy, Crown, Mail, MousePointerClick, QrCode, Share2, Trophy } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { PromoterLink } from "../../../core/api/promoters";
import { formatCents, formatCount } from "../../../core/money";
import { campaignStatus } from "../../../core/vocabulary";
import { clicksLabel, trackingUrl } from "../../lib/campaigns";
import { Countdown } from "../campaigns/countdown";
import { shareTargets } from "../campaigns/share-buttons";
import { copyLink } from "../campaigns/use-join-campaign";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

const QRCodeSVG = lazy(async () => ({ default: (await import("qrcode.react")).QRCodeSVG }));

/** The potential win in words: first place wins the prize (or a share of a tie); anyone else is told the gap. */
function Standing({ link }: { link: PromoterLink }) {
  if (link.rank === null) {
    return (
      <p className="text-sm text-slate-600">
        No verified clicks yet: share your link to get on the board
        {link.above ? ` (${clicksLabel(link.above.clicks_ahead)} behind #${link.above.rank})` : ""}.
      </p>
    );
  }
  if (link.rank === 1 && link.potential_win_cents !== null) {
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-800">
        <Crown className="h-4 w-4 shrink-0" aria-hidden />
        {link.potential_win_cents < link.prize_cents
          ? `Tied for first: ${formatCents(link.potential_win_cents)} if it ended now`
          : `Leading: ${formatCents(link.potential_win_cents)} if it ended now`}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-slate-800">
      <Trophy className="h-4 w-4 shrink-0 text-amber-600" aria-hidden />
      {link.above
        ? `${clicksLabel(link.above.clicks_ahead)} behind #${link.above.rank}`
        : `#${link.rank} of ${link.participants}`}
    </p>
  );
}

/** One live link: the link to copy, its QR code and share buttons, its clicks, rank, potential win and time left. */
export function PromoterLinkCard({ link }: { link: PromoterLink }) {
  const [showQr, setShowQr] = useState(false);
  const url = trackingUrl(link.short_code);
  const text = `Listen to "${link.campaign_title}" by ${link.artist_name}`;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const share = async () => {
    try {
      await navigator.share({ title: link.campaign_title, text, url });
    } catch {
      // Cancelled by the user: nothing to say.
    }
  };
  return (
    <Card className="flex flex-col gap-4 p-5" data-link-id={link.link_id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words text-slate-900">{link.campaign_title}</h3>
          <p className="text-sm text-slate-600">by {link.artist_name}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {link.campaign_status === campaignStatus.paused ? (
            <Badge tone="warning">PAUSED</Badge>
          ) : (
            <Badge tone="success">LIVE</Badge>
          )}
          <Badge tone="neutral">{formatCents(link.prize_cents)} prize</Badge>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <span className="flex items-center gap-1 text-xs text-slate-600">
            <MousePointerClick className="h-3.5 w-3.5" aria-hidden /> Clicks
          </span>
          <span className="font-semibold text-slate-900">{formatCount(link.clicks)}</span>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <span className="flex items-center gap-1 text-xs text-slate-600">
            <Trophy className="h-3.5 w-3.5" aria-hidden /> Rank
          </span>
          <span className="font-semibold text-slate-900">
            {link.rank === null ? "–" : `#${link.rank}`}
            <span className="text-xs font-normal text-slate-500"> of {link.participants}</span>
          </span>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <span className="flex items-center gap-1 text-xs text-slate-600">
            <Clock className="h-3.5 w-3.5" aria-hidden /> Time left
          </span>
          <span className="font-semibold text-slate-900">
            <Countdown endsAt={link.ends_at} />
          </span>
        </div>
      </div>
      <Standing link={link} />
      <div className="flex flex-col gap-2">
        <code className="rounded-lg bg-slate-50 px-3 py-2 text-xs break-all text-slate-700">{url}</code>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => copyLink(link.short_code)}>
            <Copy className="h-4 w-4" aria-hidden /> Copy My Link
          </Button>
          <Button size="sm" variant="secondary" aria-pressed={showQr} onClick={() => setShowQr((shown) => !shown)}>
            <QrCode className="h-4 w-4" aria-hidden /> QR Code
          </Button>
          {canShare ? (
            <Button size="sm" variant="secondary" onClick={share}>
              <Share2 className="h-4 w-4" aria-hidden /> Share
            </Button>
          ) : null}
        </div>
        {canShare ? null : (
          <nav aria-label={`Share ${link.campaign_title}`} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="flex items-center gap-1 text-slate-600">
              <Share2 className="h-3.5 w-3.5" aria-hidden /> Share on
            </span>
            {shareTargets(url, text).map((target) => (
              <a
                key={target.label}
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-lg px-2 py-1 font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50"
              >
                {target.label === "Email" ? <Mail className="mr-1 inline h-3.5 w-3.5" aria-hidden /> : null}
                {target.label}
              </a>
            ))}
          </nav>
        )}
        {showQr ? (
          <div className="flex justify-center rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <Suspense fallback={<div className="h-36 w-36 animate-pulse rounded-lg bg-slate-100" />}>
              <QRCodeSVG value={url} size={144} title={`QR code for ${url}`} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
