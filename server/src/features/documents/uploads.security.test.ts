import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { RATE_LIMITS, STORAGE_QUOTA_BYTES } from '@freight/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_BYTES, pngClaiming, pngWithText, realPng } from '@test/fixtures/images';
import { eventually, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { filesRoot } from '../../infra/storage';
import { FreightPhotoModel } from '../tracking/model';
import { seedLoad } from '../tracking/testing';
import { DocumentModel } from './model';

// Issue 12 items 6 and 11 (uploads): 20 concurrent 10 MB uploads took the server from 171 to 851 MB, a user could
// upload without end, and a PNG/HTML polyglot kept its `.html` name. Uploads now stream to a temporary file, are
// limited per user (RATE_LIMITS.upload) and by a per-user storage quota, and stored and served names end in the
// extension of the type the first bytes show. Issue 50: images are decoded, checked and encoded again first.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const png = () => realPng(8, 8);
const PDF_HEAD = Buffer.from('%PDF-1.4');
const pdf = (size = 64) => Buffer.concat([PDF_HEAD, Buffer.alloc(size, 0x20)]);
const PAGE = '<html><body><script>alert(document.cookie)</script></body></html>';
/** A PNG signature followed by a page that would run script if it were ever served as HTML. */
const polyglot = () => Buffer.concat([realPng(8, 8).subarray(0, 8), Buffer.from(PAGE)]);

function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesIn(p) : [p];
  });
}
const stored = () => filesIn(filesRoot(app.config.DATA_DIR));
const tempUploads = () => filesIn(path.resolve(app.config.DATA_DIR, 'uploads-tmp'));

function uploadDocument(c: TestClient, file: Buffer, fileName = 'insurance.png') {
  return c
    .raw('post', '/api/documents/upload')
    .field('documentType', 'insurance')
    .field('expirationDate', '2099-06-30')
    .attach('file', file, { filename: fileName, contentType: 'image/png' });
}

function uploadPhoto(c: TestClient, freightId: string, file: Buffer, fileName = 'p.png') {
  return c
    .raw('post', `/api/freight/${freightId}/photos`)
    .field('photoType', 'pickup')
    .attach('photo', file, { filename: fileName, contentType: 'image/png' });
}

async function newCarrier() {
  const c = app.client();
  const user = await c.registerAndLogin({ userType: 'carrier' });
  return { c, id: user.id };
}

/** A fresh carrier with a load booked to it by a fresh shipper (photos need one). */
async function carrierWithLoad() {
  const { c, id } = await newCarrier();
  const shipper = app.client();
  const shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  return { c, id, shipper, freightId: await seedLoad({ posterId: shipperId, carrierId: id }) };
}

describe('uploads (issue 12 items 6 and 11)', () => {
  it('streams an upload to a temporary file on disk while it arrives, and removes it once answered', async () => {
    const { c } = await newCarrier();
    const url = new URL('/api/documents/upload', app.url);
    const boundary = '----freight-test-boundary';
    const req = http.request(url, {
      method: 'POST',
      headers: { Cookie: c.cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ninsurance\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="expirationDate"\r\n\r\n2099-06-30\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const MB = 1024 * 1024;
    req.write(pdf(2 * MB));
    // Half the file is in: it is on disk already (the request is still open), not in memory.
    const partial = await eventually(async () => {
      const files = tempUploads();
      return files.length === 1 && statSync(files[0]).size >= 2 * MB ? files[0] : null;
    });
    req.write(Buffer.alloc(2 * MB, 2));
    req.end(`\r\n--${boundary}--\r\n`);
    const res = await answer;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).fileSize).toBe(4 * MB + 8);
    await eventually(async () => !existsSync(partial));
    expect(tempUploads()).toEqual([]);
    // What it stored reads back whole (streamed encryption).
    const download = await c.raw('get', JSON.parse(res.body).downloadUrl).buffer(true);
    expect(download.status).toBe(200);
    expect(download.body.length).toBe(4 * MB + 8);
    expect(download.body.subarray(0, 8).equals(PDF_HEAD)).toBe(true);
  });

  it(`allows ${RATE_LIMITS.upload.points} uploads per user in ${RATE_LIMITS.upload.seconds / 60} minutes, then 429 with Retry-After`, async () => {
    const { c } = await newCarrier();
    for (let i = 0; i < RATE_LIMITS.upload.points; i++) {
      expect((await uploadDocument(c, png())).status).toBe(201);
    }
    const before = stored().length;
    const over = await uploadDocument(c, png());
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^Too many uploads: at most 20 every 10 minutes\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(stored().length).toBe(before);
    expect(tempUploads()).toEqual([]);
    // Another user uploads as usual.
    const { c: other } = await newCarrier();
    expect((await uploadDocument(other, png())).status).toBe(201);
  });

  it('keeps each user under the storage quota: 413 with a clear message, nothing stored', async () => {
    const { c, id } = await newCarrier();
    // Earlier uploads that leave 100 bytes free (records as the upload path writes them).
    await DocumentModel.create({
      userId: id,
      documentType: 'insurance',
      fileName: 'earlier.pdf',
      storageKey: 'f'.repeat(32),
      fileSize: STORAGE_QUOTA_BYTES - 100,
      mimeType: 'application/pdf',
    });
    const before = stored().length;
    const over = await uploadDocument(c, pdf(992), 'insurance.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(
      /^Storage limit reached: your files use 500 MB of 500 MB, and this file \(1 KB\) would go over it\.$/,
    );
    expect(await DocumentModel.countDocuments({ userId: id })).toBe(1);
    expect(stored().length).toBe(before);

    // Photos count too, and a full account is refused before its upload is read.
    const shipper = app.client();
    const shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
    const freightId = await seedLoad({ posterId: shipperId, carrierId: id });
    await DocumentModel.create({
      userId: id,
      documentType: 'insurance',
      fileName: 'filler.pdf',
      storageKey: 'e'.repeat(32),
      fileSize: 100,
      mimeType: 'application/pdf',
    });
    const photo = await uploadPhoto(c, freightId, png());
    expect(photo.status).toBe(413);
    expect(photo.body.message).toBe('Storage limit reached: your files use 500 MB of 500 MB.');
    expect(await FreightPhotoModel.countDocuments({ userId: id })).toBe(0);
    expect(stored().length).toBe(before);
  });

  it('names an image sent as .html by its detected type, and keeps no page hidden in it (documents and photos)', async () => {
    const { c, id } = await newCarrier();
    // A real PNG with the page in a text chunk: decoded, encoded again without it, named and served as a PNG.
    const carrying = pngWithText(PAGE);
    const doc = await uploadDocument(c, carrying, 'invoice.html');
    expect(doc.status).toBe(201);
    expect(doc.body).toMatchObject({ fileName: 'invoice.png', mimeType: 'image/png' });
    const download = await c.raw('get', doc.body.downloadUrl).buffer(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="invoice.png"; filename*=UTF-8''invoice.png`,
    );
    expect(download.body.includes(Buffer.from('<script>'))).toBe(false);
    expect(await sharp(download.body).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
    const noExt = await uploadDocument(c, png(), 'scan');
    expect(noExt.body.fileName).toBe('scan.png');
    const jpegNamed = await uploadDocument(c, JPEG_BYTES, 'Photo.JPEG');
    expect(jpegNamed.body).toMatchObject({ fileName: 'Photo.JPEG', mimeType: 'image/jpeg' });

    const shipper = app.client();
    const shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
    const freightId = await seedLoad({ posterId: shipperId, carrierId: id });
    const photo = await c
      .raw('post', `/api/freight/${freightId}/photos`)
      .field('photoType', 'pickup')
      .attach('photo', carrying, { filename: 'evil.html', contentType: 'text/html' });
    expect(photo.status).toBe(201);
    const stored = await FreightPhotoModel.findById(photo.body.id).lean();
    expect(stored?.fileName).toBe('evil.png');
    const served = await shipper.raw('get', photo.body.photoUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="evil.png"; filename*=UTF-8''evil.png`,
    );
    expect(served.body.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('images are decoded before they are stored (issue 50)', () => {
  it('refuses an image bomb (a header claiming 60000×60000 pixels) with a 400 naming its size, storing nothing', async () => {
    const { c, id, freightId } = await carrierWithLoad();
    const before = stored().length;
    const bomb = pngClaiming(60_000, 60_000);
    for (const res of [await uploadDocument(c, bomb), await uploadPhoto(c, freightId, bomb)]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /: the image is 60000×60000 pixels; images of at most 40 megapixels are accepted$/,
      );
    }
    // With a little pixel data behind the header, and just over the ceiling: refused alike.
    expect((await uploadPhoto(c, freightId, pngClaiming(60_000, 60_000, true))).body.message).toMatch(
      /60000×60000 pixels/,
    );
    expect((await uploadDocument(c, pngClaiming(8000, 5001))).body.message).toMatch(/8000×5001 pixels/);
    // A PNG signature with no image behind it: unreadable.
    const broken = await uploadPhoto(c, freightId, polyglot(), 'evil.html');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(
      'photo: the image could not be read; it is damaged or not a complete JPEG or PNG',
    );
    expect(await DocumentModel.countDocuments({ userId: id })).toBe(0);
    expect(await FreightPhotoModel.countDocuments({ userId: id })).toBe(0);
    expect(stored().length).toBe(before);
    // The temporary file goes when the response closes, just after the client has its answer.
    await eventually(async () => tempUploads().length === 0);
  });

  it("keeps no metadata: a photo's EXIF (its place, its camera) is gone, and it is turned upright", async () => {
    const { c, freightId, shipper } = await carrierWithLoad();
    // 16×8 stored sideways (EXIF orientation 6: turn 90° clockwise to view), with a maker note to find.
    const photo = await sharp(realPng(16, 8))
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 41.88,-87.63' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await uploadPhoto(c, freightId, photo, 'dock.jpg');
    expect(res.status, res.text).toBe(201);
    const served = await shipper.raw('get', res.body.photoUrl).buffer(true);
    expect(served.body.includes(Buffer.from('SecretCam'))).toBe(false);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 8, height: 16 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });
});
