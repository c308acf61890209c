import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COMPRESS_THRESHOLD_BYTES,
  IMMUTABLE,
  REVALIDATE,
  compressResponses,
  pickEncoding,
  prerenderedPages,
  sendIndexHtml,
  sendPage,
  serveWebAssets,
} from './webAssets';

// A built web app in miniature: a hashed script with its precompressed copies, a font, the service worker, an icon.
const dist = mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
mkdirSync(path.join(dist, 'assets'));
const script = `export const board = ${JSON.stringify('x'.repeat(4000))};\n`;
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
writeFileSync(path.join(dist, 'assets', 'font-Xy9.woff2'), Buffer.from([1, 2, 3, 4]));
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>FreightConnect</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: String(i), title: `Load ${i}` })) };
const app = express();
app.use(compressResponses());
app.get('/api/big', (_req, res) => res.json(big));
app.get('/api/small', (_req, res) => res.json({ ok: true }));
// What a handler that encodes its own answer (or a proxy's upstream) sends: left as it is, never encoded twice.
app.get('/api/encoded', (_req, res) => {
  res
    .set('Content-Encoding', 'gzip')
    .type('json')
    .send(gzipSync(JSON.stringify(big)));
});
app.use(serveWebAssets(dist));
app.get('/{*splat}', (_req, res) => sendIndexHtml(dist, res));

/** The answer's headers and its bytes exactly as sent (supertest and fetch would decode them). */
function raw(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get(
          { host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              server.close(() => resolve({ headers: res.headers, body: Buffer.concat(chunks) })),
            );
          },
        )
        .on('error', reject);
    });
  });
}

describe('web assets: compression and caching (issue 24)', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, immutable for a year', async () => {
    const res = await raw('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gz = await raw('/assets/index-AbC123.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await request(app).get('/assets/index-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.text).toBe(script);
  });

  it('keeps hashed fonts a year, revalidates index.html and the service worker, keeps icons an hour', async () => {
    const font = await request(app).get('/assets/font-Xy9.woff2');
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    expect(font.headers['content-encoding']).toBeUndefined();

    for (const url of ['/', '/freight', '/index.html']) {
      const page = await request(app).get(url);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe(REVALIDATE);
      expect(page.text).toContain('FreightConnect');
    }
    expect((await request(app).get('/sw.js')).headers['cache-control']).toBe(REVALIDATE);
    expect((await request(app).get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses API JSON above the threshold and leaves small answers alone', async () => {
    const res = await request(app).get('/api/big').set('Accept-Encoding', 'gzip');
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual(big); // supertest decodes gzip
    const br = await raw('/api/big', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(big);

    const small = await request(app).get('/api/small').set('Accept-Encoding', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ ok: true });
  });

  it('never encodes an answer twice', async () => {
    const res = await raw('/api/encoded', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(big);
  });

  it('reads Accept-Encoding with its weights', () => {
    const both = { br: true, gzip: true };
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('identity', both)).toBeNull();
    expect(pickEncoding(undefined, both)).toBeNull();
    expect(pickEncoding('br', { br: false, gzip: true })).toBeNull();
  });
});

describe('prerendered public pages (issue 24)', () => {
  const built = mkdtempSync(path.join(os.tmpdir(), 'web-prerendered-'));
  mkdirSync(path.join(built, 'prerendered'));
  writeFileSync(path.join(built, 'index.html'), '<div id="root">Loading...</div>');
  writeFileSync(
    path.join(built, 'prerendered', 'index.html'),
    '<div id="root" data-prerendered="/">Landing</div>',
  );
  writeFileSync(
    path.join(built, 'prerendered', 'freight.html'),
    '<div id="root" data-prerendered="/freight">Board</div>',
  );
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  const pages = prerenderedPages(built);
  const site = express();
  // Stands in for the session: `x-test-user` marks a signed-in request.
  site.use((req, _res, next) => {
    if (req.headers['x-test-user']) req.user = { id: 'u1' } as unknown as NonNullable<typeof req.user>;
    next();
  });
  site.get('/{*splat}', (req, res) => sendPage(built, pages, req, res));

  it('maps the files to their paths', () => {
    expect([...pages.keys()].sort()).toEqual(['/', '/freight']);
  });

  it('sends a signed-out visitor the prerendered page, revalidated and varying with the cookie', async () => {
    for (const [url, text] of [
      ['/', 'Landing'],
      ['/freight', 'Board'],
    ]) {
      const res = await request(site).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain(text);
      expect(res.headers['x-prerendered']).toBe('1');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers.vary).toMatch(/Cookie/);
    }
  });

  it('sends index.html to a signed-in visitor, with a query string, and on other paths', async () => {
    for (const [url, user] of [
      ['/', true],
      ['/freight', true],
      ['/?auth=signin', false],
      ['/freight?origin=Omaha', false],
      ['/tracking/abc', false],
    ] as const) {
      const req = request(site).get(url);
      const res = await (user ? req.set('x-test-user', '1') : req);
      expect(res.text, url).toBe('<div id="root">Loading...</div>');
      expect(res.headers['x-prerendered'], url).toBeUndefined();
      expect(res.headers.vary, url).toMatch(/Cookie/);
    }
  });
});
