import { Download } from "lucide-react";
import { QRCodeCanvas } from "qrcode.react";
import { useRef, useState } from "react";
import { formatCents } from "../../../core/money";
import { campaignPageUrl } from "../../lib/campaigns";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import type { CoverCampaign } from "./campaign-cover";
import { EmbedCode } from "./embed-code";
import { ShareButtons } from "./share-buttons";
import { drawShareImage, shareImageName } from "./share-image";

/**
 * What an artist posts to recruit promoters: the campaign's link to copy or share, its QR code, and a square image
 * for social posts (cover, title, prize and the QR code) to download, and the code that embeds its live leaderboard.
 */
export function ShareKit({ campaign }: { campaign: CoverCampaign & { id: string; prize_cents: number } }) {
  const url = campaignPageUrl(campaign.id);
  const qr = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState(false);

  const download = async () => {
    if (!qr.current) return;
    setDrawing(true);
    try {
      const blob = await drawShareImage(campaign, qr.current);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = shareImageName(campaign.title);
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "The image could not be made");
    } finally {
      setDrawing(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex shrink-0 flex-col items-center gap-2 self-center rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:self-start">
          <QRCodeCanvas ref={qr} value={url} size={144} marginSize={1} title={`QR code for ${url}`} />
          <span className="text-xs text-slate-500">Scan to open</span>
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <code className="rounded-lg bg-slate-50 px-3 py-2 text-sm break-all text-slate-700 ring-1 ring-slate-200">
            {url}
          </code>
          <ShareButtons
            url={url}
            text={`Promote "${campaign.title}" by ${campaign.artist_name} and win ${formatCents(campaign.prize_cents)}`}
            copied="Campaign link copied to clipboard!"
          />
          <Button variant="accent" onClick={download} loading={drawing} className="self-start">
            <Download className="h-4 w-4" aria-hidden /> Download share image
          </Button>
        </div>
      </div>
      <EmbedCode campaign={campaign} />
    </div>
  );
}
