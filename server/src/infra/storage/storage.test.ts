import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore, LocalDiskDriver, sniffFileType } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'freight-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

describe('encrypted file store', () => {
  const store = new FileStore(new LocalDiskDriver(root), randomBytes(32));

  it('round-trips the bytes and never writes the plaintext to disk', async () => {
    const marker = Buffer.from(`%PDF-1.4 PLAINTEXT-MARKER-${Date.now()} `.repeat(2000));
    const key = await store.save(marker);
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect((await store.read(key)).equals(marker)).toBe(true);
    for (const file of allFiles(root)) {
      expect(readFileSync(file).includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    }
  });

  it('uses a fresh IV per file: the same bytes stored twice differ on disk', async () => {
    const data = Buffer.from('same bytes');
    const [a, b] = [await store.save(data), await store.save(data)];
    const disk = (k: string) => readFileSync(path.join(root, k.slice(0, 2), k));
    expect(disk(a).equals(disk(b))).toBe(false);
  });

  it('refuses a tampered file and one read with another key', async () => {
    const key = await store.save(Buffer.from('x'.repeat(1000)));
    const file = path.join(root, key.slice(0, 2), key);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(file, bytes);
    await expect(store.read(key)).rejects.toThrow();
    const other = new FileStore(new LocalDiskDriver(root), randomBytes(32));
    const key2 = await store.save(Buffer.from('secret'));
    await expect(other.read(key2)).rejects.toThrow();
  });

  it('deletes', async () => {
    const key = await store.save(Buffer.from('bye'));
    await store.remove(key);
    await expect(store.read(key)).rejects.toThrow();
  });
});

describe('file type by first bytes', () => {
  it.each([
    [Buffer.from('%PDF-1.7\n...'), 'application/pdf'],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/jpeg'],
    [Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]), null], // an ELF executable, whatever its name
    [Buffer.from('MZ\x90\x00'), null], // a Windows executable
    [Buffer.from('<html>'), null],
    [Buffer.alloc(0), null],
  ])('%#', (bytes, mime) => {
    expect(sniffFileType(bytes)?.mime ?? null).toBe(mime);
  });
});
