import { Copy, Mail, MessageCircle, Share2 } from "lucide-react";
import { copyWithToast } from "../../lib/clipboard";
import { Button, buttonStyles } from "../ui/button";

/** Where a link can be posted: each network's own share address, opened in a new tab. */
export function shareTargets(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { label: "X", href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
    { label: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
    { label: "Email", href: `mailto:?subject=${t}&body=${t}%20${u}` },
  ];
}

/**
 * Copy the link, hand it to the device's share sheet where there is one, or post it to a network. `copied` is the
 * toast's text (SPEC.md's for a tracking link).
 */
export function ShareButtons({
  url,
  text,
  copied,
  copy: withCopy = true,
}: {
  url: string;
  text: string;
  copied: string;
  /** False where the page already has its own copy button. */
  copy?: boolean;
}) {
  const copy = () => copyWithToast(url, { copied, failed: "Failed to copy link" });
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  return (
    <div className="flex flex-wrap gap-2">
      {withCopy ? (
        <Button size="sm" variant="secondary" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden /> Copy Link
        </Button>
      ) : null}
      {canShare ? (
        <Button size="sm" variant="secondary" onClick={() => navigator.share({ url, text }).catch(() => undefined)}>
          <Share2 className="h-4 w-4" aria-hidden /> Share…
        </Button>
      ) : null}
      {shareTargets(url, text).map((target) => (
        <a
          key={target.label}
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles("secondary", "sm")}
          aria-label={`Share on ${target.label}`}
        >
          {target.label === "Email" ? (
            <Mail className="h-4 w-4" aria-hidden />
          ) : target.label === "WhatsApp" ? (
            <MessageCircle className="h-4 w-4" aria-hidden />
          ) : null}
          {target.label}
        </a>
      ))}
    </div>
  );
}
