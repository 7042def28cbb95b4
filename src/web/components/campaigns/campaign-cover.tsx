import { artworkPath, artworkSrcSet, type CoverSeed, generatedCoverDataUrl } from "../../../core/artwork";
import { cn } from "../../lib/cn";

export type CoverCampaign = CoverSeed & { artwork_key: string | null };

/**
 * A campaign's cover: the artist's artwork in the size the layout needs (`sizes`), or the cover drawn from its title
 * and genre. `priority` for the one cover a page leads with; the others load as they scroll into view.
 */
export function CampaignCover({
  campaign,
  sizes,
  className,
  priority = false,
}: {
  campaign: CoverCampaign;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const alt = `Cover art for ${campaign.title} by ${campaign.artist_name}`;
  const common = {
    width: 640,
    height: 640,
    decoding: "async" as const,
    loading: priority ? ("eager" as const) : ("lazy" as const),
    fetchPriority: priority ? ("high" as const) : undefined,
    className: cn("object-cover", className),
  };
  return campaign.artwork_key ? (
    <img
      src={artworkPath(campaign.artwork_key, "640.webp")}
      srcSet={artworkSrcSet(campaign.artwork_key)}
      sizes={sizes}
      alt={alt}
      {...common}
    />
  ) : (
    <img src={generatedCoverDataUrl(campaign)} alt={alt} {...common} />
  );
}
