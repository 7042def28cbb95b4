import { createHash } from "node:crypto";
import sharp from "sharp";
import {
  type ArtworkVariant,
  artworkMessages,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_PIXELS,
  MIN_ARTWORK_SIDE,
  squareArtworkWidths,
} from "../../core/artwork.js";
import { DomainError } from "../errors.js";
import type { ArtworkFile } from "./artwork-store.js";

/** The formats an upload may be, told by their first bytes before any decoder sees the file. */
function isJpegPngOrWebp(bytes: Uint8Array): boolean {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
  );
}

/** Decoding is CPU work: at most two uploads are decoded at once on an instance, the others wait their turn. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Checks an upload by its content (its first bytes, then its header: not its name or declared type), then re-encodes
 * it: the image is decoded once into a 1200 px square, from which come the square WebP covers in three widths and a
 * 1200×630 JPEG for link unfurls (the cover centred on a blurred copy of itself). Re-encoding drops whatever else the
 * file carried (metadata, trailing bytes, animation frames after the first).
 */
export async function processArtwork(upload: Uint8Array): Promise<{ key: string; files: ArtworkFile[] }> {
  if (upload.byteLength > MAX_ARTWORK_BYTES) throw new DomainError("validation", artworkMessages.tooLarge);
  if (!isJpegPngOrWebp(upload)) throw new DomainError("validation", artworkMessages.notAnImage);
  const { width = 0, height = 0 } = await sharp(upload)
    .metadata()
    .catch(() => {
      throw new DomainError("validation", artworkMessages.notAnImage);
    });
  if (width * height > MAX_ARTWORK_PIXELS) throw new DomainError("validation", artworkMessages.tooManyPixels);
  if (Math.min(width, height) < MIN_ARTWORK_SIDE) throw new DomainError("validation", artworkMessages.tooSmall);
  return oneAtATime(async () => {
    try {
      const base = await sharp(upload, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: "error" })
        .rotate()
        .resize(1200, 1200, { fit: "cover" })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const squares = await Promise.all(
        squareArtworkWidths.map(async (size) => ({
          variant: `${size}.webp` as ArtworkVariant,
          contentType: "image/webp",
          bytes: new Uint8Array(await sharp(base).resize(size, size).webp({ quality: 82 }).toBuffer()),
        })),
      );
      const og = await sharp(base)
        .resize(1200, 630, { fit: "cover" })
        .blur(40)
        .modulate({ brightness: 0.7 })
        .composite([{ input: await sharp(base).resize(630, 630).png().toBuffer(), gravity: "centre" }])
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
      return {
        key: createHash("sha256").update(upload).digest("hex").slice(0, 32),
        files: [...squares, { variant: "og.jpg" as const, contentType: "image/jpeg", bytes: new Uint8Array(og) }],
      };
    } catch {
      // A header that decodes and a body that does not: a damaged or disguised file.
      throw new DomainError("validation", artworkMessages.notAnImage);
    }
  });
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
