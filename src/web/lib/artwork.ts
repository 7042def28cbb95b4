import { artworkApi, type UploadedArtwork } from "../../core/api/artwork";
import { artworkContentTypes, artworkMessages, MAX_ARTWORK_BYTES } from "../../core/artwork";
import { apiFetch } from "./api";

/** Refuses at once what the server would refuse by its size or declared type (the server checks the content too). */
export function artworkFileProblem(file: File): string | null {
  if (file.size > MAX_ARTWORK_BYTES) return artworkMessages.tooLarge;
  if (!(artworkContentTypes as readonly string[]).includes(file.type)) return artworkMessages.notAnImage;
  return null;
}

/** Sends an image's bytes to the server, which checks, resizes and stores it; answers its key. */
export async function uploadArtwork(file: File): Promise<string> {
  const uploaded = await apiFetch<UploadedArtwork>(artworkApi.upload.path, {
    method: "POST",
    body: file,
    headers: { "Content-Type": file.type || "application/octet-stream" },
  });
  return uploaded.artwork.key;
}
