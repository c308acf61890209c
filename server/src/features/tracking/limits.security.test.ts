import { RATE_LIMITS, type Ack } from '@freight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ClientSocket, type TestApp, type TestClient } from '@test/helpers';
import { ChatMessageModel, ChatRoomModel, LocationPointModel } from './model';
import { seedLoad } from './testing';

// Issue 12 item 6: one socket stored 300 chat messages in 10 s. Chat messages and location updates are limited per
// user (RATE_LIMITS, counted in Redis): past the limit the socket ack says TOO_MANY_REQUESTS and REST answers 429
// with Retry-After, and nothing more is stored. Each test has its own users, so no window is shared.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function cast() {
  const shipper = app.client();
  const shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  const carrier = app.client();
  const carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  const freightId = await seedLoad({ posterId: shipperId, carrierId });
  return { shipper, carrier, freightId };
}

function emit<T>(socket: ClientSocket, event: string, payload: object): Promise<Ack<T>> {
  return (
    socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<Ack<T>> } }
  )
    .timeout(10_000)
    .emitWithAck(event, payload);
}

function expectLimited(res: Awaited<ReturnType<TestClient['post']>>, what: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('TOO_MANY_REQUESTS');
  expect(res.body.message).toMatch(what);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe('per-user rate limits (issue 12 item 6)', () => {
  it(`chat: ${RATE_LIMITS.chat.points} messages a minute, then a TOO_MANY_REQUESTS ack and 429, nothing stored`, async () => {
    const { shipper, carrier, freightId } = await cast();
    const socket = await carrier.socket();
    const { points } = RATE_LIMITS.chat;
    const acks = await Promise.all(
      Array.from({ length: points }, (_, i) => emit(socket, 'chat:send', { freightId, message: `m${i}` })),
    );
    expect(acks.filter((a) => !a.ok)).toEqual([]);

    const over = await emit(socket, 'chat:send', { freightId, message: 'one too many' });
    expect(over).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^Too many chat messages: at most 30 every 1 minute\. Try again in (\d+ seconds?|1 minute)\.$/, // 60 s left reads "1 minute"
        ),
      },
    });
    // The same count over REST: another way in is not another allowance.
    expectLimited(
      await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'via REST' }),
      /Too many chat messages/,
    );

    const room = await ChatRoomModel.findOne({ freightListingId: freightId }).lean();
    expect(await ChatMessageModel.countDocuments({ chatRoomId: room!._id, userId: carrier.user!.id })).toBe(
      points,
    );
    // Someone else on the load is not limited by the carrier's count.
    expect((await shipper.post(`/api/freight/${freightId}/chat/message`, { message: 'hi' })).status).toBe(
      201,
    );
    carrier.closeSockets();
  });

  it(`location: ${RATE_LIMITS.location.points} updates a minute, then a TOO_MANY_REQUESTS ack and 429, nothing stored`, async () => {
    const { carrier, freightId } = await cast();
    const socket = await carrier.socket();
    const { points } = RATE_LIMITS.location;
    for (let i = 0; i < points; i++) {
      const ack = await emit(socket, 'location:update', {
        freightId,
        latitude: 41 + i / 1000,
        longitude: -87.6,
      });
      expect(ack.ok).toBe(true);
    }
    const over = await emit(socket, 'location:update', { freightId, latitude: 42, longitude: -87.6 });
    expect(over).toMatchObject({ ok: false, error: { code: 'TOO_MANY_REQUESTS' } });
    expect(!over.ok && over.error.message).toMatch(
      /^Too many location updates: at most 30 every 1 minute\. Try again in/,
    );
    expectLimited(
      await carrier.post(`/api/freight/${freightId}/location`, { latitude: 42, longitude: -87.6 }),
      /Too many location updates/,
    );
    expect(await LocationPointModel.countDocuments({ freightListingId: freightId })).toBe(points);
    carrier.closeSockets();
  });
});
