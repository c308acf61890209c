import { QUEUES, type LoadDocumentDto, type PostLoadInput } from '@freight/shared';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { getDocumentProxy, extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPng } from '@test/fixtures/images';
import { eventually, nextEvent, startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { filesRoot } from '../../infra/storage';
import { getQueue } from '../../queues';
import { FreightModel } from '../freight/model';
import { postLoad } from '../freight/testUtils';
import { UserModel } from '../users/model';
import { signedDelivery } from '../tracking/testing';
import { LoadDocumentModel } from './model';
import { loadDocumentJobId } from './queue';
import { formatDateTime } from './render';

let app: TestApp;
let shipper: TestClient;
let broker: TestClient;
let carrier: TestClient;
let admin: TestClient;
let stranger: TestClient;
let signedOut: TestClient;
const mc = { shipper: '', broker: '', carrier: '' };
const dot = { shipper: '', broker: '', carrier: '' };

beforeAll(async () => {
  app = await startTestApp({ workers: true });
  const signIn = async (email: string) => {
    const c = app.client();
    await c.login(email);
    return c;
  };
  [shipper, broker, carrier, admin] = await Promise.all(
    ['shipper', 'broker', 'carrier', 'admin'].map((r) => signIn(`${r}@test.local`)),
  );
  for (const role of ['shipper', 'broker', 'carrier'] as const) {
    mc[role] = String(randomInt(100_000, 999_999));
    dot[role] = String(randomInt(1_000_000, 9_999_999));
    await UserModel.updateOne(
      { email: `${role}@test.local` },
      { $set: { mcNumber: mc[role], usdotNumber: dot[role] } },
    );
  }
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
  signedOut = app.client();
});
afterAll(async () => {
  await app?.close();
});

const listPath = (id: string) => `/api/freight/${id}/documents`;
const rateConPath = (id: string) => `/api/freight/${id}/documents/rate-confirmation.pdf`;
const podPath = (id: string) => `/api/freight/${id}/documents/proof-of-delivery.pdf`;

/** Downloads a document as raw bytes. */
async function download(c: TestClient, p: string) {
  return c
    .raw('get', p)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * How many images the PDF holds: its image objects, whose dictionaries PDF keeps uncompressed (pdf.js's operator
 * list needs Node 22's ArrayBuffer API for images, so the bytes are read here).
 */
const imageCount = (bytes: Buffer) => bytes.toString('latin1').match(/\/Subtype\s*\/Image\b/g)?.length ?? 0;

async function readyDocument(c: TestClient, id: string, kind: string): Promise<LoadDocumentDto> {
  return eventually(async () => {
    const res = await c.get(listPath(id));
    return (res.body.items as LoadDocumentDto[] | undefined)?.find((d) => d.kind === kind && d.ready);
  }, 20_000);
}

/** A shipper's load (Chicago → Dallas, $2,400 over 1,000 miles) booked to the carrier by approving its request. */
async function approvedLoad(more: Partial<PostLoadInput> = {}): Promise<string> {
  const load = await postLoad(shipper, {
    ...more,
    title: 'Steel coils',
    rate: 2400,
    distance: 1000,
    commodity: 'Steel coils',
    weight: 42000,
    pickupDate: '2030-03-01',
    pickupTimeStart: '08:00',
    pickupTimeEnd: '12:00',
    deliveryDate: '2030-03-03',
  });
  const asked = await carrier.post(`/api/freight/${load.id}/book`, { message: 'Ready' });
  expect(asked.status).toBe(201);
  const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
    status: 'approved',
  });
  expect(approved.status).toBe(200);
  return load.id;
}

describe('rate confirmation', () => {
  let loadId: string;

  it('numbers every stop when the load has stops in between, each with its place, date and details (issue 39)', async () => {
    const id = await approvedLoad({
      extraStops: [
        { kind: 'pickup', city: 'Joliet', state: 'IL', date: '2030-03-01', facilityName: 'Joliet Yard' },
        { kind: 'delivery', city: 'Tulsa', state: 'OK', zip: '74103', poNumber: 'PO-7788' },
      ],
    });
    await readyDocument(carrier, id, 'rate_confirmation');
    const text = await pdfText((await download(carrier, rateConPath(id))).body as Buffer);
    expect(text).toContain('STOP 2 OF 4: PICKUP'); // section titles print in capitals
    expect(text).toContain('Joliet Yard');
    expect(text).toContain('Joliet, IL');
    expect(text).toContain('STOP 3 OF 4: DELIVERY');
    expect(text).toContain('Tulsa, OK 74103');
    expect(text).toContain('PO# PO-7788');
    expect(text).toContain('To be arranged');
    expect(text.indexOf('STOP 2 OF 4')).toBeLessThan(text.indexOf('STOP 3 OF 4'));
  });

  it("prints the load's own detention, layover and TONU terms (issue 41), not fixed ones", async () => {
    const id = await approvedLoad({
      accessorialTerms: { freeTimeMinutes: 90, detentionPerHour: 95, layoverPerNight: 350, tonuBase: 225 },
    });
    await readyDocument(carrier, id, 'rate_confirmation');
    const text = await pdfText((await download(carrier, rateConPath(id))).body as Buffer);
    expect(text).toContain('DETENTION, LAYOVER AND TONU');
    expect(text).toContain('1 h 30 min at each stop');
    expect(text).toContain('$95.00 per hour after the free time, billed in 15-minute steps');
    expect(text).toContain('$350.00 per night');
    expect(text).toContain('$225.00 plus $2.00 per mile of deadhead to the pickup');
    expect(text).toContain('Detention: 1 h 30 min free at each stop');
    expect(text).not.toContain('all-inclusive');
    expect(text).not.toContain('$50.00 per hour');
  });

  it('is made when a booking is approved, for the shipper and the carrier to download', async () => {
    loadId = await approvedLoad();
    const listed = await readyDocument(shipper, loadId, 'rate_confirmation');
    expect(listed).toMatchObject({
      title: 'Rate Confirmation',
      rate: 2400,
      version: 1,
      url: rateConPath(loadId),
    });
    const ref = loadId.slice(-6).toUpperCase();
    for (const c of [shipper, carrier]) {
      const res = await download(c, rateConPath(loadId));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(
        `attachment; filename="rate-confirmation-${ref}.pdf"`,
      );
      const bytes = res.body as Buffer;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBe(listed.size);
      const text = await pdfText(bytes);
      expect(text).toContain('Rate Confirmation');
      expect(text).toContain(`#${ref}`);
      expect(text).toContain('$2,400.00');
      expect(text).toContain('$2.40 per mile');
      expect(text).toContain('Chicago, IL');
      expect(text).toContain('Dallas, TX');
      expect(text).toContain('Mar 1, 2030, 08:00 - 12:00');
      expect(text).toContain('Mar 3, 2030');
      expect(text).toContain('Test Shipper Inc');
      expect(text).toContain('Test Carrier LLC');
      for (const role of ['shipper', 'carrier'] as const) {
        expect(text).toContain(`MC ${mc[role]}`);
        expect(text).toContain(`USDOT ${dot[role]}`);
      }
      expect(text).toMatch(/Payment: net 30 days/);
    }
    expect((await download(admin, rateConPath(loadId))).status).toBe(200);
  });

  it('is stored encrypted: the file on disk is no PDF', async () => {
    const doc = await LoadDocumentModel.findOne({
      freightListingId: loadId,
      kind: 'rate_confirmation',
    }).lean();
    const key = doc!.storageKey;
    const disk = readFileSync(path.join(filesRoot(app.config.DATA_DIR), key.slice(0, 2), key));
    expect(disk.subarray(0, 6).toString('latin1')).toBe('FMENC1');
    expect(disk.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(disk.includes(Buffer.from('Rate Confirmation'))).toBe(false);
  });

  it('is 404 to anyone else, signed in or not, and before the load is booked', async () => {
    for (const c of [stranger, signedOut]) {
      expect((await c.get(listPath(loadId))).status).toBe(404);
      expect((await download(c, rateConPath(loadId))).status).toBe(404);
      expect((await download(c, podPath(loadId))).status).toBe(404);
    }
    const open = await postLoad(shipper);
    expect((await shipper.get(listPath(open.id))).body).toEqual({ items: [], total: 0 });
    expect((await download(shipper, rateConPath(open.id))).status).toBe(404);
    expect((await download(shipper, podPath(loadId))).status).toBe(404); // booked, not delivered
    expect((await download(shipper, rateConPath('not-an-id'))).status).toBe(404);
  });

  it('carries the accepted offer when a broker accepts a rate offer', async () => {
    const load = await postLoad(broker, { rate: 2000, distance: 800 });
    const offered = await carrier.post(`/api/freight/${load.id}/negotiate`, { proposedRate: 1850.25 });
    expect(offered.status).toBe(201);
    const n = offered.body.negotiation;
    expect((await broker.post(`/api/negotiations/${n.id}/accept`, { version: n.version })).status).toBe(200);
    const listed = await readyDocument(carrier, load.id, 'rate_confirmation');
    expect(listed.rate).toBe(1850.25);
    for (const c of [broker, carrier]) {
      const res = await download(c, rateConPath(load.id));
      expect(res.status).toBe(200);
      const text = await pdfText(res.body as Buffer);
      expect(text).toContain('$1,850.25');
      expect(text).not.toContain('$2,000.00');
      expect(text).toContain('Broker');
      expect(text).toContain(`MC ${mc.broker}`);
      expect(text).toContain(`USDOT ${dot.carrier}`);
    }
  });

  it('is made by the download when a crash lost both the record and the job', async () => {
    const id = await approvedLoad();
    await readyDocument(shipper, id, 'rate_confirmation');
    await LoadDocumentModel.deleteMany({ freightListingId: id });
    await getQueue(QUEUES.loadDocuments).remove(loadDocumentJobId(id, 'rate_confirmation'));
    const listed = (await shipper.get(listPath(id))).body.items as LoadDocumentDto[];
    expect(listed).toMatchObject([{ kind: 'rate_confirmation', ready: false }]);
    const res = await download(carrier, rateConPath(id));
    expect(res.status).toBe(200);
    expect(await pdfText(res.body as Buffer)).toContain('$2,400.00');
    expect(await LoadDocumentModel.countDocuments({ freightListingId: id })).toBe(1);
  });

  it('is made again, as version 2, when its stored file is lost', async () => {
    const id = await approvedLoad();
    await readyDocument(shipper, id, 'rate_confirmation');
    const before = (await LoadDocumentModel.findOne({ freightListingId: id }).lean())!;
    await rm(path.join(filesRoot(app.config.DATA_DIR), before.storageKey.slice(0, 2), before.storageKey));
    const answers = await Promise.all([shipper, carrier].map((c) => download(c, rateConPath(id))));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await pdfText(answers[0].body as Buffer)).toContain('Version 2');
    const after = (await LoadDocumentModel.findOne({ freightListingId: id }).lean())!;
    expect(after).toMatchObject({ version: 2, size: (answers[1].body as Buffer).length });
    expect(after.storageKey).not.toBe(before.storageKey);
  });

  it('concurrent downloads of a missing document make exactly one', async () => {
    const id = await approvedLoad();
    await readyDocument(shipper, id, 'rate_confirmation');
    await LoadDocumentModel.deleteMany({ freightListingId: id });
    await getQueue(QUEUES.loadDocuments).remove(loadDocumentJobId(id, 'rate_confirmation'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => download(i % 2 ? shipper : carrier, rateConPath(id))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const sizes = new Set(answers.map((r) => (r.body as Buffer).length));
    expect(sizes.size).toBe(1);
    expect(await LoadDocumentModel.countDocuments({ freightListingId: id, kind: 'rate_confirmation' })).toBe(
      1,
    );
  });
});

describe('proof of delivery', () => {
  it('is made at delivery from the receipt, the delivery photos and time, pushed to the load room', async () => {
    const id = await approvedLoad();
    const socket = await shipper.socket();
    await new Promise<void>((resolve, reject) =>
      socket.emit('freight:join', { freightId: id }, (ack) =>
        ack.ok ? resolve() : reject(new Error('join')),
      ),
    );
    expect((await carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' })).status).toBe(200);
    const photo = await carrier
      .raw('post', `/api/freight/${id}/photos`)
      .field('photoType', 'delivery')
      .field('description', 'Signed for by the dock')
      .attach('photo', realPng(), { filename: 'dock.png', contentType: 'image/png' });
    expect(photo.status).toBe(201);
    await carrier.post(`/api/freight/${id}/location`, { latitude: 32.8, longitude: -96.85 });
    const pushed = nextEvent(
      socket,
      'freight:document',
      (p) => p.freightId === id && p.document.kind === 'proof_of_delivery',
      20_000,
    );
    expect(
      (
        await carrier.post(
          `/api/freight/${id}/status`,
          signedDelivery({ exception: 'shortage', exceptionNote: 'Two cartons short' }),
        )
      ).status,
    ).toBe(200);
    const event = await pushed;
    expect(event.document).toMatchObject({ ready: true, title: 'Proof of Delivery', url: podPath(id) });
    shipper.closeSockets();

    const deliveredAt = (await FreightModel.findById(id).lean())!.deliveredAt!;
    expect(deliveredAt).toBeInstanceOf(Date);
    for (const c of [shipper, carrier]) {
      const res = await download(c, podPath(id));
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(
        `filename="proof-of-delivery-${id.slice(-6).toUpperCase()}.pdf"`,
      );
      const bytes = res.body as Buffer;
      const text = await pdfText(bytes);
      expect(text).toContain('Proof of Delivery');
      expect(text).toContain(formatDateTime(deliveredAt));
      expect(text).toContain('Signed for by the dock');
      expect(text).toContain('32.80000, -96.85000');
      expect(text).toContain('DELIVERY PHOTOS (1)');
      // The receiver's receipt (issue 39): name, time signed, the exception, and the signature drawn as an image.
      expect(text).toContain('RECEIVED BY');
      expect(text).toContain('Dana Cole');
      expect(text).toContain('Shortage');
      expect(text).toContain('Two cartons short');
      expect(imageCount(bytes)).toBeGreaterThanOrEqual(2);
    }
    const list = (await carrier.get(listPath(id))).body.items as LoadDocumentDto[];
    expect(list.map((d) => [d.kind, d.ready])).toEqual([
      ['rate_confirmation', true],
      ['proof_of_delivery', true],
    ]);
    expect((await download(stranger, podPath(id))).status).toBe(404);
  });
});
