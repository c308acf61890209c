import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where encrypted blobs live. Local disk now; an S3-compatible driver can implement the same calls. */
export interface StorageDriver {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a stream without holding it in memory; nothing is kept under `key` if the stream fails. */
  putStream(key: string, data: Readable): Promise<void>;
  get(key: string): Readable;
  delete(key: string): Promise<void>;
}

export class LocalDiskDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  private file(key: string) {
    if (!/^[a-f0-9]{32}$/.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under the real name.
    const tmp = `${target}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, target);
  }

  async putStream(key: string, data: Readable): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp`;
    try {
      await pipeline(data, createWriteStream(tmp, { mode: 0o600 }));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  get(key: string): Readable {
    return createReadStream(this.file(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
