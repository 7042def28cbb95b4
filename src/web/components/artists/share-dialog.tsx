import { Copy } from "lucide-react";
import { lazy, Suspense } from "react";
import { campaignPageUrl } from "../../lib/campaigns";
import { copyWithToast } from "../../lib/clipboard";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

const QRCodeSVG = lazy(async () => ({ default: (await import("qrcode.react")).QRCodeSVG }));

/** Share a live campaign: its link to copy, and a QR code for posters and screens. */
export function ShareDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const url = campaign ? campaignPageUrl(campaign.id) : "";
  const copy = () =>
    copyWithToast(url, { copied: "Campaign link copied to clipboard!", failed: "Failed to copy link" });
  return (
    <Dialog
      open={campaign !== null}
      onOpenChange={(open) => !open && onClose()}
      title={campaign ? `Share "${campaign.title}"` : "Share"}
      description="Promoters who open this link can join your campaign and get their own tracking link."
      className="max-w-md"
    >
      <div className="flex flex-col items-center gap-4">
        <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <Suspense fallback={<div className="h-44 w-44 animate-pulse rounded-lg bg-slate-100" />}>
            <QRCodeSVG value={url || "about:blank"} size={176} title={`QR code for ${url}`} />
          </Suspense>
        </div>
        <code className="w-full rounded-lg bg-slate-50 px-3 py-2 text-center text-xs break-all text-slate-700">
          {url}
        </code>
        <Button className="w-full" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden /> Copy Link
        </Button>
      </div>
    </Dialog>
  );
}
