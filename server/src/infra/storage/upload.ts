import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
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

/** The folder of this process's uploads: `p<pid>-<random>` under the temporary folder. */
const OWN_FOLDER = /^p(\d+)-[0-9a-f]+$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Set up at boot (initFileStore): uploads stream into a folder of this process's own under
 * `<dataDir>/uploads-tmp` (0700, files 0600), on the same disk as the store. Whatever a crash left there is removed
 * now, whatever its age: every file and every folder but those of other processes still running on this data folder
 * (their uploads in flight).
 */
export function initUploadTemp(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dir)) {
    const owner = OWN_FOLDER.exec(name);
    if (owner && Number(owner[1]) !== process.pid && processAlive(Number(owner[1]))) continue;
    try {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
  }
  tempDir = path.join(dir, `p${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(tempDir, { mode: 0o700 });
}

/** multer's storage, writing each file private to this user (0600) from its first byte. */
const storage: multer.StorageEngine = {
  _handleFile(_req, file, cb) {
    if (!tempDir) return cb(new Error('upload folder is not initialised'));
    const target = path.join(tempDir, randomBytes(16).toString('hex'));
    const out = createWriteStream(target, { mode: 0o600, flags: 'wx' });
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      out.destroy();
      void rm(target, { force: true }).finally(() => cb(err));
    };
    out.on('error', fail);
    file.stream.on('error', fail);
    out.on('finish', () => {
      if (!failed) cb(null, { path: target, size: out.bytesWritten, filename: path.basename(target) });
    });
    file.stream.pipe(out);
  },
  _removeFile(_req, file, cb) {
    rm(file.path, { force: true }).then(
      () => cb(null),
      (err: Error) => cb(err),
    );
  },
};

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
