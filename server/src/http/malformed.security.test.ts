import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';

/**
 * Issue #12 item 10: malformed input is the client's fault, so it gets a 4xx with a message, never a 500. The
 * routes with path parameters are read from every feature's routes.ts, so a route added later is covered too.
 */

const FEATURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

function routesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routesFiles(path.join(dir, e.name))
      : e.name === 'routes.ts'
        ? [path.join(dir, e.name)]
        : [],
  );
}

function paramRoutes(): Array<[string, string]> {
  const found = new Set<string>();
  for (const file of routesFiles(FEATURES)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\.(get|post|put|patch|delete)\(\s*'([^']*:[A-Za-z]+[^']*)'/g)) {
      found.add(`${m[1]} ${m[2]}`);
    }
  }
  return [...found].sort().map((r) => r.split(' ') as [string, string]);
}

let app: TestApp;
let carrier: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  carrier = app.client();
  await carrier.login('carrier@test.local');
});
afterAll(async () => {
  await app?.close();
});

function expectClientError(res: { status: number; body: { message?: unknown } }, status?: number) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  if (status) expect(res.status).toBe(status);
  expect(typeof res.body.message).toBe('string');
  expect(String(res.body.message).length).toBeGreaterThan(0);
}

describe('a malformed %-encoding in a path parameter', () => {
  const routes = paramRoutes();

  it('finds the routes with parameters', () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });

  it.each(routes)('%s %s answers 400', async (method, route) => {
    const url = `/api${route.replace(/:[A-Za-z]+/g, '%ZZ')}`;
    const res = await carrier.raw(method as 'get', url).send({});
    expectClientError(res, 400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('a JSON body the server cannot read', () => {
  it('an unsupported charset answers 415', async () => {
    const res = await carrier
      .raw('post', '/api/auth/login')
      .set('Content-Type', 'application/json; charset=klingon')
      .send('{"email":"a@b.c","password":"x"}');
    expectClientError(res, 415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  // Issue 51: body-parser decodes any `utf-*` its decoder knows; only UTF-8 is read (RFC 8259 §8.1).
  it.each(['utf-7', 'UTF-16LE', '"utf-32"', 'latin1'])(
    'charset=%s answers 415 on /api and /api/v1, and nothing is read',
    async (charset) => {
      const body = '{"email":"carrier@test.local","password":"Test1234!"}';
      const res = await app
        .client()
        .raw('post', '/api/auth/login')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(body);
      expectClientError(res, 415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.message).toBe('Unsupported charset: send the body as UTF-8');
      expect(res.headers['set-cookie']).toBeUndefined();
      const v1 = await app
        .client()
        .raw('post', '/api/v1/loads')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send('{}');
      expect(v1.status).toBe(415);
    },
  );

  it('charset=UTF-8 (any case, quoted or not) is read as before', async () => {
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"']) {
      const res = await app
        .client()
        .raw('post', '/api/auth/login')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send('{"email":"carrier@test.local","password":"Test1234!"}');
      expect(res.status, `${charset}: ${res.text}`).toBe(200);
    }
  });

  it('an unsupported Content-Encoding answers 415', async () => {
    const res = await carrier
      .raw('post', '/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'bogus')
      .send('{"email":"a@b.c","password":"x"}');
    expectClientError(res, 415);
    expect(res.body.message).toMatch(/Content-Encoding/);
  });

  it('a gzip body that is not gzip answers 400', async () => {
    const res = await carrier
      .raw('post', '/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('definitely not gzip');
    expectClientError(res, 400);
  });
});

describe('a multipart body the server cannot read', () => {
  const upload = () => carrier.raw('post', '/api/documents/upload');
  const B = 'XyZboundary';
  const multipart = `multipart/form-data; boundary=${B}`;

  it('a body cut off before its closing boundary answers 400', async () => {
    const body = `--${B}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ninsurance`;
    const res = await upload().set('Content-Type', multipart).send(body);
    expectClientError(res, 400);
  });

  it('a malformed part header answers 400', async () => {
    const body = `--${B}\r\nContent-Disposition: form-data; name="a"\r\nBad Header Without Colon\r\n\r\nv\r\n--${B}--\r\n`;
    const res = await upload().set('Content-Type', multipart).send(body);
    expectClientError(res, 400);
  });

  it('a multipart content type without a boundary answers 400', async () => {
    const res = await upload().set('Content-Type', 'multipart/form-data').send('--x\r\n');
    expectClientError(res, 400);
  });

  it('too many fields answers 400', async () => {
    let req = upload();
    for (let i = 0; i < 200; i++) req = req.field(`f${i}`, 'x');
    const res = await req.attach('file', Buffer.from('%PDF-1.4\n'), 'a.pdf');
    expectClientError(res, 400);
    expect(res.body.message).toMatch(/too many/i);
  });

  it('a field value that is too long answers 4xx', async () => {
    const res = await upload()
      .field('documentType', 'x'.repeat(1_100_000))
      .attach('file', Buffer.from('%PDF-1.4\n'), 'a.pdf');
    expectClientError(res);
    expect(res.body.message).toMatch(/too long|too large/i);
  });
});
