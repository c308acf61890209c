import { type Ack } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ClientSocket, type TestApp, type TestClient } from '@test/helpers';
import { ChatMessageModel, FreightPhotoModel } from '../model';
import { PNG_BYTES, seedLoad } from '../testing';

/** Issue #12 item 11: an admin reads any load's chat, and writes (chat, photos) only where a participant. */
let app: TestApp;
let admin: TestClient;
let shipper: TestClient;
let carrier: TestClient;
let freightId: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.local');
  shipper = app.client();
  const shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  const carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  freightId = await seedLoad({ posterId: shipperId, carrierId, status: 'in_transit' });
});
afterAll(async () => {
  admin?.closeSockets();
  await app?.close();
});

function emit<T>(socket: ClientSocket, event: string, payload: object): Promise<Ack<T>> {
  return (
    socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<Ack<T>> } }
  )
    .timeout(5000)
    .emitWithAck(event, payload);
}

describe('admins in a load’s chat (issue #12 item 11)', () => {
  it('an admin reads the chat and photos but cannot post a message or a photo (REST or socket)', async () => {
    expect(
      (await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'on my way' })).status,
    ).toBe(201);
    const read = await admin.get(`/api/freight/${freightId}/chat`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('on my way');
    expect((await admin.get(`/api/freight/${freightId}/photos`)).status).toBe(200);

    const rest = await admin.post(`/api/freight/${freightId}/chat/message`, { message: 'admin was here' });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe("Only the load's participants can post here; admins can read.");
    const socket = await admin.socket();
    expect(await emit(socket, 'freight:join', { freightId })).toMatchObject({ ok: true });
    const ack = await emit(socket, 'chat:send', { freightId, message: 'admin via socket' });
    expect(ack).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const photo = await admin
      .raw('post', `/api/freight/${freightId}/photos`)
      .field('photoType', 'in_transit')
      .attach('photo', PNG_BYTES, { filename: 'p.png', contentType: 'image/png' });
    expect(photo.status).toBe(403);

    expect(await ChatMessageModel.countDocuments({ freightListingId: freightId })).toBe(1);
    expect(await FreightPhotoModel.countDocuments({ freightListingId: freightId })).toBe(0);
    // The participants still write.
    expect((await shipper.post(`/api/freight/${freightId}/chat/message`, { message: 'thanks' })).status).toBe(
      201,
    );
  });
});
