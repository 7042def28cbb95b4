import { and, eq, lt, sql } from "drizzle-orm";
import type { ArtworkVariant } from "../../core/artwork.js";
import type { Database } from "../db/client.js";
import { artworkFiles } from "../db/schema.js";

export type ArtworkFile = { variant: ArtworkVariant; contentType: string; bytes: Uint8Array };

/** Where campaign artwork lives. The database by default, so every server instance serves every upload. */
export type ArtworkStore = {
  /** Stores an upload's sizes under its key; storing the same key again changes nothing. */
  save(key: string, files: ArtworkFile[], uploadedBy: string): Promise<void>;
  read(key: string, variant: ArtworkVariant): Promise<{ contentType: string; bytes: Uint8Array } | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes uploads older than `olderThan` that no campaign uses (a wizard left before its campaign was made); answers
   * how many files (sizes) went.
   */
  removeUnused(olderThan: Date): Promise<number>;
};

export function databaseArtworkStore(db: Database): ArtworkStore {
  return {
    async save(key, files, uploadedBy) {
      await db
        .insert(artworkFiles)
        .values(files.map((file) => ({ key, ...file, uploadedBy })))
        // The same image uploaded again is fresh again: the clean-up of unused uploads counts from now.
        .onConflictDoUpdate({ target: [artworkFiles.key, artworkFiles.variant], set: { createdAt: sql`now()` } });
    },
    async read(key, variant) {
      const [row] = await db
        .select({ contentType: artworkFiles.contentType, bytes: artworkFiles.bytes })
        .from(artworkFiles)
        .where(and(eq(artworkFiles.key, key), eq(artworkFiles.variant, variant)))
        .limit(1);
      return row ?? null;
    },
    async exists(key) {
      const [row] = await db
        .select({ key: artworkFiles.key })
        .from(artworkFiles)
        .where(eq(artworkFiles.key, key))
        .limit(1);
      return Boolean(row);
    },
    async removeUnused(olderThan) {
      const removed = await db
        .delete(artworkFiles)
        .where(
          and(
            lt(artworkFiles.createdAt, olderThan),
            sql`not exists (select 1 from campaigns c where c.artwork_key = ${artworkFiles.key})`,
          ),
        )
        .returning({ key: artworkFiles.key });
      return removed.length;
    },
  };
}
