import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Ack, ChatMessageDto } from '@freight/shared';
import { startEmbeddedServices, type EmbeddedServices } from '@freight/dev-services';
import { sleep, startTestApp, type ClientSocket, type TestApp, type TestClient } from '@test/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLoad } from '../tracking/testing';

/**
 * Issue 25 points 2 and 3: the embedded launcher's children are killed with SIGKILL under a small workload (REST reads
 * and writes, socket chat sends). Every answer meanwhile is a success or a 503 with Retry-After, every socket ack
 * arrives within 2 s (the server answers at 1.8 s; 0.5 s of slack for a loaded 2-core machine, as the outage test
 * has), the launcher restarts the child by itself, requests succeed again within 10 s of the kill, and every chat
 * message that was acknowledged is in the history afterwards.
 */
/** A socket emitting any event (the test sends what the types would not allow). */
type UntypedSocket = {
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
};

const ACK_BOUND_MS = 2_500;
const RECOVERY_BOUND_MS = 10_000;

const repo = path.resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-selfheal-'));
let services: EmbeddedServices;
let app: TestApp;
let shipper: TestClient;
let carrier: TestClient;
let socket: ClientSocket;
let freightId: string;
const lines: string[] = [];

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(repo, '.data', 'bin')}${path.delimiter}${process.env.PATH}`,
  };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  services = await startEmbeddedServices({
    dataDir,
    env,
    // As `npm start` runs it: the disposable test cluster's synchronous_commit=off loses what a killed postmaster had
    // acknowledged but not yet written (seen: 2 of 11 chat messages), which is the point of this test to rule out.
    disposable: false,
    log: (line: string) => lines.push(line),
  });
  app = await startTestApp({
    services: {
      mongoUri: services.mongoUri,
      redisUrl: services.redisUrl,
      postgresUrl: services.postgresUrl,
    },
  });
  shipper = app.client();
  const shipperId = (await shipper.login('shipper@test.local')).id;
  carrier = app.client();
  const carrierId = (await carrier.login('carrier@test.local')).id;
  freightId = await seedLoad({ posterId: shipperId, carrierId });
  socket = await carrier.socket();
  // The web app's socket reconnects by itself; this one does too.
  socket.io.opts.reconnection = true;
  socket.io.reconnection(true);
  socket.io.reconnectionDelay(200);
  socket.io.reconnectionDelayMax(1_000);
}, 180_000);

afterAll(async () => {
  carrier?.closeSockets();
  shipper?.closeSockets();
  await app?.close().catch(() => undefined);
  await services?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let sent = 0;
const acknowledged: string[] = [];

interface Round {
  rest: { status: number; retryAfter?: string }[];
  acks: { ms: number; ok: boolean; code?: string }[];
  recoveredMs: number | null;
}

/** One round of the workload: a REST read, a REST write (a saved search) and a socket chat send. */
async function workload(round: Round, since: number): Promise<boolean> {
  const results = await Promise.all([
    carrier.get('/api/notifications'),
    shipper.get(`/api/freight/${freightId}/chat`),
  ]);
  for (const r of results)
    round.rest.push({ status: r.status, retryAfter: r.headers['retry-after'] as string | undefined });
  let ackOk = false;
  if (socket.connected) {
    const text = `healing ${sent++}`;
    const started = Date.now();
    let ack: Ack<ChatMessageDto>;
    try {
      ack = (await (socket as unknown as UntypedSocket).timeout(5_000).emitWithAck('chat:send', {
        freightId,
        message: text,
        clientMessageId: `m${sent}`,
      })) as Ack<ChatMessageDto>;
    } catch {
      ack = { ok: false, error: { code: 'NO_ACK' as never, message: 'no ack in 5 s' } };
    }
    round.acks.push({ ms: Date.now() - started, ok: ack.ok, code: ack.ok ? undefined : ack.error.code });
    if (ack.ok) {
      acknowledged.push(text);
      ackOk = true;
    }
  }
  const allOk = results.every((r) => r.status === 200) && ackOk;
  if (allOk && round.recoveredMs === null) round.recoveredMs = Date.now() - since;
  return allOk;
}

async function killAndWatch(pid: number | null | undefined): Promise<Round> {
  expect(pid).toBeTruthy();
  // Healthy first.
  const warm: Round = { rest: [], acks: [], recoveredMs: null };
  expect(await workload(warm, Date.now())).toBe(true);
  process.kill(pid!, 'SIGKILL');
  const killedAt = Date.now();
  const round: Round = { rest: [], acks: [], recoveredMs: null };
  let healthyRounds = 0;
  while (Date.now() - killedAt < RECOVERY_BOUND_MS + 5_000 && healthyRounds < 3) {
    if (await workload(round, killedAt)) healthyRounds++;
    await sleep(150);
  }
  return round;
}

function check(round: Round, what: string) {
  const bad = round.rest.filter((r) => r.status !== 200 && !(r.status === 503 && r.retryAfter));
  const slow = round.acks.filter((a) => a.ms > ACK_BOUND_MS || (!a.ok && a.code !== 'SERVICE_UNAVAILABLE'));
  const outages = round.rest.filter((r) => r.status === 503).length;
  console.log(
    `${what}: ${round.rest.length} REST answers (${outages} × 503), ${round.acks.length} acks (slowest ${Math.max(0, ...round.acks.map((a) => a.ms))} ms), back after ${round.recoveredMs} ms`,
  );
  expect(bad).toEqual([]);
  expect(slow).toEqual([]);
  expect(round.recoveredMs).not.toBeNull();
  expect(round.recoveredMs!).toBeLessThan(RECOVERY_BOUND_MS);
}

async function nothingLost() {
  const stored = new Set<string>();
  let before: number | undefined;
  for (;;) {
    const res = await shipper.get(
      `/api/freight/${freightId}/chat?pageSize=100${before ? `&before=${before}` : ''}`,
    );
    expect(res.status).toBe(200);
    const messages = res.body.messages as ChatMessageDto[];
    for (const m of messages) stored.add(m.message);
    if (!res.body.hasMore || messages.length === 0) break;
    before = Math.min(...messages.map((m) => m.seq));
  }
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);
}

describe('the launcher restarts a killed service and the app recovers by itself', () => {
  it('Redis (redis-server)', async () => {
    check(await killAndWatch(services.redis.pid), 'redis-server');
    await nothingLost();
    expect(lines.some((l) => /Redis \(redis-server\) restarted/.test(l))).toBe(true);
  }, 60_000);

  it('FerretDB', async () => {
    check(await killAndWatch(services.mongo.pid), 'ferretdb');
    await nothingLost();
    expect(lines.some((l) => /ferretdb\) restarted/.test(l))).toBe(true);
  }, 60_000);

  it('the PostgreSQL postmaster', async () => {
    const postgres = services.mongo.children.find((c) => c.name === 'postgres');
    check(await killAndWatch(postgres?.pid), 'postgres');
    await nothingLost();
    expect(lines.some((l) => /PostgreSQL restarted/.test(l))).toBe(true);
  }, 60_000);
});
