import { post } from "./contract.js";

/** Campaign artwork: an upload (the image's raw bytes as the body) and setting a campaign's cover. */
export type UploadedArtwork = { artwork: { key: string } };
export type SetArtworkBody = { key: string | null };

export const artworkApi = {
  upload: post<UploadedArtwork, Blob>()("/api/artwork"),
  setForCampaign: post<{ campaign: { id: string; artwork_key: string | null } }, SetArtworkBody>()(
    "/api/campaigns/:id/artwork",
  ),
} as const;
