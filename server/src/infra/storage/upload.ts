import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@freight/shared';
import type { RequestHandler } from 'express';
import multer from 'multer';

/** What the upload step hands the service: the file on disk, in the temporary folder, until the answer is sent. */
export interface UploadedFile {
  originalname: string;
  /** The temporary file (removed once the response is done). */
  path: string;
  size: number;
}

let tempDir: string | null = null;
const STALE_MS = 60 * 60_000;

/**
 * Set up at boot (initFileStore): uploads stream into `<dataDir>/uploads-tmp`, on the same disk as the store. What a
 * crash left there is removed once it is an hour old (younger files may be another live process's uploads).
 */
export function initUploadTemp(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
    } catch {
      // gone meanwhile
    }
  }
  tempDir = dir;
}

const storage = multer.diskStorage({
  destination: (_req, _file, cb) => {
    if (!tempDir) return cb(new Error('upload folder is not initialised'), '');
    cb(null, tempDir);
  },
  filename: (_req, _file, cb) => cb(null, randomBytes(16).toString('hex')),
});

/**
 * One file in `field`, streamed to a temporary file (at most 10 MB; never held whole in memory), for the service to
 * check by its first bytes and encrypt into the store. The temporary file is removed when the response ends, however
 * it ends. Too large → 413; more files or another field → 400 (mapped in http/errors.ts).
 */
export function singleFileUpload(field: string, maxBytes = MAX_UPLOAD_BYTES): RequestHandler {
  const upload = multer({ storage, limits: { fileSize: maxBytes, files: 1, fields: 20 } }).single(field);
  return (req, res, next) => {
    res.once('close', () => {
      if (req.file?.path) void rm(req.file.path, { force: true });
    });
    upload(req, res, next);
  };
}
