import { BarChart3, Copy, QrCode } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { CampaignView } from "../../../core/api/campaigns";
import { campaignStatus } from "../../../core/vocabulary";
import { trackingUrl } from "../../lib/campaigns";
import { useAccount } from "../../lib/session";
import { useAuthDialog } from "../auth/auth-dialog-context";
import { Button, buttonStyles } from "../ui/button";
import { ShareButtons } from "./share-buttons";
import { copyLink, useJoinCampaign } from "./use-join-campaign";

/** The share kit (with its canvas QR code) is for the campaign's artist: other viewers never download it. */
const ShareKit = lazy(async () => ({ default: (await import("./share-kit")).ShareKit }));
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
export function CampaignActions({ campaign }: { campaign: CampaignView }) {
  const { account, loading } = useAccount();
  const { openAuth } = useAuthDialog();
  const { join, joining, dialog: eligibilityDialog } = useJoinCampaign(campaign);
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
  return (
    <div className="flex flex-col gap-2">
      {account ? (
        <>
          <Button variant="accent" size="lg" loading={joining} onClick={join}>
            Join Campaign
          </Button>
          {eligibilityDialog}
        </>
      ) : (
        <Button
          variant="accent"
          size="lg"
          className="h-auto! min-h-12 py-3 whitespace-normal!"
          onClick={() => openAuth({ mode: "signup", userType: "promoter" })}
        >
          Sign in to join and get your tracking link
        </Button>
      )}
      <p className="text-sm text-slate-600">
        By joining you accept the campaign's{" "}
        <Link to={`/campaigns/${campaign.id}/rules`} className="font-semibold text-brand-700 underline">
          official rules
        </Link>
        .
      </p>
    </div>
  );
}
