import { SIGNATURE_REQUIRED_MESSAGE } from '@freight/shared';
import sharp from 'sharp';
import { AppError, badRequest } from '../../../http/errors';
import { sniffFileType } from '../../../infra/storage';

/** A signature pad is a strip: anything larger than this is not one (and a header may claim any size). */
const MAX_WIDTH = 2000;
const MAX_HEIGHT = 1000;

/**
 * The receiver's signature as sent (a PNG data URL the shared schema already bounded) made safe to store (issue 39):
 * a real PNG of a signature pad's size, decoded whole and encoded again without metadata, and not blank: a canvas
 * nobody drew on (every pixel the same colour, or all transparent) is refused with 400 before anything changes.
 */
export async function cleanSignature(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length === 0) throw badRequest(`signature: ${SIGNATURE_REQUIRED_MESSAGE}`);
  if (sniffFileType(bytes)?.ext !== 'png') throw badRequest('signature: the image must be a PNG');
  let clean: Buffer;
  let blank: boolean;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_WIDTH * MAX_HEIGHT, failOn: 'error' });
    const { width = 0, height = 0 } = await image.metadata();
    if (!width || !height || width > MAX_WIDTH || height > MAX_HEIGHT) {
      throw badRequest(`signature: at most ${MAX_WIDTH}×${MAX_HEIGHT} pixels`);
    }
    const stats = await image.stats();
    const alpha = stats.channels.length === 4 || stats.channels.length === 2 ? stats.channels.at(-1) : null;
    blank = (alpha != null && alpha.max === 0) || stats.channels.every((c) => c.min === c.max);
    clean = await sharp(bytes, { failOn: 'error' }).png().toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('signature: the image could not be read; it is damaged or not a complete PNG');
  }
  if (blank) throw badRequest('signature: the signature is empty; the receiver must sign');
  return clean;
}
