import { ArtworkPicker } from "../artwork-picker";
import { CampaignCover, type CoverCampaign } from "../campaign-cover";

/** The cover, on the first step: an upload needs the artist's account, so a visitor is asked to sign up first. */
export function ArtworkStep({
  canUpload,
  onSignIn,
  cover,
  onChange,
}: {
  canUpload: boolean;
  onSignIn: () => void;
  cover: CoverCampaign;
  onChange: (key: string | null) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Cover artwork (optional)</legend>
      {canUpload ? (
        <ArtworkPicker campaign={cover} onChange={onChange} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="h-32 w-32 shrink-0 overflow-hidden rounded-xl ring-1 ring-slate-200">
            <CampaignCover campaign={cover} sizes="128px" className="h-full w-full" />
          </div>
          <p className="text-sm text-slate-600">
            Your cover is drawn from the title and genre.{" "}
            <button type="button" className="font-semibold text-brand-700 underline" onClick={onSignIn}>
              Sign up as an artist
            </button>{" "}
            to upload your own artwork.
          </p>
        </div>
      )}
    </fieldset>
  );
}
