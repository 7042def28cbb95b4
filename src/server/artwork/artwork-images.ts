import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  type ArtworkVariant,
  artworkMessages,
  MAX_ARTWORK_BYTES,
  MIN_ARTWORK_SIDE,
  squareArtworkWidths,
} from "../../core/artwork.js";
import { DomainError } from "../errors.js";
import type { ArtworkFile } from "./artwork-store.js";

/** Larger images are refused before decoding: a small file can claim enormous dimensions. */
const MAX_INPUT_PIXELS = 40_000_000;
const acceptedFormats = new Set(["jpeg", "png", "webp"]);

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it: square WebP covers in three
 * widths and a 1200×630 JPEG for link unfurls (the square cover centred on a blurred copy of itself). Re-encoding
 * drops whatever else the file carried (metadata, trailing bytes, animation frames after the first).
 */
export async function processArtwork(upload: Uint8Array): Promise<{ key: string; files: ArtworkFile[] }> {
  if (upload.byteLength > MAX_ARTWORK_BYTES) throw new DomainError("validation", artworkMessages.tooLarge);
  const input = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new DomainError("validation", artworkMessages.notAnImage);
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) {
    throw new DomainError("validation", artworkMessages.notAnImage);
  }
  if (Math.min(metadata.width ?? 0, metadata.height ?? 0) < MIN_ARTWORK_SIDE) {
    throw new DomainError("validation", artworkMessages.tooSmall);
  }
  try {
    const squares = await Promise.all(
      squareArtworkWidths.map(async (width) => ({
        variant: `${width}.webp` as ArtworkVariant,
        contentType: "image/webp",
        bytes: new Uint8Array(
          await input()
            .resize(width, width, { fit: "cover", withoutEnlargement: false })
            .webp({ quality: 82 })
            .toBuffer(),
        ),
      })),
    );
    const square = await input().resize(630, 630, { fit: "cover" }).png().toBuffer();
    const og = await input()
      .resize(1200, 630, { fit: "cover" })
      .blur(40)
      .modulate({ brightness: 0.7 })
      .composite([{ input: square, gravity: "centre" }])
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return {
      key: createHash("sha256").update(upload).digest("hex").slice(0, 32),
      files: [...squares, { variant: "og.jpg", contentType: "image/jpeg", bytes: new Uint8Array(og) }],
    };
  } catch {
    // A header that decodes and a body that does not: a damaged or disguised file.
    throw new DomainError("validation", artworkMessages.notAnImage);
  }
}

/** The generated cover as a 1200×630 PNG for unfurls: the square drawing centred on its own colours. */
export async function renderGeneratedCover(svg: string): Promise<Uint8Array> {
  const square = await sharp(Buffer.from(svg)).resize(630, 630).png().toBuffer();
  const background = await sharp(Buffer.from(svg)).resize(1200, 630, { fit: "cover" }).blur(30).png().toBuffer();
  return new Uint8Array(
    await sharp(background)
      .composite([{ input: square, gravity: "centre" }])
      .png()
      .toBuffer(),
  );
}
