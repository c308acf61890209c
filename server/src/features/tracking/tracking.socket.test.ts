import { FreightModel } from '../freight/model';
import { CHAT_MESSAGE_MAX_LENGTH, type Ack, type ChatMessageDto } from '@freight/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  eventually,
  nextEvent,
  startSecondNode,
  startTestApp,
  type ClientSocket,
  type TestApp,
  type TestClient,
} from '@test/helpers';
import { ChatMessageModel } from './model';
import { seedLoad } from './testing';

let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let stranger: TestClient;
let shipperId: string;
let carrierId: string;

beforeAll(async () => {
  app = await startTestApp();
  shipper = app.client();
  shipperId = (await shipper.registerAndLogin({ userType: 'shipper' })).id;
  carrier = app.client();
  carrierId = (await carrier.registerAndLogin({ userType: 'carrier' })).id;
  stranger = app.client();
  await stranger.registerAndLogin({ userType: 'carrier' });
});
afterAll(async () => {
  for (const c of [shipper, carrier, stranger]) c?.closeSockets();
  await app?.close();
});

/** Emits a client event and resolves with its ack. */
function emit<T>(socket: ClientSocket, event: string, payload: object): Promise<Ack<T>> {
  return (
    socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: object): Promise<Ack<T>> } }
  )
    .timeout(5000)
    .emitWithAck(event, payload);
}

async function joined(c: TestClient, freightId: string, url?: string): Promise<ClientSocket> {
  const socket = await c.socket(url);
  const ack = await emit(socket, 'freight:join', { freightId });
  expect(ack).toEqual({ ok: true, data: { freightId } });
  return socket;
}

describe('tracking over Socket.IO', () => {
  it('refuses to let a non-participant join the room (not found) and sends it nothing', async () => {
    const freightId = await seedLoad({ posterId: shipperId, carrierId });
    const spy = await stranger.socket();
    const ack = await emit(spy, 'freight:join', { freightId });
    expect(ack).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Freight not found' } });
    const bad = await emit(spy, 'freight:join', { freightId: 'nope' });
    expect(bad.ok).toBe(false);
    const leaked = collectEvents(spy, 'chat:message');

    const shipperSocket = await joined(shipper, freightId);
    const seen = nextEvent(shipperSocket, 'chat:message', (p) => p.freightId === freightId);
    await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'private' });
    await seen;
    // The stranger's socket is not in the room: the message the room got never reached it.
    expect(leaked).toHaveLength(0);
    const sendAck = await emit(spy, 'chat:send', { freightId, message: 'let me in' });
    expect(sendAck).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const locAck = await emit(spy, 'location:update', { freightId, latitude: 1, longitude: 1 });
    expect(locAck).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    stranger.closeSockets();
    shipper.closeSockets();
  });

  it("the carrier's message and location (socket events) reach the shipper's socket", async () => {
    const freightId = await seedLoad({ posterId: shipperId, carrierId });
    const shipperSocket = await joined(shipper, freightId);
    const carrierSocket = await joined(carrier, freightId);

    const gotMessage = nextEvent(shipperSocket, 'chat:message', (p) => p.freightId === freightId);
    const gotUnread = nextEvent(shipperSocket, 'chat:unread', (p) => p.freightId === freightId);
    const sent = await emit<ChatMessageDto>(carrierSocket, 'chat:send', {
      freightId,
      message: 'At the dock',
      clientMessageId: 'sock-1',
    });
    expect(sent.ok).toBe(true);
    const { message } = await gotMessage;
    expect(message).toMatchObject({ message: 'At the dock', userId: carrierId, seq: 1 });
    expect(await gotUnread).toEqual({ freightId, unreadCount: 1 });

    const gotLocation = nextEvent(shipperSocket, 'freight:location', (p) => p.freightId === freightId);
    const loc = await emit(carrierSocket, 'location:update', {
      freightId,
      latitude: 39.7391536,
      longitude: -104.9847034,
    });
    expect(loc).toMatchObject({ ok: true, data: { lat: 39.7391536, lng: -104.9847034 } });
    expect(await gotLocation).toMatchObject({
      lat: 39.7391536,
      lng: -104.9847034,
      point: { lat: 39.7391536 },
    });
    // A position alone leaves the load booked (positions are shared automatically, perhaps days before pickup).
    expect((await FreightModel.findById(freightId).lean())?.status).toBe('booked');

    // The carrier's stop reports reach the shipper live; Loaded starts the trip.
    const gotArrival = nextEvent(shipperSocket, 'freight:stop', (p) => p.stop.kind === 'arrived_pickup');
    expect((await carrier.post(`/api/freight/${freightId}/stops`, { kind: 'arrived_pickup' })).status).toBe(
      201,
    );
    expect((await gotArrival).stop).toMatchObject({ lat: 39.7391536, lng: -104.9847034 });
    const gotLoaded = nextEvent(shipperSocket, 'freight:stop', (p) => p.stop.kind === 'loaded');
    const gotStatus = nextEvent(shipperSocket, 'freight:status', (p) => p.freightId === freightId);
    expect((await carrier.post(`/api/freight/${freightId}/stops`, { kind: 'loaded' })).status).toBe(201);
    await gotLoaded;
    expect(await gotStatus).toMatchObject({
      status: 'in_transit',
      previousStatus: 'booked',
      changedBy: carrierId,
    });
    shipper.closeSockets();
    carrier.closeSockets();
  });

  it('answers socket writes with the same rules as the REST calls', async () => {
    const freightId = await seedLoad({ posterId: shipperId, carrierId });
    const shipperSocket = await joined(shipper, freightId);
    const carrierSocket = await joined(carrier, freightId);
    expect(
      await emit(shipperSocket, 'location:update', { freightId, latitude: 1, longitude: 1 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(
      await emit(carrierSocket, 'location:update', { freightId, latitude: 95, longitude: 1 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    const long = await emit(carrierSocket, 'chat:send', {
      freightId,
      message: 'z'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });

    const first = await emit<ChatMessageDto>(carrierSocket, 'chat:send', {
      freightId,
      message: 'once',
      clientMessageId: 'retry-me',
    });
    const again = await emit<ChatMessageDto>(carrierSocket, 'chat:send', {
      freightId,
      message: 'once',
      clientMessageId: 'retry-me',
    });
    // A socket send retried over REST (the client fell back during an outage) is the same message too.
    const rest = await carrier.post(`/api/freight/${freightId}/chat/message`, {
      message: 'once',
      clientMessageId: 'retry-me',
    });
    expect(first.ok && again.ok && first.data.id === again.data.id).toBe(true);
    expect(rest.status).toBe(200);
    expect(rest.body.id).toBe(first.ok ? first.data.id : null);
    expect(await ChatMessageModel.countDocuments({ freightListingId: freightId })).toBe(1);

    const open = await seedLoad({ posterId: shipperId });
    const ownSocket = await shipper.socket();
    expect(await emit(ownSocket, 'freight:join', { freightId: open })).toMatchObject({ ok: true });
    expect(await emit(ownSocket, 'chat:send', { freightId: open, message: 'hi' })).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: 'Chat not available. The freight must be booked to start chatting.',
      },
    });
    shipper.closeSockets();
    carrier.closeSockets();
  });

  it('delivers across server processes: the shipper on node 2, the carrier on node 1', async () => {
    const node2 = await startSecondNode(app);
    try {
      const freightId = await seedLoad({ posterId: shipperId, carrierId });
      const shipperSocket = await joined(shipper, freightId, node2.url);
      const carrierSocket = await joined(carrier, freightId);
      const gotMessage = nextEvent(shipperSocket, 'chat:message', (p) => p.freightId === freightId, 15_000);
      const gotLocation = nextEvent(
        shipperSocket,
        'freight:location',
        (p) => p.freightId === freightId,
        15_000,
      );
      expect((await emit(carrierSocket, 'chat:send', { freightId, message: 'cross-node hello' })).ok).toBe(
        true,
      );
      expect(
        (await emit(carrierSocket, 'location:update', { freightId, latitude: 33.5, longitude: -112.1 })).ok,
      ).toBe(true);
      expect((await gotMessage).message.message).toBe('cross-node hello');
      expect(await gotLocation).toMatchObject({ lat: 33.5, lng: -112.1 });

      // And the other way round: a REST write answered by node 2 reaches the carrier's socket on node 1.
      const back = nextEvent(
        carrierSocket,
        'chat:message',
        (p) => p.message.message === 'from node 2',
        15_000,
      );
      const res = await request(node2.url)
        .post(`/api/freight/${freightId}/chat/message`)
        .set('Cookie', shipper.cookie)
        .send({ message: 'from node 2' });
      expect(res.status).toBe(201);
      expect((await back).message.userId).toBe(shipperId);
    } finally {
      shipper.closeSockets();
      carrier.closeSockets();
      await node2.stop();
    }
  });

  it('a client that was disconnected gets what it missed on reconnect, once and in order', async () => {
    const freightId = await seedLoad({ posterId: shipperId, carrierId });
    // The client's view: messages by id, shown in seq order (what web/src/stores/tracking.ts keeps).
    const view = new Map<string, ChatMessageDto>();
    const shown = () => [...view.values()].sort((a, b) => a.seq - b.seq).map((m) => m.message);
    const lastSeq = () => Math.max(0, ...[...view.values()].map((m) => m.seq));
    const listen = (socket: ClientSocket) =>
      socket.on('chat:message', (p) => {
        if (p.freightId === freightId) view.set(p.message.id, p.message);
      });

    let socket = await joined(shipper, freightId);
    listen(socket);
    await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'before outage' });
    await app.rt.projectors.drain(); // the push comes from the chat projector
    await eventually(async () => view.size === 1);

    socket.disconnect(); // outage
    await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'during outage 1' });
    await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'during outage 2' });

    // Reconnect: note the last message seen, join again, then fetch what came after it (as the store does).
    const cursor = lastSeq();
    socket = await joined(shipper, freightId);
    listen(socket);
    const live = nextEvent(socket, 'chat:message', (p) => p.message.message === 'after outage');
    await carrier.post(`/api/freight/${freightId}/chat/message`, { message: 'after outage' });
    const missed = await shipper.get(`/api/freight/${freightId}/chat?after=${cursor}`);
    for (const m of missed.body.messages as ChatMessageDto[]) view.set(m.id, m);
    await live;
    expect(shown()).toEqual(['before outage', 'during outage 1', 'during outage 2', 'after outage']);
    shipper.closeSockets();
  });
});
