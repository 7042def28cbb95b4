import { artworkMessages } from "../../core/artwork.js";
import { DomainError } from "../errors.js";
import { processArtwork } from "./artwork-images.js";
import type { ArtworkStore } from "./artwork-store.js";

/** Checks, resizes and stores an artist's upload; answers its key. */
export async function storeArtworkUpload(store: ArtworkStore, userId: string, upload: Uint8Array): Promise<string> {
  const { key, files } = await processArtwork(upload);
  await store.save(key, files, userId);
  return key;
}

/** Checks that an upload exists before a campaign points at it. */
export async function assertArtworkExists(store: ArtworkStore, key: string | null | undefined) {
  if (key && !(await store.exists(key))) throw new DomainError("validation", artworkMessages.notFound);
}
