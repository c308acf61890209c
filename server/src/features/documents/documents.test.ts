import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_BYTES, realPng } from '@test/fixtures/images';
import {
  collectEvents,
  eventually,
  giveRoadNumbers,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { filesRoot } from '../../infra/storage';
import { NotificationModel } from '../notifications/model';
import { UserModel } from '../users/model';
import { MaintenanceMarkModel } from '../../infra/maintenanceMarks';
import { backfillDocumentDays, repairVerification } from './expiry';
import { DocumentModel, utcDay } from './model';
import { contentDisposition } from '../../http/contentDisposition';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ workers: true });
});
afterAll(async () => {
  await app?.close();
});

const MARKER = 'PLAINTEXT-MARKER-7f3a9c';
const pdf = (text = 'hello') => Buffer.from(`%PDF-1.4\n% ${MARKER} ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);
const png = () => realPng(8, 8);
const jpeg = () => JPEG_BYTES;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}
const storedFiles = () => allFiles(filesRoot(app.config.DATA_DIR));

interface UploadOpts {
  documentType?: string;
  expirationDate?: string;
  file?: Buffer | null;
  fileName?: string;
  contentType?: string;
}
function upload(c: TestClient, opts: UploadOpts = {}) {
  const req = c.raw('post', '/api/documents/upload');
  if (opts.documentType !== undefined) req.field('documentType', opts.documentType);
  // Insurance must carry an expiry date (issue 16): one far ahead unless the test says otherwise ('' sends none).
  const expirationDate =
    opts.expirationDate ?? (opts.documentType === 'insurance' ? '2099-06-30' : undefined);
  if (expirationDate !== undefined) req.field('expirationDate', expirationDate);
  if (opts.file !== null) {
    req.attach('file', opts.file ?? pdf(), {
      filename: opts.fileName ?? 'dot.pdf',
      contentType: opts.contentType ?? 'application/pdf',
    });
  }
  return req;
}

/** A fresh carrier, with its USDOT number unless told (issue 39: verification needs it). */
async function newCarrier({ roadNumbers = true } = {}) {
  const c = app.client();
  const user = await c.registerAndLogin({ userType: 'carrier', companyName: 'Road Runner LLC' });
  if (roadNumbers) await giveRoadNumbers(c, 'carrier');
  return { c, user };
}
async function admin() {
  const a = app.client();
  const user = await a.login('admin@test.local');
  return { a, user };
}

describe('upload (call 20)', () => {
  it('stores the file encrypted: 201 with the record, and no plaintext on disk', async () => {
    const { c, user } = await newCarrier();
    const res = await upload(c, {
      documentType: 'dot_authority',
      expirationDate: inDays(90),
      fileName: 'dot.pdf',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id,
      documentType: 'dot_authority',
      fileName: 'dot.pdf',
      mimeType: 'application/pdf',
      fileSize: pdf().length,
      status: 'pending',
      expirationDate: `${inDays(90)}T00:00:00.000Z`,
      reviewedAt: null,
      reviewedBy: null,
      rejectionReason: null,
      downloadUrl: `/api/documents/${res.body.id}/download`,
    });
    expect(res.body).not.toHaveProperty('_id');
    expect(res.body).not.toHaveProperty('storageKey');
    const stored = await DocumentModel.findById(res.body.id).lean();
    const file = storedFiles().find((f) => path.basename(f) === stored?.storageKey);
    expect(file).toBeTruthy();
    const onDisk = readFileSync(file!);
    expect(onDisk.includes(Buffer.from(MARKER))).toBe(false);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    for (const f of storedFiles()) expect(readFileSync(f).includes(Buffer.from(MARKER))).toBe(false);
  });

  it('judges the type by the first bytes: a PNG named .pdf is a PNG, a JPEG sent as text is a JPEG', async () => {
    const { c } = await newCarrier();
    const a = await upload(c, { documentType: 'insurance', file: png(), fileName: 'scan.pdf' });
    expect(a.status).toBe(201);
    expect(a.body.mimeType).toBe('image/png');
    const b = await upload(c, {
      documentType: 'equipment_cert',
      file: jpeg(),
      fileName: 'photo',
      contentType: 'text/plain',
    });
    expect(b.status).toBe(201);
    expect(b.body.mimeType).toBe('image/jpeg');
    expect((await upload(c, { documentType: 'dot_authority' })).body.expirationDate).toBeNull();
    // Insurance lapses on a date, and its expiry unverifies the carrier: it must carry one (issue 16).
    const noDate = await upload(c, { documentType: 'insurance', expirationDate: '' });
    expect(noDate.status).toBe(400);
    expect(noDate.body.message).toMatch(/Insurance documents need an expiration date/);
  });

  it('refuses an 11 MB file with 413 and leaves neither a file nor a record', async () => {
    const { c, user } = await newCarrier();
    const before = storedFiles().length;
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await upload(c, { documentType: 'dot_authority', file: big, fileName: 'big.pdf' });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await DocumentModel.countDocuments({ userId: user.id })).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts exactly 10 MB', async () => {
    const { c } = await newCarrier();
    const max = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 - 9, 0x20)]);
    const res = await upload(c, { documentType: 'dot_authority', file: max, fileName: 'max.pdf' });
    expect(res.status).toBe(201);
    expect(res.body.fileSize).toBe(10 * 1024 * 1024);
  });

  it('refuses an executable renamed .pdf with 415 and leaves neither a file nor a record', async () => {
    const { c, user } = await newCarrier();
    const before = storedFiles().length;
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
    const res = await upload(c, { documentType: 'dot_authority', file: elf, fileName: 'invoice.pdf' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only PDF, JPEG or PNG files are accepted',
    });
    const exe = await upload(c, {
      documentType: 'dot_authority',
      file: Buffer.from('MZ\x90\x00\x03'),
      fileName: 'a.pdf',
    });
    expect(exe.status).toBe(415);
    expect(await DocumentModel.countDocuments({ userId: user.id })).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  it.each([
    ['no file', { documentType: 'dot_authority', file: null }, 'file'],
    ['no documentType', {}, 'documentType'],
    ['an empty documentType', { documentType: '' }, 'documentType'],
    ["another user type's documentType", { documentType: 'business_license' }, 'documentType'],
    ['an unknown documentType', { documentType: 'passport' }, 'documentType'],
    [
      'an invalid expirationDate',
      { documentType: 'insurance', expirationDate: '2025-02-30' },
      'expirationDate',
    ],
    ['a garbage expirationDate', { documentType: 'insurance', expirationDate: 'soon' }, 'expirationDate'],
    ['a past expirationDate', { documentType: 'insurance', expirationDate: '2020-01-01' }, 'expirationDate'],
    ['an empty file', { documentType: 'insurance', file: Buffer.alloc(0) }, 'file'],
  ] as Array<[string, UploadOpts, string]>)(
    'refuses %s with 400 and stores nothing',
    async (_name, opts, field) => {
      const { c, user } = await newCarrier();
      const before = storedFiles().length;
      const res = await upload(c, opts);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(field);
      expect(await DocumentModel.countDocuments({ userId: user.id })).toBe(0);
      expect(storedFiles().length).toBe(before);
    },
  );

  it('refuses two files with 400', async () => {
    const { c, user } = await newCarrier();
    const res = await c
      .raw('post', '/api/documents/upload')
      .field('documentType', 'insurance')
      .attach('file', pdf(), 'a.pdf')
      .attach('file', pdf(), 'b.pdf');
    expect(res.status).toBe(400);
    expect(await DocumentModel.countDocuments({ userId: user.id })).toBe(0);
  });

  it('gives a user without a type 400, and a type with no documents 400', async () => {
    const { c, user } = await newCarrier();
    await UserModel.updateOne({ _id: user.id }, { $set: { userType: null } });
    const res = await upload(c, { documentType: 'dot_authority' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete your account setup first.');

    const customer = app.client();
    await customer.login('customer@test.local');
    const res2 = await upload(customer, { documentType: 'insurance' });
    expect(res2.status).toBe(400);
    expect(await DocumentModel.countDocuments({ userId: user.id })).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await upload(app.client(), { documentType: 'insurance' })).status).toBe(401);
  });

  it('keeps a non-ASCII file name and strips any path from it', async () => {
    const { c } = await newCarrier();
    const res = await upload(c, { documentType: 'insurance', fileName: 'Versicherung Ünfall ✓.pdf' });
    expect(res.status).toBe(201);
    expect(res.body.fileName).toBe('Versicherung Ünfall ✓.pdf');
    const res2 = await upload(c, { documentType: 'insurance', fileName: '..\\..\\etc\\evil.pdf' });
    expect(res2.body.fileName).toBe('evil.pdf');
  });
});

describe('list and download (calls 21, 22)', () => {
  it("lists the caller's own documents newest first, paginated", async () => {
    const { c } = await newCarrier();
    const other = await newCarrier();
    await upload(other.c, { documentType: 'insurance' });
    for (const t of ['dot_authority', 'insurance', 'equipment_cert']) {
      expect((await upload(c, { documentType: t })).status).toBe(201);
    }
    const res = await c.get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, total: 3 });
    expect(res.body.items.map((d: { documentType: string }) => d.documentType)).toEqual([
      'equipment_cert',
      'insurance',
      'dot_authority',
    ]);
    const page2 = await c.get('/api/documents?page=2&pageSize=2');
    expect(page2.body.items.map((d: { documentType: string }) => d.documentType)).toEqual(['dot_authority']);
    expect((await app.client().get('/api/documents')).status).toBe(401);
  });

  it('streams the decrypted file to its owner with its original name and type', async () => {
    const { c } = await newCarrier();
    const body = pdf('download me');
    const up = await upload(c, {
      documentType: 'insurance',
      file: body,
      fileName: 'Police Nº 5 "final".pdf',
    });
    const res = await c
      .raw('get', up.body.downloadUrl)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (d: Buffer) => chunks.push(d));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(body.length);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Police N_ 5 _final_.pdf"; filename*=UTF-8''Police%20N%C2%BA%205%20%22final%22.pdf`,
    );
    expect((res.body as Buffer).equals(body)).toBe(true);
  });

  it("answers another user's download with 404, and lets an admin download", async () => {
    const { c } = await newCarrier();
    const up = await upload(c, { documentType: 'insurance' });
    const other = await newCarrier();
    const denied = await other.c.get(up.body.downloadUrl);
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('NOT_FOUND');
    expect((await other.c.get('/api/documents/000000000000000000000000/download')).status).toBe(404);
    expect((await other.c.get('/api/documents/garbage/download')).status).toBe(404);
    expect((await app.client().get(up.body.downloadUrl)).status).toBe(401);
    const { a } = await admin();
    const ok = await a.get(up.body.downloadUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
  });

  it('encodes Content-Disposition per RFC 5987', () => {
    expect(contentDisposition('a.pdf')).toBe(`inline; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    expect(contentDisposition("l'été (1).png")).toBe(
      `inline; filename="l'_t_ (1).png"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29.png`,
    );
  });
});

describe('admin queue and review (calls 23, 24), verification (call 4), live events', () => {
  it('queues uploads live for admins, with the owner type and company; non-admins get 403', async () => {
    const { a } = await admin();
    const adminSocket = await a.socket();
    const { c, user } = await newCarrier();
    const changed = nextEvent(adminSocket, 'admin:queue-changed', (p) => p.added?.userId === user.id);
    const up = await upload(c, { documentType: 'dot_authority', expirationDate: inDays(200) });
    const event = await changed;
    expect(event).toMatchObject({ reason: 'uploaded', documentId: up.body.id });
    expect(event.added).toMatchObject({
      userType: 'carrier',
      userCompanyName: 'Road Runner LLC',
      fileName: 'dot.pdf',
    });

    const queue = await a.get('/api/admin/documents/pending?pageSize=100');
    expect(queue.status).toBe(200);
    expect(queue.body.total).toBe(event.pendingCount);
    const mine = queue.body.items.find((d: { id: string }) => d.id === up.body.id);
    expect(mine).toEqual({
      id: up.body.id,
      userId: user.id,
      userType: 'carrier',
      userCompanyName: 'Road Runner LLC',
      documentType: 'dot_authority',
      fileName: 'dot.pdf',
      mimeType: 'application/pdf',
      fileSize: pdf().length,
      uploadedAt: up.body.uploadedAt,
      expirationDate: `${inDays(200)}T00:00:00.000Z`,
      downloadUrl: up.body.downloadUrl,
    });
    expect((await c.get('/api/admin/documents/pending')).status).toBe(403);
    const shipper = app.client();
    await shipper.login('shipper@test.local');
    expect((await shipper.get('/api/admin/documents/pending')).status).toBe(403);
    expect((await app.client().get('/api/admin/documents/pending')).status).toBe(401);
    a.closeSockets();
  });

  it('approves: records reviewer and time, tells the owner and the admins live, notifies through the queue', async () => {
    const { a, user: adminUser } = await admin();
    const adminSocket = await a.socket();
    const { c, user } = await newCarrier();
    const ownerSocket = await c.socket();
    const up = await upload(c, { documentType: 'dot_authority' });

    const reviewed = nextEvent(ownerSocket, 'document:reviewed', (p) => p.document.id === up.body.id);
    const verification = nextEvent(ownerSocket, 'verification:changed');
    const queueChanged = nextEvent(
      adminSocket,
      'admin:queue-changed',
      (p) => p.documentId === up.body.id && p.reason === 'reviewed',
    );
    const res = await a.post(`/api/admin/documents/${up.body.id}/review`, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', reviewedBy: adminUser.id, rejectionReason: null });
    expect(Date.now() - new Date(res.body.reviewedAt).getTime()).toBeLessThan(60_000);
    expect((await reviewed).document.status).toBe('approved');
    expect(await verification).toMatchObject({
      userId: user.id,
      isVerified: false,
      requiredDocuments: ['dot_authority', 'insurance', 'equipment_cert'],
      approvedDocuments: ['dot_authority'],
    });
    await queueChanged;
    const queue = await a.get('/api/admin/documents/pending?pageSize=100');
    expect(queue.body.items.some((d: { id: string }) => d.id === up.body.id)).toBe(false);

    const note = await eventually(() =>
      NotificationModel.findOne({ userId: user.id, kind: 'document_reviewed' }).lean(),
    );
    expect(note).toMatchObject({
      title: 'DOT Authority approved',
      link: '/documents',
      dedupeKey: `doc-review:${up.body.id}`,
    });
    a.closeSockets();
    c.closeSockets();
  });

  it('rejects only with a non-empty reason (400 otherwise) and keeps the reason', async () => {
    const { a } = await admin();
    const { c } = await newCarrier();
    const up = await upload(c, { documentType: 'insurance' });
    for (const body of [{ status: 'rejected' }, { status: 'rejected', rejectionReason: '   ' }]) {
      const res = await a.post(`/api/admin/documents/${up.body.id}/review`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Please provide a rejection reason.');
    }
    expect((await a.post(`/api/admin/documents/${up.body.id}/review`, { status: 'maybe' })).status).toBe(400);
    expect((await a.post(`/api/admin/documents/${up.body.id}/review`, {})).status).toBe(400);
    expect((await DocumentModel.findById(up.body.id).lean())?.status).toBe('pending');
    const res = await a.post(`/api/admin/documents/${up.body.id}/review`, {
      status: 'rejected',
      rejectionReason: ' Blurry scan ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry scan' });
    const list = await c.get('/api/documents');
    expect(list.body.items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry scan' });
  });

  it('gives a non-admin 403 and an unknown document 404', async () => {
    const { c } = await newCarrier();
    const up = await upload(c, { documentType: 'insurance' });
    const res = await c.post(`/api/admin/documents/${up.body.id}/review`, { status: 'approved' });
    expect(res.status).toBe(403);
    expect((await DocumentModel.findById(up.body.id).lean())?.status).toBe('pending');
    const { a } = await admin();
    expect(
      (await a.post('/api/admin/documents/000000000000000000000000/review', { status: 'approved' })).status,
    ).toBe(404);
    expect((await a.post('/api/admin/documents/nope/review', { status: 'approved' })).status).toBe(404);
  });

  it('answers a second review of the same document with 409', async () => {
    const { a } = await admin();
    const { c } = await newCarrier();
    const up = await upload(c, { documentType: 'insurance' });
    expect((await a.post(`/api/admin/documents/${up.body.id}/review`, { status: 'approved' })).status).toBe(
      200,
    );
    const again = await a.post(`/api/admin/documents/${up.body.id}/review`, {
      status: 'rejected',
      rejectionReason: 'late',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect((await DocumentModel.findById(up.body.id).lean())?.status).toBe('approved');
  });

  it('lets exactly one of two admins reviewing the same document at once win', async () => {
    const { a: a1 } = await admin();
    const { a: a2 } = await admin();
    for (let i = 0; i < 5; i++) {
      const { c } = await newCarrier();
      const up = await upload(c, { documentType: 'insurance' });
      const results = await Promise.all([
        a1.post(`/api/admin/documents/${up.body.id}/review`, { status: 'approved' }),
        a2.post(`/api/admin/documents/${up.body.id}/review`, { status: 'rejected', rejectionReason: 'No' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      expect((await DocumentModel.findById(up.body.id).lean())?.status).toBe(winner.body.status);
    }
  });

  it('verifies a carrier once every required type is approved and its USDOT number is given; stores and pushes it', async () => {
    const { a } = await admin();
    const { c, user } = await newCarrier({ roadNumbers: false });
    const socket = await c.socket();
    const seen = collectEvents(socket, 'verification:changed');
    const initial = await c.get('/api/users/verification-status');
    expect(initial.body).toEqual({
      isVerified: false,
      requiredDocuments: ['dot_authority', 'insurance', 'equipment_cert'],
      submittedDocuments: [],
      approvedDocuments: [],
      missingNumbers: ['usdotNumber'],
    });
    const ids: string[] = [];
    for (const t of ['dot_authority', 'insurance', 'equipment_cert']) {
      ids.push((await upload(c, { documentType: t, expirationDate: inDays(365) })).body.id);
    }
    expect((await c.get('/api/users/verification-status')).body.submittedDocuments).toEqual([
      'dot_authority',
      'insurance',
      'equipment_cert',
    ]);
    // A rejected type is not submitted any more: it needs a new upload.
    await a.post(`/api/admin/documents/${ids[2]}/review`, {
      status: 'rejected',
      rejectionReason: 'Expired insurer',
    });
    await a.post(`/api/admin/documents/${ids[0]}/review`, { status: 'approved' });
    await a.post(`/api/admin/documents/${ids[1]}/review`, { status: 'approved' });
    expect((await c.get('/api/users/verification-status')).body).toEqual({
      isVerified: false,
      requiredDocuments: ['dot_authority', 'insurance', 'equipment_cert'],
      submittedDocuments: ['dot_authority', 'insurance'],
      approvedDocuments: ['dot_authority', 'insurance'],
      missingNumbers: ['usdotNumber'],
    });
    const again = (await upload(c, { documentType: 'equipment_cert' })).body.id;
    await a.post(`/api/admin/documents/${again}/review`, { status: 'approved' });
    // Every document approved, no USDOT number yet: not verified (issue 39).
    expect((await c.get('/api/users/verification-status')).body).toMatchObject({
      isVerified: false,
      approvedDocuments: ['dot_authority', 'insurance', 'equipment_cert'],
      missingNumbers: ['usdotNumber'],
    });
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(false);
    // The number completes it, pushed live; clearing it takes it back.
    const verified = nextEvent(socket, 'verification:changed', (p) => p.isVerified);
    const numbers = await c.put('/api/users/me/authority', { usdotNumber: 'USDOT 1234987', mcNumber: null });
    expect(numbers.status, numbers.text).toBe(200);
    expect(numbers.body.isVerified).toBe(true);
    expect(await verified).toMatchObject({ missingNumbers: [] });
    expect((await verified).approvedDocuments).toHaveLength(3);
    expect((await c.get('/api/users/verification-status')).body.isVerified).toBe(true);
    expect((await c.get('/api/auth/user')).body.isVerified).toBe(true);
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
    await eventually(async () => seen.length === 5);
    const cleared = await c.put('/api/users/me/authority', { usdotNumber: null, mcNumber: null });
    expect(cleared.body.isVerified).toBe(false);
    expect((await c.get('/api/users/verification-status')).body.missingNumbers).toEqual(['usdotNumber']);
    c.closeSockets();
  });

  it('counts a new upload of a type in place of an expired one', async () => {
    const { a } = await admin();
    const { c, user } = await newCarrier();
    const ids: string[] = [];
    for (const t of ['dot_authority', 'insurance', 'equipment_cert']) {
      const id = (await upload(c, { documentType: t, expirationDate: inDays(10) })).body.id;
      await a.post(`/api/admin/documents/${id}/review`, { status: 'approved' });
      ids.push(id);
    }
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
    await DocumentModel.updateOne({ _id: ids[1] }, { $set: { status: 'expired', expiredAt: new Date() } });
    expect((await c.get('/api/users/verification-status')).body.approvedDocuments).toEqual([
      'dot_authority',
      'equipment_cert',
    ]);
    const renewed = (await upload(c, { documentType: 'insurance', expirationDate: inDays(400) })).body.id;
    expect((await c.get('/api/users/verification-status')).body.submittedDocuments).toContain('insurance');
    await a.post(`/api/admin/documents/${renewed}/review`, { status: 'approved' });
    expect((await c.get('/api/users/verification-status')).body).toMatchObject({
      isVerified: true,
      approvedDocuments: ['dot_authority', 'insurance', 'equipment_cert'],
    });
    const list = (await c.get('/api/documents')).body.items.map((d: { status: string }) => d.status);
    expect(list.filter((s: string) => s === 'expired')).toHaveLength(1);
  });

  it('repairs at start a flag a crash left stale, found by the day of the change (older records backfilled once)', async () => {
    const { a } = await admin();
    const { c, user } = await newCarrier();
    const ids: string[] = [];
    for (const t of ['dot_authority', 'insurance', 'equipment_cert']) {
      const id = (await upload(c, { documentType: t, expirationDate: inDays(10) })).body.id;
      const reviewed = await a.post(`/api/admin/documents/${id}/review`, { status: 'approved' });
      expect(reviewed.status).toBe(200);
      ids.push(id);
    }
    expect(await DocumentModel.findById(ids[0]).lean()).toMatchObject({ reviewedDay: utcDay(new Date()) });
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
    // The expiry job wrote the document and crashed before recomputing its owner: the flag is stale.
    await DocumentModel.updateOne(
      { _id: ids[1] },
      { $set: { status: 'expired', expiredAt: new Date(), expiredDay: utcDay(new Date()) } },
    );
    expect(await repairVerification()).toBeGreaterThanOrEqual(1);
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(false);

    // A record from before the day fields: found once the one-time backfill has given it its day.
    await a.post(
      `/api/admin/documents/${(await upload(c, { documentType: 'insurance', expirationDate: inDays(300) })).body.id}/review`,
      {
        status: 'approved',
      },
    );
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(true);
    await DocumentModel.updateOne({ _id: ids[2] }, { $set: { status: 'expired', expiredAt: new Date() } });
    await DocumentModel.updateMany(
      { userId: new Types.ObjectId(user.id) },
      { $unset: { reviewedDay: 1, expiredDay: 1 } },
    );
    expect(await repairVerification()).toBe(0); // nothing names the day yet
    await MaintenanceMarkModel.deleteOne({ _id: 'document-days-v1' });
    await backfillDocumentDays();
    expect(await DocumentModel.findById(ids[2]).lean()).toMatchObject({ expiredDay: utcDay(new Date()) });
    expect(await repairVerification()).toBeGreaterThanOrEqual(1);
    expect((await UserModel.findById(user.id).lean())?.isVerified).toBe(false);
  });

  it('keeps the stored flag for user types that need no documents', async () => {
    const customer = app.client();
    await customer.login('customer@test.local');
    expect((await customer.get('/api/users/verification-status')).body).toEqual({
      isVerified: false,
      requiredDocuments: [],
      submittedDocuments: [],
      approvedDocuments: [],
      missingNumbers: [],
    });
    const { a } = await admin();
    expect((await a.get('/api/users/verification-status')).body).toMatchObject({
      isVerified: true,
      requiredDocuments: [],
    });
    expect((await app.client().get('/api/users/verification-status')).status).toBe(401);
  });
});
