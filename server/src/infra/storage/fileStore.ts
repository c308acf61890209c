import { createDecipheriv, createCipheriv, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver } from './drivers';

const MAGIC = Buffer.from('FMENC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES + TAG_BYTES;

/**
 * Files at rest are AES-256-GCM encrypted with a random IV per file: MAGIC | IV | TAG | ciphertext.
 * Stored names are random ids; the original name and type live on the owning record.
 */
export class FileStore {
  constructor(
    private readonly driver: StorageDriver,
    private readonly key: Buffer,
  ) {
    if (key.length !== 32) throw new Error('file encryption key must be 32 bytes');
  }

  /** Encrypts and stores; returns the storage key to keep on the record. */
  async save(plaintext: Buffer): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const storageKey = randomBytes(16).toString('hex');
    await this.driver.put(storageKey, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
    return storageKey;
  }

  /**
   * Encrypts and stores a file from disk (an upload's temporary file) without reading it into memory. GCM's tag is
   * known only at the end but heads the stored file, so the file is read twice with the same key and IV: once for
   * the tag, once to store header and ciphertext (the same message, so the same ciphertext: nothing leaks). The
   * second pass must end with the same tag, or the file changed in between and nothing is kept.
   */
  async saveFile(file: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const first = createCipheriv('aes-256-gcm', this.key, iv);
    await pipeline(
      createReadStream(file),
      first,
      new Writable({
        write: (_chunk, _enc, done) => done(),
      }),
    );
    const tag = first.getAuthTag();
    const second = createCipheriv('aes-256-gcm', this.key, iv);
    const storageKey = randomBytes(16).toString('hex');
    const source = createReadStream(file);
    source.on('error', (err) => second.destroy(err));
    const body = source.pipe(second);
    async function* stored() {
      yield Buffer.concat([MAGIC, iv, tag]);
      for await (const chunk of body) yield chunk as Buffer;
      if (!second.getAuthTag().equals(tag)) throw new Error('the file changed while it was stored');
    }
    await this.driver.putStream(storageKey, Readable.from(stored()));
    return storageKey;
  }

  /** A stream of the decrypted bytes; it errors if the stored file was tampered with. */
  async open(storageKey: string): Promise<Readable> {
    const source = this.driver.get(storageKey);
    const header = await readExactly(source, HEADER_BYTES);
    if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted file');
    const iv = header.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = header.subarray(MAGIC.length + IV_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    source.on('error', (err) => decipher.destroy(err));
    return source.pipe(decipher);
  }

  async read(storageKey: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(storageKey)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(storageKey: string): Promise<void> {
    await this.driver.delete(storageKey);
  }
}

/** Reads exactly n bytes from the head of a stream and leaves the rest in it. */
function readExactly(stream: Readable, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < n && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= n) {
        cleanup();
        const all = Buffer.concat(chunks);
        if (all.length > n) stream.unshift(all.subarray(n));
        resolve(all.subarray(0, n));
      }
    };
    const onEnd = () => {
      cleanup();
      reject(new Error('stored file is truncated'));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
