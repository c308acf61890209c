import { open, rename, rm, stat, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { badRequest } from '../../http/errors';
import type { SniffedType } from './fileType';
import type { UploadedFile } from './upload';

/**
 * The most pixels an uploaded image may have (width × height): 40 megapixels is above any phone's or scanner's
 * photo. A PNG header may claim 60000×60000 with no pixel data behind it, which a viewer's browser would try to
 * decode into 14 GB (issue 50).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

// Each upload is read once: libvips' operation cache would only keep its pixels in memory.
sharp.cache(false);

/** The size an image's header states, read without decoding a pixel. */
async function statedSize(
  file: string,
  type: SniffedType,
): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    if (width && height) return { width, height };
  } catch {
    // libvips reads no size from a PNG with no pixel data at all: its IHDR chunk still states one.
  }
  if (type.ext !== 'png') return null;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(24);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || head.toString('latin1', 12, 16) !== 'IHDR') return null;
    const width = head.readUInt32BE(16);
    const height = head.readUInt32BE(20);
    return width && height ? { width, height } : null;
  } finally {
    await handle.close();
  }
}

const unreadable = (field: string) =>
  badRequest(`${field}: the image could not be read; it is damaged or not a complete JPEG or PNG`);

/**
 * An uploaded JPEG or PNG made safe to store and serve (issue 50): the size its header states is checked before a
 * pixel is decoded, then the image is decoded whole and encoded again in its own format, turned upright by its EXIF
 * orientation and without its metadata (a phone photo's place and camera; where the app shows a photo taken, it
 * records that itself). The upload's temporary file is replaced by the clean one and its size updated.
 */
export async function cleanImage(file: UploadedFile, type: SniffedType, field: string): Promise<void> {
  const size = await statedSize(file.path, type);
  if (!size) throw unreadable(field);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw badRequest(
      `${field}: the image is ${size.width}×${size.height} pixels; images of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  let cleaned: Buffer;
  try {
    const image = sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    cleaned = await (type.ext === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
  } catch {
    throw unreadable(field);
  }
  // Decoded apart from written: a disk that is full or failing is the server's outage (503), not a bad image (400).
  const clean = `${file.path}.clean`;
  try {
    await writeFile(clean, cleaned);
  } catch (err) {
    await rm(clean, { force: true });
    throw err;
  }
  await rename(clean, file.path);
  file.size = (await stat(file.path)).size;
}
