import { CHAT_MESSAGE_MAX_LENGTH, CHAT_NOT_AVAILABLE_MESSAGE, MAX_UPLOAD_BYTES } from '@freight/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { FreightModel } from '../freight/model';
import { openChatRoom } from './chat/rooms';
import {
  ChatMessageModel,
  ChatRoomModel,
  FreightPhotoModel,
  LoadPositionModel,
  LocationPointModel,
} from './model';
import { BLANK_SIGNATURE_DATA_URL, PNG_BYTES, seedLoad, signedDelivery } from './testing';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let admin: TestClient;
let stranger: TestClient;
let shipperId: string;
let carrierId: string;

beforeAll(async () => {
  app = await startTestApp();
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  admin = app.client();
  await admin.login('admin@test.local');
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
});
afterAll(async () => {
  await app?.close();
});

const booked = (extra: Partial<Parameters<typeof seedLoad>[0]> = {}) =>
  seedLoad({ posterId: shipperId, carrierId, ...extra });

function uploadPhoto(c: TestClient, freightId: string, fields: Record<string, string>, bytes = PNG_BYTES) {
  const req = c.raw('post', `/api/freight/${freightId}/photos`);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('photo', bytes, { filename: 'photo.jpg', contentType: 'image/jpeg' });
}

describe('who sees a load', () => {
  it('answers the tracking detail (SPEC §3 shape) to the poster, the booked carrier and admins', async () => {
    const id = await booked();
    for (const c of [shipper, carrier, admin]) {
      const res = await c.get(`/api/freight/${id}/tracking`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        status: 'booked',
        isUrgent: true,
        price: 2850.5,
        distance: 925,
        cargoType: 'Steel coils',
        pickupCity: 'Chicago',
        pickupState: 'IL',
        deliveryCity: 'Dallas',
        deliveryState: 'TX',
        pickupDate: '2030-03-01T14:00:00.000Z',
        deliveryDate: '2030-03-03T14:00:00.000Z',
        lastLocationUpdate: null,
        posterId: shipperId,
        carrierId,
        chatAvailable: true,
      });
      expect(res.body).not.toHaveProperty('_id');
    }
  });

  it('carries what each viewer may do, from the policies and the status machine (issue 26)', async () => {
    const id = await booked();
    const actions = async (c: TestClient) => (await c.get(`/api/freight/${id}/tracking`)).body.viewerActions;
    expect(await actions(carrier)).toEqual({
      updateLocation: true,
      reportStops: true,
      startTrip: true,
      write: true,
      assign: true, // a truck and driver (issue 29)
      viewDocuments: true, // the rate confirmation (the assigned driver's page has no papers: trips.test.ts)
      pinDock: true, // a stop's dock on the map (issue 39)
    });
    expect(await actions(shipper)).toEqual({ cancel: true, write: true, viewDocuments: true });
    expect(await actions(admin)).toEqual({ viewDocuments: true }); // reads only
    const moved = await carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' });
    expect(moved.body.viewerActions).toEqual({
      updateLocation: true,
      reportStops: true,
      markDelivered: true,
      write: true,
      assign: true, // reassigned until delivery
      viewDocuments: true,
      pinDock: true,
    });
    expect(await actions(shipper)).toEqual({ write: true, viewDocuments: true });
  });

  it("refuses every tracking read and write of someone else's load with 404", async () => {
    const id = await booked();
    const photo = await uploadPhoto(shipper, id, { photoType: 'pickup' });
    expect(photo.status).toBe(201);
    const reads = [
      `/api/freight/${id}/tracking`,
      `/api/freight/${id}/location`,
      `/api/freight/${id}/location/history`,
      `/api/freight/${id}/photos`,
      photo.body.photoUrl,
      `/api/freight/${id}/chat`,
    ];
    for (const path of reads) {
      const res = await stranger.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe('Freight not found');
    }
    const writes: Array<[string, object]> = [
      [`/api/freight/${id}/location`, { latitude: 41.1, longitude: -87.6 }],
      [`/api/freight/${id}/chat/message`, { message: 'hello' }],
      [`/api/freight/${id}/chat/read`, {}],
      [`/api/freight/${id}/status`, { status: 'cancelled' }],
    ];
    for (const [path, body] of writes) {
      const res = await stranger.post(path, body);
      expect(res.status, path).toBe(404);
    }
    expect((await uploadPhoto(stranger, id, { photoType: 'damage' })).status).toBe(404);
    expect(await FreightPhotoModel.countDocuments({ freightListingId: id })).toBe(1);
    expect(await ChatMessageModel.countDocuments({ freightListingId: id })).toBe(0);
    expect((await FreightModel.findById(id).lean())?.status).toBe('booked');
  });

  it('answers 404 for an unknown or malformed id and 401 when signed out', async () => {
    expect((await shipper.get('/api/freight/000000000000000000000000/tracking')).status).toBe(404);
    expect((await shipper.get('/api/freight/not-an-id/location')).status).toBe(404);
    const id = await booked();
    expect((await app.client().get(`/api/freight/${id}/tracking`)).status).toBe(401);
  });

  it('lists the loads the user takes part in, paginated, with unread counts', async () => {
    const c = app.client();
    const me = (await c.registerAndLogin({ userType: 'carrier' })).id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await seedLoad({ posterId: shipperId, carrierId: me, title: `Mine ${i}` }));
    await seedLoad({ posterId: shipperId, carrierId }); // someone else's
    await seedLoad({ posterId: me }); // posted by nobody relevant, never booked: nothing to track
    const first = await c.get('/api/tracking/loads?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.items).toHaveLength(2);
    const second = await c.get('/api/tracking/loads?page=2&pageSize=2');
    const seen = [...first.body.items, ...second.body.items].map((l: { id: string }) => l.id);
    expect(seen.sort()).toEqual([...ids].sort());

    await shipper.post(`/api/freight/${ids[0]}/chat/message`, { message: 'one' });
    await shipper.post(`/api/freight/${ids[0]}/chat/message`, { message: 'two' });
    const all = await c.get('/api/tracking/loads?pageSize=10');
    const row = all.body.items.find((l: { id: string }) => l.id === ids[0]);
    expect(row.unreadCount).toBe(2);
  });
});

describe('location (calls 14, 15)', () => {
  it('stores the point to 7 decimals and keeps a trail; a position leaves the status alone', async () => {
    const id = await booked();
    const res = await carrier.post(`/api/freight/${id}/location`, {
      latitude: 41.878113456789,
      longitude: -87.629799,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lat: 41.8781135, lng: -87.629799 });
    expect(res.body.lastLocationUpdate).toEqual(expect.any(String));
    // The position has a record of its own: a ping never rewrites the load, nor starts the trip (Loaded does).
    const stored = await FreightModel.findById(id).lean();
    expect(stored).toMatchObject({ currentLat: null, currentLng: null, status: 'booked' });
    const position = await LoadPositionModel.findById(id).lean();
    expect(position).toMatchObject({ lat: 41.8781135, lng: -87.629799 });
    expect(position?.at).toBeInstanceOf(Date);
    const detail = await shipper.get(`/api/freight/${id}/tracking`);
    expect(detail.body).toMatchObject({ currentLat: 41.8781135, currentLng: -87.629799 });
    // A booked load is not public at all (issue 25): signed out it is 404; the listing its participants read
    // carries no live position either (only the tracking calls do).
    expect((await app.client().get(`/api/freight/${id}`)).status).toBe(404);
    const listing = await shipper.get(`/api/freight/${id}`);
    expect(listing.status).toBe(200);
    for (const field of ['currentLat', 'currentLng', 'lastLocationUpdate'])
      expect(listing.body).not.toHaveProperty(field);

    await carrier.post(`/api/freight/${id}/location`, { latitude: 40, longitude: -90 });
    await carrier.post(`/api/freight/${id}/location`, { latitude: 35.5, longitude: -95.25 });
    const read = await shipper.get(`/api/freight/${id}/location`);
    expect(read.body).toMatchObject({ lat: 35.5, lng: -95.25 });

    const page1 = await shipper.get(`/api/freight/${id}/location/history?pageSize=2`);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page1.body.items.map((p: { lat: number }) => p.lat)).toEqual([35.5, 40]);
    const page2 = await shipper.get(`/api/freight/${id}/location/history?pageSize=2&page=2`);
    expect(page2.body.items.map((p: { lat: number }) => p.lat)).toEqual([41.8781135]);
  });

  it("refuses the shipper's and an admin's update (only the booked carrier reports the location)", async () => {
    const id = await booked();
    const res = await shipper.post(`/api/freight/${id}/location`, { latitude: 41, longitude: -87 });
    expect(res.status).toBe(403);
    expect((await admin.post(`/api/freight/${id}/location`, { latitude: 41, longitude: -87 })).status).toBe(
      403,
    );
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(0);
    expect((await FreightModel.findById(id).lean())?.currentLat).toBeNull();
  });

  it.each([
    ['latitude above 90', { latitude: 90.0001, longitude: 0 }],
    ['latitude below -90', { latitude: -91, longitude: 0 }],
    ['longitude above 180', { latitude: 0, longitude: 180.5 }],
    ['longitude below -180', { latitude: 0, longitude: -181 }],
    ['numeric strings', { latitude: '41.1', longitude: '-87.6' }],
    ['a missing longitude', { latitude: 41 }],
    ['no body', undefined],
  ])('refuses %s with 400', async (_name, body) => {
    const id = await booked();
    const res = await carrier.post(`/api/freight/${id}/location`, body as object | undefined);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(0);
  });

  it('accepts the bounds themselves', async () => {
    const id = await booked();
    expect(
      (await carrier.post(`/api/freight/${id}/location`, { latitude: 90, longitude: -180 })).status,
    ).toBe(200);
    expect(
      (await carrier.post(`/api/freight/${id}/location`, { latitude: -90, longitude: 180 })).status,
    ).toBe(200);
  });

  it.each(['delivered', 'cancelled'] as const)('refuses an update while %s with 409', async (status) => {
    const id = await booked({ status });
    const res = await carrier.post(`/api/freight/${id}/location`, { latitude: 41, longitude: -87 });
    expect(res.status).toBe(409);
    // The code a sharing device stops on (it never reads the message).
    expect(res.body.code).toBe('LOCATION_NOT_UPDATABLE');
    expect(await LocationPointModel.countDocuments({ freightListingId: id })).toBe(0);
  });
});

describe('status (POST /api/freight/:id/status)', () => {
  it('booked → in_transit → delivered by the carrier with the receiver’s name and signature (issue 39)', async () => {
    const id = await booked();
    const start = await carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' });
    expect(start.status).toBe(200);
    expect(start.body.status).toBe('in_transit');
    expect(start.body.deliveryProof).toBeNull();

    // At the delivery place (Dallas, TX): a few miles from its centre. A delivery photo is optional.
    await carrier.post(`/api/freight/${id}/location`, { latitude: 32.8, longitude: -96.85 });
    const done = await carrier.post(`/api/freight/${id}/status`, signedDelivery());
    expect(done.status, done.text).toBe(200);
    expect(done.body.deliveryNote).toBeNull();
    expect(done.body.deliveryProof).toMatchObject({
      receiverName: 'Dana Cole',
      exception: 'none',
      exceptionNote: null,
      signedAt: expect.any(String),
      signatureUrl: `/api/freight/${id}/delivery/signature`,
    });
    expect((await FreightModel.findById(id).lean())?.status).toBe('delivered');
    // The poster reads the receipt and the signature image; a stranger is told the load does not exist.
    const seen = await shipper.get(`/api/freight/${id}/tracking`);
    expect(seen.body.deliveryProof.receiverName).toBe('Dana Cole');
    const image = await shipper.raw('get', done.body.deliveryProof.signatureUrl).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(60);
    expect((await stranger.get(done.body.deliveryProof.signatureUrl)).status).toBe(404);
    // One fact for the delivery, with the receipt in it.
    const facts = await DomainEventModel.find({ loadId: id, name: 'load.moved' }).lean();
    const delivered = facts.filter((f) => (f.data as { status: string }).status === 'delivered');
    expect(delivered).toHaveLength(1);
    expect((delivered[0].data as { delivery: unknown }).delivery).toMatchObject({
      receiverName: 'Dana Cole',
      exception: 'none',
    });
  });

  it.each([
    ['no signature', { signature: undefined }, /^signature: The receiver must sign/],
    ['an empty signature', { signature: '' }, /^signature: The receiver must sign/],
    ['a blank canvas', { signature: BLANK_SIGNATURE_DATA_URL }, /^signature: the signature is empty/],
    [
      'a signature that is not a PNG',
      { signature: 'data:image/png;base64,aGVsbG8=' },
      /^signature: the image must be a PNG/,
    ],
    [
      'a signature that is not a data URL',
      { signature: 'https://example.com/sig.png' },
      /^signature: A PNG image/,
    ],
    ['a signature too large', { signature: `data:image/png;base64,${'A'.repeat(200_000)}` }, /too large/],
    ['no receiver name', { receiverName: undefined }, /^receiverName: The receiver’s name is required/],
    ['an exception without its note', { exception: 'damage' }, /^exceptionNote: Say what/],
    ['an unknown exception', { exception: 'lost', exceptionNote: 'gone' }, /^exception: exception must be/],
  ])('refuses a delivery with %s with 400 and changes nothing', async (_name, extra, message) => {
    const id = await booked({ status: 'in_transit' });
    await carrier.post(`/api/freight/${id}/location`, { latitude: 32.8, longitude: -96.85 });
    const before = await FreightModel.findById(id).lean();
    const res = await carrier.post(`/api/freight/${id}/status`, signedDelivery(extra));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(message);
    const after = await FreightModel.findById(id).lean();
    expect(after).toMatchObject({ status: 'in_transit', deliveryProof: null, deliveredAt: null });
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(await DomainEventModel.countDocuments({ loadId: id, name: 'load.moved' })).toBe(0);
  });

  it('marks delivered only once arrived (within 10 miles, or checked in at delivery), or with a reason the shipper then sees (issue 16)', async () => {
    const id = await booked({ status: 'in_transit' });
    const unknown = await carrier.post(`/api/freight/${id}/status`, signedDelivery());
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toMatch(/^No location has been shared for this load/);
    // 250 miles away, in Oklahoma City.
    await carrier.post(`/api/freight/${id}/location`, { latitude: 35.4676, longitude: -97.5164 });
    const far = await carrier.post(`/api/freight/${id}/status`, signedDelivery());
    expect(far.status).toBe(409);
    expect(far.body.message).toMatch(
      /^Your last location is 1\d\d miles from the delivery place \(Dallas, TX\)/,
    );
    expect(far.body.details).toEqual([{ code: 'DELIVERY_AWAY', milesAway: expect.any(Number) }]);
    expect((await FreightModel.findById(id).lean())?.status).toBe('in_transit');
    expect(
      (await carrier.post(`/api/freight/${id}/status`, signedDelivery({ deliveryNote: 'x' }))).status,
    ).toBe(400);

    const reason = 'Receiver moved the delivery to their Oklahoma City yard';
    const done = await carrier.post(
      `/api/freight/${id}/status`,
      signedDelivery({ deliveryNote: reason, exception: 'damage', exceptionNote: 'One pallet crushed' }),
    );
    expect(done.status).toBe(200);
    expect((await shipper.get(`/api/freight/${id}/tracking`)).body).toMatchObject({
      status: 'delivered',
      deliveryNote: reason,
      deliveryProof: { receiverName: 'Dana Cole', exception: 'damage', exceptionNote: 'One pallet crushed' },
    });

    // Checked in with Arrived at delivery: that is arrival too, wherever the last position was.
    const checkedIn = await booked({ status: 'in_transit' });
    await carrier.post(`/api/freight/${checkedIn}/location`, { latitude: 35.4676, longitude: -97.5164 });
    for (const kind of ['arrived_pickup', 'loaded', 'arrived_delivery']) {
      const stop = await carrier.post(`/api/freight/${checkedIn}/stops`, { kind });
      expect(stop.status, stop.text).toBe(201);
    }
    expect((await carrier.post(`/api/freight/${checkedIn}/status`, signedDelivery())).status).toBe(200);
  });

  it('refuses an illegal change with 409 and leaves the status alone', async () => {
    const id = await booked();
    await uploadPhoto(carrier, id, { photoType: 'delivery' });
    const skip = await carrier.post(`/api/freight/${id}/status`, signedDelivery()); // booked → delivered
    expect(skip.status).toBe(409);
    expect((await FreightModel.findById(id).lean())?.status).toBe('booked');

    const done = await booked({ status: 'delivered' });
    expect((await shipper.post(`/api/freight/${done}/status`, { status: 'cancelled' })).status).toBe(409);
    const again = await booked({ status: 'in_transit' });
    expect((await carrier.post(`/api/freight/${again}/status`, { status: 'in_transit' })).status).toBe(409);
    expect((await shipper.post(`/api/freight/${again}/status`, { status: 'cancelled' })).status).toBe(409);
  });

  it('lets only the poster cancel, and only the carrier advance', async () => {
    const id = await booked();
    expect((await carrier.post(`/api/freight/${id}/status`, { status: 'cancelled' })).status).toBe(403);
    expect((await shipper.post(`/api/freight/${id}/status`, { status: 'in_transit' })).status).toBe(403);
    const cancel = await shipper.post(`/api/freight/${id}/status`, { status: 'cancelled' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');

    const open = await seedLoad({ posterId: shipperId });
    expect((await shipper.post(`/api/freight/${open}/status`, { status: 'cancelled' })).status).toBe(200);
  });

  it('refuses an unknown target status with 400', async () => {
    const id = await booked();
    expect((await carrier.post(`/api/freight/${id}/status`, { status: 'booked' })).status).toBe(400);
    expect((await carrier.post(`/api/freight/${id}/status`, { status: 'flying' })).status).toBe(400);
  });

  it('of two racing changes exactly one wins', async () => {
    const id = await booked();
    const [a, b] = await Promise.all([
      carrier.post(`/api/freight/${id}/status`, { status: 'in_transit' }),
      shipper.post(`/api/freight/${id}/status`, { status: 'cancelled' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe('photos (calls 16, 17)', () => {
  it('stores an image with its type, description and coordinates, and serves it to participants only', async () => {
    const id = await booked();
    const res = await uploadPhoto(carrier, id, {
      photoType: 'pickup',
      description: 'Loaded and strapped',
      latitude: '41.1234567891',
      longitude: '-87.5',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      freightListingId: id,
      userId: carrierId,
      photoType: 'pickup',
      description: 'Loaded and strapped',
      latitude: 41.1234568,
      longitude: -87.5,
      user: { firstName: 'Test', lastName: 'User' },
    });
    expect(res.body.photoUrl).toBe(`/api/freight/${id}/photos/${res.body.id}/file`);
    // One fact of the photo, with its snapshot (issue 26).
    const facts = await DomainEventModel.find({ name: 'photo.added', loadId: id }).lean();
    expect(facts.map((f) => [f.subjects?.photoId, f.state])).toEqual([[res.body.id, 'recorded']]);

    const list = await shipper.get(`/api/freight/${id}/photos`);
    expect(list.body).toMatchObject({ total: 1, page: 1 });
    expect(list.body.items[0].id).toBe(res.body.id);

    const file = await shipper.raw('get', res.body.photoUrl).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The image as it was sent, encoded again without its metadata (issue 50).
    expect(await sharp(file.body).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });
    expect((await stranger.get(res.body.photoUrl)).status).toBe(404);
    // The photo of one load is not served under another's id.
    const other = await booked();
    expect((await shipper.get(`/api/freight/${other}/photos/${res.body.id}/file`)).status).toBe(404);
  });

  it('needs a photo type', async () => {
    const id = await booked();
    const res = await uploadPhoto(carrier, id, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('photoType');
    expect((await uploadPhoto(carrier, id, { photoType: 'selfie' })).status).toBe(400);
  });

  it('judges the type by the first bytes: a PDF named .jpg is refused with 415, and nothing is stored', async () => {
    const id = await booked();
    const res = await uploadPhoto(carrier, id, { photoType: 'damage' }, Buffer.from('%PDF-1.4 not an image'));
    expect(res.status).toBe(415);
    expect(await FreightPhotoModel.countDocuments({ freightListingId: id })).toBe(0);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const id = await booked();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await uploadPhoto(carrier, id, { photoType: 'damage' }, big);
    expect(res.status).toBe(413);
    expect(await FreightPhotoModel.countDocuments({ freightListingId: id })).toBe(0);
  });

  it('refuses a request without a file with 400', async () => {
    const id = await booked();
    const res = await carrier.raw('post', `/api/freight/${id}/photos`).field('photoType', 'pickup');
    expect(res.status).toBe(400);
  });
});

describe('chat (calls 18, 19)', () => {
  it('counts unread chat for every role on a load, a broker the room does not name included', async () => {
    const b = app.client();
    const brokerId = (await b.registerAndLogin({ userType: 'broker' })).id;
    const c = app.client();
    const carrierMe = (await c.registerAndLogin({ userType: 'carrier' })).id;
    const id = await seedLoad({ posterId: shipperId, brokerId, carrierId: carrierMe });
    const unreadOn = async (client: TestClient) => {
      const body = (await client.get('/api/tracking/unread')).body as {
        items: Array<{ freightId: string; unreadCount: number }>;
      };
      return body.items.find((i) => i.freightId === id)?.unreadCount ?? 0;
    };
    expect(await unreadOn(b)).toBe(0);
    await shipper.post(`/api/freight/${id}/chat/message`, { message: 'from the shipper' });
    expect(await unreadOn(c)).toBe(1);
    expect(await unreadOn(b)).toBe(1);
    expect(await unreadOn(shipper)).toBe(0); // their own message
    await c.post(`/api/freight/${id}/chat/message`, { message: 'from the carrier' });
    expect(await unreadOn(b)).toBe(2);
    expect(await unreadOn(shipper)).toBe(1);
    expect(await unreadOn(c)).toBe(0); // sending reads up to the own message
    expect((await b.post(`/api/freight/${id}/chat/read`, {})).body).toMatchObject({ unreadCount: 0 });
    expect(await unreadOn(b)).toBe(0);
    await shipper.post(`/api/freight/${id}/chat/message`, { message: 'again' });
    expect(await unreadOn(b)).toBe(1);
  });

  it("refuses chat before booking with the spec's text", async () => {
    const id = await seedLoad({ posterId: shipperId });
    const read = await shipper.get(`/api/freight/${id}/chat`);
    expect(read.status).toBe(409);
    expect(read.body.message).toBe(CHAT_NOT_AVAILABLE_MESSAGE);
    const send = await shipper.post(`/api/freight/${id}/chat/message`, { message: 'anyone?' });
    expect(send.status).toBe(409);
    expect(send.body.message).toBe('Chat not available. The freight must be booked to start chatting.');
    expect((await shipper.get(`/api/freight/${id}/tracking`)).body.chatAvailable).toBe(false);
  });

  it('stores a message with its author and answers it in the history', async () => {
    const id = await booked();
    const res = await carrier.post(`/api/freight/${id}/chat/message`, { message: '  Picked up, rolling.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Picked up, rolling.',
      messageType: 'text',
      userId: carrierId,
      seq: 1,
      user: { firstName: 'Test', lastName: 'User' },
    });
    const chat = await shipper.get(`/api/freight/${id}/chat`);
    expect(chat.status).toBe(200);
    expect(chat.body.room).toMatchObject({ freightListingId: id, shipperId, carrierId });
    expect(chat.body.messages.map((m: { message: string }) => m.message)).toEqual(['Picked up, rolling.']);
    expect(chat.body.unreadCount).toBe(1);
  });

  it.each([
    ['an empty message', ''],
    ['a blank message', '   \n '],
    ['a 4,001-character message', 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)],
  ])('refuses %s with 400', async (_name, message) => {
    const id = await booked();
    const res = await carrier.post(`/api/freight/${id}/chat/message`, { message });
    expect(res.status).toBe(400);
    expect(await ChatMessageModel.countDocuments({ freightListingId: id })).toBe(0);
  });

  it('accepts exactly 4,000 characters', async () => {
    const id = await booked();
    const res = await carrier.post(`/api/freight/${id}/chat/message`, { message: 'y'.repeat(4000) });
    expect(res.status).toBe(201);
  });

  it('stores a retried send (same clientMessageId) once', async () => {
    const id = await booked();
    const body = { message: 'Running 20 minutes late', clientMessageId: 'c-123' };
    const first = await carrier.post(`/api/freight/${id}/chat/message`, body);
    const retry = await carrier.post(`/api/freight/${id}/chat/message`, body);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        carrier.post(`/api/freight/${id}/chat/message`, { message: 'race', clientMessageId: 'c-race' }),
      ),
    );
    expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
    expect(await ChatMessageModel.countDocuments({ freightListingId: id })).toBe(2);
    // Another user may use the same client id for their own message.
    expect((await shipper.post(`/api/freight/${id}/chat/message`, body)).status).toBe(201);
    // Exactly one fact per stored message, however often it was sent (issue 26).
    const stored = await ChatMessageModel.find({ freightListingId: id }).lean();
    const facts = await DomainEventModel.find({ name: 'chat.posted', loadId: id }).lean();
    expect(facts.map((f) => f.subjects?.messageId).sort()).toEqual(stored.map((m) => String(m._id)).sort());
    expect(facts.every((f) => f.state === 'recorded')).toBe(true);
  });

  it('numbers concurrent sends 1..n without losing one', async () => {
    const id = await booked();
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? carrier : shipper).post(`/api/freight/${id}/chat/message`, { message: `c${i}` }),
      ),
    );
    expect(sends.map((r) => r.status)).toEqual(Array(8).fill(201));
    const chat = await shipper.get(`/api/freight/${id}/chat`);
    expect(chat.body.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const facts = await DomainEventModel.find({ name: 'chat.posted', loadId: id }).lean();
    expect(facts.map((f) => f.subjects?.messageId).sort()).toEqual(
      chat.body.messages.map((m: { id: string }) => m.id).sort(),
    );
  });

  it('pages the history newest first, older on request, and catches up after a seq', async () => {
    const id = await booked();
    for (let i = 1; i <= 5; i++) await carrier.post(`/api/freight/${id}/chat/message`, { message: `m${i}` });
    const texts = (r: { body: { messages: Array<{ message: string }> } }) =>
      r.body.messages.map((m) => m.message);
    const newest = await shipper.get(`/api/freight/${id}/chat?pageSize=2`);
    expect(texts(newest)).toEqual(['m4', 'm5']);
    expect(newest.body).toMatchObject({ hasMore: true, total: 5 });
    const older = await shipper.get(
      `/api/freight/${id}/chat?pageSize=2&before=${newest.body.messages[0].seq}`,
    );
    expect(texts(older)).toEqual(['m2', 'm3']);
    const oldest = await shipper.get(
      `/api/freight/${id}/chat?pageSize=2&before=${older.body.messages[0].seq}`,
    );
    expect(texts(oldest)).toEqual(['m1']);
    expect(oldest.body.hasMore).toBe(false);
    const after = await shipper.get(`/api/freight/${id}/chat?after=2&pageSize=2`);
    expect(texts(after)).toEqual(['m3', 'm4']);
    expect(after.body.hasMore).toBe(true);
  });

  it('sends image messages (a photo of this load) and location messages', async () => {
    const id = await booked();
    const photo = await uploadPhoto(carrier, id, { photoType: 'in_transit' });
    const image = await carrier.post(`/api/freight/${id}/chat/message`, {
      message: 'Photo',
      messageType: 'image',
      imageUrl: photo.body.photoUrl,
    });
    expect(image.status).toBe(201);
    expect(image.body.imageUrl).toBe(photo.body.photoUrl);

    const other = await booked();
    const otherPhoto = await uploadPhoto(carrier, other, { photoType: 'in_transit' });
    for (const imageUrl of [otherPhoto.body.photoUrl, 'https://evil.example/x.png', undefined]) {
      const res = await carrier.post(`/api/freight/${id}/chat/message`, {
        message: 'x',
        messageType: 'image',
        imageUrl,
      });
      expect(res.status).toBe(400);
    }

    const loc = await carrier.post(`/api/freight/${id}/chat/message`, {
      message: 'I am here',
      messageType: 'location',
      latitude: 32.7767,
      longitude: -96.797,
    });
    expect(loc.status).toBe(201);
    expect(loc.body).toMatchObject({ latitude: 32.7767, longitude: -96.797 });
    const noCoords = await carrier.post(`/api/freight/${id}/chat/message`, {
      message: 'x',
      messageType: 'location',
    });
    expect(noCoords.status).toBe(400);
  });

  it('counts unread messages per load and clears them when read', async () => {
    const id = await booked();
    await carrier.post(`/api/freight/${id}/chat/message`, { message: 'a' });
    await carrier.post(`/api/freight/${id}/chat/message`, { message: 'b' });
    const unread = await shipper.get('/api/tracking/unread');
    expect(unread.body.items).toContainEqual({ freightId: id, unreadCount: 2 });
    const carriers = await carrier.get('/api/tracking/unread');
    expect(carriers.body.items.find((i: { freightId: string }) => i.freightId === id)).toBeUndefined();

    const read = await shipper.post(`/api/freight/${id}/chat/read`, {});
    expect(read.body).toEqual({ freightId: id, unreadCount: 0 });
    const after = await shipper.get('/api/tracking/unread');
    expect(after.body.items.find((i: { freightId: string }) => i.freightId === id)).toBeUndefined();
  });

  it('opens one room per load however often booking calls openChatRoom', async () => {
    const id = await seedLoad({ posterId: shipperId, carrierId, openChat: false });
    await Promise.all([1, 2, 3].map(() => openChatRoom({ freightId: id, shipperId, carrierId })));
    await openChatRoom({ freightId: id, shipperId, carrierId });
    expect(await ChatRoomModel.countDocuments({ freightListingId: id })).toBe(1);
  });
});
