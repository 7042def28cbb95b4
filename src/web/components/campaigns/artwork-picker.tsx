import { ImagePlus, Loader2, X } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { artworkFileProblem, uploadArtwork } from "../../lib/artwork";
import { cn } from "../../lib/cn";
import { Button, buttonStyles } from "../ui/button";
import { CampaignCover, type CoverCampaign } from "./campaign-cover";

/**
 * Choosing a campaign's cover: an upload (checked here for size and type, by the server for its content) or, without
 * one, the cover drawn from the title and genre, shown as the preview.
 */
export function ArtworkPicker({
  campaign,
  onChange,
  busy = false,
}: {
  /** The campaign as it would look; `artwork_key` is the current choice. */
  campaign: CoverCampaign;
  onChange: (key: string | null) => void | Promise<void>;
  busy?: boolean;
}) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const working = uploading || busy;

  /** An upload or a removal: its failure is said here, under the buttons. */
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setUploading(true);
    try {
      await work();
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : "That did not work. Please try again.");
    } finally {
      setUploading(false);
    }
  };
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = artworkFileProblem(file);
    if (problem) return setError(problem);
    return run(async () => onChange(await uploadArtwork(file)));
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative h-32 w-32 shrink-0 overflow-hidden rounded-xl ring-1 ring-slate-200">
        <CampaignCover campaign={campaign} sizes="128px" className="h-full w-full" />
        {working ? (
          <div className="absolute inset-0 flex items-center justify-center bg-white/70">
            <Loader2 className="h-6 w-6 animate-spin text-brand-600" aria-hidden />
          </div>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            className={cn(
              buttonStyles("secondary", "sm"),
              "cursor-pointer focus-within:ring-2 focus-within:ring-brand-500",
              working && "pointer-events-none opacity-60",
            )}
          >
            <ImagePlus className="h-4 w-4" aria-hidden /> {campaign.artwork_key ? "Replace artwork" : "Upload artwork"}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={working}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </label>
          {campaign.artwork_key ? (
            <Button size="sm" variant="ghost" disabled={working} onClick={() => run(async () => onChange(null))}>
              <X className="h-4 w-4" aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-500">
          JPEG, PNG or WebP, up to 5 MB, at least 300 pixels a side. Without one, your cover is drawn from the title and
          genre.
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
