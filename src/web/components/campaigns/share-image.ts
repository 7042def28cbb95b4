import { artworkPath, generatedCoverDataUrl } from "../../../core/artwork";
import { formatCents } from "../../../core/money";
import type { CoverCampaign } from "./campaign-cover";

/** The square image for social posts: 1080 pixels, the size every network shows whole. */
const SHARE_IMAGE_SIZE = 1080;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The cover could not be loaded"));
    image.src = src;
  });
}

/** The longest start of `text` that fits `width`, with an ellipsis when cut. */
function fitText(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 1 && context.measureText(`${text.slice(0, end).trimEnd()}…`).width > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * Draws the share image: the cover full-bleed, the prize, title and artist over a shade at the bottom, and the QR code
 * of the campaign's link on a white card. Everything drawn comes from this site, so the canvas can be exported.
 */
export async function drawShareImage(
  campaign: CoverCampaign & { prize_cents: number },
  qr: HTMLCanvasElement,
): Promise<Blob> {
  const size = SHARE_IMAGE_SIZE;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw images");
  const cover = await loadImage(
    campaign.artwork_key ? artworkPath(campaign.artwork_key, "1200.webp") : generatedCoverDataUrl(campaign),
  );
  context.drawImage(cover, 0, 0, size, size);

  const shade = context.createLinearGradient(0, size * 0.35, 0, size);
  shade.addColorStop(0, "rgba(15,10,30,0)");
  shade.addColorStop(1, "rgba(15,10,30,0.92)");
  context.fillStyle = shade;
  context.fillRect(0, 0, size, size);

  const font = (weight: number, px: number) => `${weight} ${px}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  context.fillStyle = "rgba(255,255,255,0.92)";
  context.beginPath();
  context.roundRect(48, 48, 250, 72, 36);
  context.fill();
  context.fillStyle = "#6d28d9";
  context.font = font(800, 40);
  context.textBaseline = "middle";
  context.fillText("FanBoost", 78, 85);

  const qrBox = 300;
  const qrX = size - qrBox - 48;
  const qrY = size - qrBox - 96;
  context.fillStyle = "#ffffff";
  context.beginPath();
  context.roundRect(qrX, qrY, qrBox, qrBox + 56, 24);
  context.fill();
  // The code's modules stay sharp when scaled up.
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, qrX + 20, qrY + 20, qrBox - 40, qrBox - 40);
  context.imageSmoothingEnabled = true;
  context.fillStyle = "#0f172a";
  context.font = font(700, 28);
  context.textAlign = "center";
  context.fillText("Scan to join", qrX + qrBox / 2, qrY + qrBox + 18);

  const textWidth = qrX - 48 - 40;
  context.textAlign = "left";
  context.textBaseline = "alphabetic";
  context.fillStyle = "#fbbf24";
  context.font = font(800, 44);
  context.fillText(`WIN ${formatCents(campaign.prize_cents)}`, 48, size - 300);
  context.fillStyle = "#ffffff";
  context.font = font(800, 68);
  context.fillText(fitText(context, campaign.title, textWidth), 48, size - 210);
  context.font = font(500, 40);
  context.fillStyle = "rgba(255,255,255,0.85)";
  context.fillText(fitText(context, `by ${campaign.artist_name}`, textWidth), 48, size - 150);
  context.font = font(500, 30);
  context.fillText("Share the song. Top promoter wins.", 48, size - 96);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be made"))), "image/png"),
  );
}

/** A file name from the title: "fanboost-midnight-drive.png". */
export const shareImageName = (title: string) =>
  `fanboost-${
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "campaign"
  }.png`;
