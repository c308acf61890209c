import http from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startSecondNode, startTestApp, type TestApp, type TestClient } from '@test/helpers';

/**
 * Issue 25 point 5: an upload's temporary file is private (0600, in a 0700 folder of its process) while it streams;
 * a process killed in the middle of an upload leaves it behind, and the next start on the same data folder removes
 * it whatever its age, while a live process's folder is kept. A finished upload leaves nothing.
 */
let app: TestApp;
let user: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  user = app.client();
  await user.login('carrier@test.local');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const tmpRoot = () => path.join(app.env.DATA_DIR, 'uploads-tmp');
/** Every file under the temporary folder, with its mode. */
function tempFiles(): { file: string; mode: number }[] {
  const out: { file: string; mode: number }[] = [];
  for (const folder of readdirSync(tmpRoot())) {
    const dir = path.join(tmpRoot(), folder);
    if (!statSync(dir).isDirectory()) {
      out.push({ file: dir, mode: statSync(dir).mode & 0o777 });
      continue;
    }
    for (const f of readdirSync(dir))
      out.push({ file: path.join(dir, f), mode: statSync(path.join(dir, f)).mode & 0o777 });
  }
  return out;
}

describe('upload temporary files', () => {
  it('a finished upload leaves nothing behind', async () => {
    const res = await user
      .raw('post', '/api/documents/upload')
      .field('documentType', 'insurance')
      .field('expirationDate', '2031-01-01')
      .attach('file', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 65)]), 'ins.pdf');
    expect(res.status, res.text).toBeLessThan(500);
    await eventually(async () => tempFiles().length === 0);
  });

  it('a crash during an upload leaves a private file that the next start removes', async () => {
    const node = await startSecondNode(app);
    const boundary = 'crashboundary';
    const url = new URL('/api/documents/upload', node.url);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin: node.url,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(5 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ninsurance\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="secret.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    req.write(Buffer.concat([Buffer.from('%PDF-1.4 plaintext secret '), Buffer.alloc(300 * 1024, 66)]));
    // The file is on disk, private, while the upload streams.
    const during = await eventually(async () => {
      const files = tempFiles().filter((f) => statSync(f.file).size > 0);
      return files.length ? files : null;
    });
    expect(during.every((f) => f.mode === 0o600)).toBe(true);
    for (const folder of readdirSync(tmpRoot()))
      expect(statSync(path.join(tmpRoot(), folder)).mode & 0o777).toBe(0o700);
    await node.crash();
    req.destroy();
    expect(tempFiles().length).toBeGreaterThan(0); // the crash left it
    // The next start on this data folder removes it (the test's own app, alive, keeps its empty folder).
    const next = await startSecondNode(app);
    try {
      expect(tempFiles()).toEqual([]);
    } finally {
      await next.stop();
    }
  }, 240_000);
});
