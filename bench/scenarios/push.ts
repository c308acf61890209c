// Push against polling (issue #7 §2-4): time from a carrier's `chat:send` / `location:update` to the shipper's
// `chat:message` / `freight:location`, with N connected clients in the load's room or outside it; the same on two
// server processes joined by the Redis adapter; and how many idle sockets one process holds while chat p99 < 100 ms.
import { openChatRoom } from '@freight/server/features/tracking/chat/rooms';
import { FreightModel } from '@freight/server/features/freight/model';
import { Types } from 'mongoose';
import {
  BenchClient,
  closeSockets,
  openSockets,
  round,
  sleep,
  startServer,
  summarize,
  type BenchContext,
  type ClientSocket,
  type ScenarioResult,
  type ServerProcess,
} from '../lib';
import { echoFloor } from './echo';

const CHAT_POLL_S = 5;
/** A push not received within this time counts as lost (and as this latency). */
const LOST_MS = 10_000;

/** Resolves when `arrived` does, or after LOST_MS; counts the lost ones. */
function orTimeout(arrived: Promise<void>, onLost: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    arrived,
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        onLost();
        resolve();
      }, LOST_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
const LOCATION_POLL_S = 30;

export interface TrackedLoad {
  shipper: BenchClient;
  carrier: BenchClient;
  freightId: string;
}

/** A shipper and a carrier (signed up through the API) and a booked load between them with its chat room. */
export async function trackedLoad(baseUrl: string): Promise<TrackedLoad> {
  const shipper = await new BenchClient(baseUrl).signUp('shipper', 'push-shipper');
  const carrier = await new BenchClient(baseUrl).signUp('carrier', 'push-carrier');
  const load = await FreightModel.create({
    userId: new Types.ObjectId(shipper.userId),
    shipperId: new Types.ObjectId(shipper.userId),
    carrierId: new Types.ObjectId(carrier.userId),
    title: 'Chicago, IL to Dallas, TX',
    originCity: 'Chicago',
    originState: 'IL',
    destinationCity: 'Dallas',
    destinationState: 'TX',
    originLat: 41.8781,
    originLng: -87.6298,
    destinationLat: 32.7767,
    destinationLng: -96.797,
    equipmentType: 'dry_van',
    rateCents: 250_000,
    distance: 925,
    status: 'booked',
  });
  const freightId = String(load._id);
  await openChatRoom({ freightId, shipperId: shipper.userId, carrierId: carrier.userId });
  return { shipper, carrier, freightId };
}

function ackOf<T>(
  emit: (ack: (res: { ok: boolean; data?: T; error?: unknown }) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) =>
    emit((res) => (res.ok ? resolve(res.data as T) : reject(new Error(JSON.stringify(res.error))))),
  );
}

export async function join(socket: ClientSocket, freightId: string): Promise<void> {
  await ackOf((ack) => socket.emit('freight:join', { freightId }, ack as never));
}

/** Sequential chat sends: push latency (send → receiver's chat:message) and ack latency. */
export async function chatLatency(
  sender: ClientSocket,
  receiver: ClientSocket,
  freightId: string,
  messages: number,
  tag: string,
): Promise<{ push: number[]; ack: number[] }> {
  const push: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < messages; i++) {
    const clientMessageId = `${tag}-${i}`;
    const started = performance.now();
    const got = new Promise<void>((resolve) => {
      const h = (p: { message: { clientMessageId: string } }) => {
        if (p.message.clientMessageId !== clientMessageId) return;
        push.push(performance.now() - started);
        receiver.off('chat:message', h);
        resolve();
      };
      receiver.on('chat:message', h);
    });
    await ackOf((a) =>
      sender.emit('chat:send', { freightId, message: `Bench message ${i}`, clientMessageId }, a as never),
    );
    ack.push(performance.now() - started);
    await orTimeout(got, () => push.push(LOST_MS));
  }
  return { push, ack };
}

/** Sequential location updates: push latency (update → receiver's freight:location) and ack latency. */
export async function locationLatency(
  sender: ClientSocket,
  receiver: ClientSocket,
  freightId: string,
  updates: number,
  offset: number,
): Promise<{ push: number[]; ack: number[] }> {
  const push: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < updates; i++) {
    const latitude = round(35 + (offset + i) * 1e-5, 7);
    const started = performance.now();
    const got = new Promise<void>((resolve) => {
      const h = (p: { lat: number | null }) => {
        if (p.lat !== latitude) return;
        push.push(performance.now() - started);
        receiver.off('freight:location', h);
        resolve();
      };
      receiver.on('freight:location', h);
    });
    await ackOf((a) => sender.emit('location:update', { freightId, latitude, longitude: -90 }, a as never));
    ack.push(performance.now() - started);
    await orTimeout(got, () => push.push(LOST_MS));
  }
  return { push, ack };
}

/** What the spec's polling fallback would give: half the interval on average, the interval at worst, plus a poll. */
async function pollCost(client: BenchClient, path: string, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await client.json('GET', path);
    times.push(performance.now() - t);
  }
  return times;
}

export async function pushVsPolling(
  ctx: BenchContext,
  counts: number[],
  messages: number,
  locationUpdates: number,
): Promise<ScenarioResult[]> {
  const echo = await echoFloor(ctx, counts, messages);
  const server = await startServer(ctx, { services: 'web' });
  const rows: ScenarioResult['rows'] = [];
  let pollRow: ScenarioResult['rows'][number] | null = null;
  try {
    const { shipper, carrier, freightId } = await trackedLoad(server.url);
    const bystander = await new BenchClient(server.url).signUp('carrier', 'push-bystander');
    const receiver = await shipper.socket();
    const sender = await carrier.socket();
    await join(receiver, freightId);
    // Warm-up (a position leaves the load booked: only Loaded or Start Trip start it).
    await chatLatency(sender, receiver, freightId, 5, 'warm');
    await locationLatency(sender, receiver, freightId, 5, 0);
    let offset = 10;
    for (const count of counts) {
      for (const where of count === 1 ? ['in room'] : ['in room', 'outside']) {
        const extra =
          count > 1 ? await openSockets(where === 'in room' ? shipper : bystander, count - 1) : [];
        if (where === 'in room') await Promise.all(extra.map((s) => join(s, freightId)));
        await sleep(500);
        const chat = await chatLatency(sender, receiver, freightId, messages, `c${count}${where[0]}`);
        const loc = await locationLatency(sender, receiver, freightId, locationUpdates, offset);
        offset += locationUpdates;
        const c = summarize(chat.push);
        const l = summarize(loc.push);
        const floor = echo.rows.find((r) => r.receivers === count);
        rows.push({
          clients: count,
          where: count === 1 ? 'receiver only' : where,
          'chat p50 ms': c.p50,
          'chat p99 ms': c.p99,
          'location p50 ms': l.p50,
          'location p99 ms': l.p99,
          'ack p50 ms (chat/location)': `${summarize(chat.ack).p50} / ${summarize(loc.ack).p50}`,
          'echo floor p50/p99 ms': floor ? `${floor['p50 ms']} / ${floor['p99 ms']}` : '-',
        });
        ctx.log(
          `  ${count} clients ${where}: chat p50 ${c.p50} p99 ${c.p99} ms; location p50 ${l.p50} p99 ${l.p99} ms`,
        );
        closeSockets(extra);
        await sleep(500);
      }
    }
    const chatPoll = summarize(await pollCost(shipper, `/api/freight/${freightId}/chat?after=1`, 20));
    const locPoll = summarize(await pollCost(shipper, `/api/freight/${freightId}/location`, 20));
    pollRow = {
      clients: '-',
      where: 'polling (SPEC §9)',
      'chat p50 ms': round(CHAT_POLL_S * 500 + chatPoll.p50, 0),
      'chat p99 ms': round(CHAT_POLL_S * 1000 + chatPoll.p99, 0),
      'location p50 ms': round(LOCATION_POLL_S * 500 + locPoll.p50, 0),
      'location p99 ms': round(LOCATION_POLL_S * 1000 + locPoll.p99, 0),
      'ack p50 ms (chat/location)': `poll request p50 ${chatPoll.p50} / ${locPoll.p50}`,
      'echo floor p50/p99 ms': '-',
    };
    rows.push(pollRow);
    receiver.disconnect();
    sender.disconnect();
  } finally {
    await server.stop();
  }
  return [
    {
      name: `Push against polling: carrier → shipper on one server (${ctx.mongoKind})`,
      parameters: {
        clientCounts: counts,
        chatMessagesPerRow: messages,
        locationUpdatesPerRow: locationUpdates,
      },
      rows,
      notes: [
        'Latency is measured from the carrier emitting the event to the shipper socket receiving the push (same machine, one clock). "in room": the other clients are the shipper\'s sockets joined to freight:<id> (each receives every push); "outside": a bystander\'s sockets, connected but not in the room.',
        `Polling row: a message waits half the interval on average and the full interval at worst (chat ${CHAT_POLL_S} s, location ${LOCATION_POLL_S} s), plus the poll request itself (p50 for the mean, p99 for the worst case, measured here).`,
        'Echo floor: a bare Socket.IO server relaying to a room with the same number of receivers (no auth, no database, no Redis adapter).',
      ],
    },
    { ...echo, extra: { ...echo.extra, goals: pushGoals(rows, echo, counts[counts.length - 1]) } },
  ];
}

/** Chat push p99 with the most clients in the room ÷ the bare echo p99 with as many receivers, same run. */
function pushGoals(rows: ScenarioResult['rows'], echo: ScenarioResult, clients: number) {
  const app = rows.find((r) => r.clients === clients && (r.where === 'in room' || clients === 1));
  const floor = echo.rows.find((r) => r.receivers === clients);
  if (!app || !floor) return [];
  const ratio = round(Number(app['chat p99 ms']) / Math.max(Number(floor['p99 ms']), 0.1), 2);
  return [
    {
      figure: `chat push p99 ÷ bare Socket.IO echo p99, ${clients} clients (${app['chat p99 ms']} / ${floor['p99 ms']} ms)`,
      value: ratio,
      goal: '≤ 2',
    },
  ];
}

/** Sender on one server process, receiver on another, both on the run's Redis adapter. */
export async function twoNodes(
  ctx: BenchContext,
  messages: number,
  locationUpdates: number,
): Promise<ScenarioResult> {
  const a = await startServer(ctx, { services: 'web' });
  const b = await startServer(ctx, { services: 'web' });
  const rows: ScenarioResult['rows'] = [];
  try {
    const { shipper, carrier, freightId } = await trackedLoad(a.url);
    const pairs: Array<[string, ServerProcess, ServerProcess]> = [
      ['same node (A → A)', a, a],
      ['two nodes (A → B)', a, b],
    ];
    let offset = 100_000;
    for (const [label, from, to] of pairs) {
      const sender = await carrier.socket(from.url);
      const receiver = await shipper.socket(to.url);
      await join(receiver, freightId);
      await sleep(300);
      await chatLatency(sender, receiver, freightId, 5, `w2${from === to ? 's' : 't'}`);
      const chat = await chatLatency(sender, receiver, freightId, messages, `n2${from === to ? 's' : 't'}`);
      const loc = await locationLatency(sender, receiver, freightId, locationUpdates, offset);
      offset += locationUpdates;
      const c = summarize(chat.push);
      const l = summarize(loc.push);
      rows.push({
        path: label,
        'chat p50 ms': c.p50,
        'chat p99 ms': c.p99,
        'location p50 ms': l.p50,
        'location p99 ms': l.p99,
      });
      ctx.log(`  ${label}: chat p50 ${c.p50} p99 ${c.p99} ms`);
      sender.disconnect();
      receiver.disconnect();
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  return {
    name: `Two server processes joined by the Redis adapter (${ctx.mongoKind})`,
    parameters: { chatMessages: messages, locationUpdates, processes: 2 },
    rows,
  };
}

/**
 * Capacity: idle authenticated sockets (a bystander's, outside the room) are added in steps; at each step the chat
 * latency between two more sockets is measured. The answer is the largest step whose chat p99 stays under 100 ms.
 */
export async function socketCapacity(
  ctx: BenchContext,
  steps: number[],
  messages: number,
): Promise<ScenarioResult> {
  const server = await startServer(ctx, { services: 'web' });
  const rows: ScenarioResult['rows'] = [];
  let best = 0;
  const held: ClientSocket[] = [];
  try {
    const { shipper, carrier, freightId } = await trackedLoad(server.url);
    const bystander = await new BenchClient(server.url).signUp('carrier', 'capacity');
    const receiver = await shipper.socket();
    const sender = await carrier.socket();
    await join(receiver, freightId);
    await sleep(1000);
    const base = server.rssMiB();
    for (const step of steps) {
      try {
        held.push(...(await openSockets(bystander, step - held.length)));
      } catch (err) {
        rows.push({
          sockets: step,
          'chat p50 ms': '-',
          'chat p99 ms': '-',
          'server RSS MiB': '-',
          'MiB per 1,000 idle sockets': '-',
          ok: `connect failed: ${(err as Error).message}`,
        });
        break;
      }
      await sleep(1500);
      const chat = await chatLatency(sender, receiver, freightId, messages, `cap${step}`);
      const c = summarize(chat.push);
      const ok = c.p99 < 100;
      if (ok) best = step;
      const rss = server.rssMiB();
      rows.push({
        sockets: step,
        'chat p50 ms': c.p50,
        'chat p99 ms': c.p99,
        'server RSS MiB': rss,
        'MiB per 1,000 idle sockets': round(((rss - base) / step) * 1000, 1),
        ok: ok ? 'yes' : 'no (p99 ≥ 100 ms)',
      });
      ctx.log(`  ${step} idle sockets: chat p99 ${c.p99} ms, RSS ${server.rssMiB()} MiB`);
      if (!ok) break;
    }
    receiver.disconnect();
    sender.disconnect();
    ctx.log(`  base RSS ${base} MiB`);
  } finally {
    closeSockets(held);
    await server.stop();
  }
  return {
    name: 'Capacity: memory per idle socket, and sockets one server process holds with chat p99 < 100 ms',
    parameters: { steps, messagesPerStep: messages },
    rows,
    notes: [
      'Idle sockets: authenticated (session cookie) Socket.IO connections over WebSocket, in no freight room. Memory per 1,000: (RSS at the step − RSS before any socket) ÷ sockets.',
      `Largest step with chat p99 under 100 ms: ${best} sockets. Client sockets run in the benchmark process on the same 2 cores, so the server gets about one core.`,
    ],
  };
}
