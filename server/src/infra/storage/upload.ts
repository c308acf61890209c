import { MAX_UPLOAD_BYTES } from '@freight/shared';
import multer from 'multer';

/**
 * One file in `field`, held in memory (at most 10 MB), for the service to check by its first bytes and encrypt.
 * Too large → 413; more files or another field → 400 (mapped in http/errors.ts).
 */
export function singleFileUpload(field: string, maxBytes = MAX_UPLOAD_BYTES) {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 20 },
  }).single(field);
}
