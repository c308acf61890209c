import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  TEST_ACCOUNT_PASSWORD,
  authorityNumbersOf,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type UserDto,
} from '@freight/shared';
import { parseConfig, type Config } from '@freight/server/config';
import { createRuntime, type Runtime } from '@freight/server/runtime';
import { startWeb, type WebService } from '@freight/server/web';
import { startWorkers, type WorkerService } from '@freight/workers';
import { verificationLinkFor } from '@freight/server/features/account/service';
import { startMailSink, type SinkMessage } from '@freight/dev-services';
import mongoose from 'mongoose';
import { io as ioClient, type Socket } from 'socket.io-client';
import request from 'supertest';
import { inject } from 'vitest';
import './providedContext';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestApp {
  url: string;
  rt: Runtime;
  web: WebService;
  workers: WorkerService | null;
  config: Config;
  /** Environment that points another process at the same database and Redis prefix (two-node tests). */
  env: Record<string, string>;
  client(): TestClient;
  close(): Promise<void>;
}

export function serviceUrls() {
  return {
    mongoUri: process.env.TEST_MONGODB_URI ?? inject('mongoUri'),
    redisUrl: process.env.TEST_REDIS_URL ?? inject('redisUrl'),
    postgresUrl: process.env.TEST_FERRETDB_POSTGRES_URL ?? inject('ferretdbPostgresUrl'),
  };
}

/**
 * Databases an app of this process closed and emptied, for the next app on the run's shared services: a fresh
 * database costs its collections and indexes (about a second of FerretDB's and PostgreSQL's CPU, every test file),
 * an emptied one keeps them, and the next app does not ask for them again (`schemaInPlace`: about 170 commands and
 * half a second of CPU an app).
 */
const emptiedDatabases: string[] = [];
/** Apps of this process not closed yet: mongoose's one connection is theirs, so only the last one may empty it. */
let openApps = 0;

/**
 * Deletes every document of the connected database when it holds exactly the models' collections (a test that made
 * or dropped one leaves a database that is dropped instead). True when it is empty and ready for another app.
 */
async function emptyForReuse(database: string): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db || db.databaseName !== database || openApps !== 0) return false;
  try {
    const expected = new Set(Object.values(mongoose.models).map((m) => m.collection.collectionName));
    const present = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    if (present.length !== expected.size || present.some((name) => !expected.has(name))) return false;
    await Promise.all(present.map((name) => db.collection(name).deleteMany({})));
    return true;
  } catch {
    return false;
  }
}

/**
 * The real app on real MongoDB and Redis, on a random port, with its own database and Redis key prefix.
 * `workers: true` runs the worker role in the same process (as `npm start` does).
 */
export async function startTestApp(
  opts: {
    workers?: boolean;
    env?: Record<string, string>;
    /** Services of the test's own (an outage test that kills them), instead of the run's shared ones. */
    services?: { mongoUri: string; redisUrl: string; postgresUrl?: string | null };
  } = {},
): Promise<TestApp> {
  const id = randomBytes(4).toString('hex');
  const reusable = !opts.services && !opts.env?.MONGODB_DB;
  const emptied = reusable ? emptiedDatabases.pop() : undefined;
  const database = emptied ?? `t_${id}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'freight-app-'));
  const { mongoUri, redisUrl, postgresUrl } = opts.services
    ? { ...opts.services, postgresUrl: opts.services.postgresUrl ?? '' }
    : serviceUrls();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    MONGODB_DB: database,
    REDIS_PREFIX: `t${id}:`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ENABLE_TEST_ACCOUNTS: 'true',
    MAP_TILE_URL: '',
    // Every test user registers from 127.0.0.1; the sign-up throttle has its own test.
    REGISTER_LIMIT_PER_HOUR: '100000',
    // Argon2id at its smallest cost: the suites sign up and sign in thousands of times (login.security.test.ts keeps
    // the standard cost for its timing check).
    PASSWORD_HASHING: 'fast',
    // zxcvbn without its fuzzy pass (half a second of CPU per sign-up); password.security.test.ts keeps the full check.
    PASSWORD_STRENGTH_CHECK: 'dictionary',
    // A signed-in page drawn on the server even when the loaded test machine takes longer than a visitor would wait.
    PAGE_RENDER_BUDGET_MS: '30000',
    ...(postgresUrl ? { FERRETDB_POSTGRES_URL: postgresUrl } : {}),
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...opts.env,
  };
  const config = parseConfig(env);
  const rt = await createRuntime({ config, mongoUri, redisUrl, schemaInPlace: emptied !== undefined });
  openApps++;
  const web = await startWeb(rt, { port: 0, host: '127.0.0.1' });
  const workers = opts.workers ? await startWorkers(rt, { schedules: false }) : null;
  const url = `http://127.0.0.1:${web.port}`;
  return {
    url,
    rt,
    web,
    workers,
    config,
    env,
    client: () => new TestClient(url),
    async close() {
      await workers?.close();
      await rt.projectors.stop(); // before the socket server closes, as in server/src/main.ts
      await web.close();
      openApps--;
      if (reusable && (await emptyForReuse(database))) emptiedDatabases.push(database);
      else await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      const keys = await rt.redis.keys(`${config.REDIS_PREFIX}*`);
      if (keys.length) await rt.redis.del(...keys);
      await rt.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The password registered test users choose: strong enough for the sign-up check (test accounts keep Test1234!). */
export const TEST_USER_PASSWORD = 'Freight-Lane-42!';

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${Date.now().toString(36)}.${counter++}@example.test`;
}

/**
 * Gives a carrier its MC and USDOT numbers and a broker its MC (issue 39: verification completes only with its
 * USDOT or MC), random and so unique to the account; a number another account holds (409) is drawn again. Nothing
 * for other types.
 */
export async function giveRoadNumbers(
  client: TestClient,
  userType: string | null | undefined,
): Promise<void> {
  const fields = userType === 'carrier' || userType === 'broker' ? authorityNumbersOf(userType) : [];
  for (let attempt = 0; fields.length > 0; attempt++) {
    const number = () => String(10_000_000 + (randomBytes(4).readUInt32BE() % 89_999_999));
    const body = Object.fromEntries(fields.map((f) => [f, number()]));
    const res = await client.put('/api/users/me/authority', body);
    if (res.status === 200) return;
    if (res.status !== 409 || attempt >= 4) throw new Error(`road numbers: ${res.status} ${res.text}`);
  }
}

/** An HTTP client that keeps its session cookie, plus sockets that use it. */
export class TestClient {
  cookie = '';
  user: UserDto | null = null;
  private sockets: ClientSocket[] = [];
  constructor(readonly baseUrl: string) {}

  private capture(res: request.Response) {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    const sid = set?.map((c) => c.split(';')[0]).find((c) => c.startsWith('fm.sid='));
    if (sid) this.cookie = sid;
    return res;
  }

  async get(p: string) {
    return this.capture(await request(this.baseUrl).get(p).set('Cookie', this.cookie));
  }
  async post(p: string, body?: object) {
    const r = request(this.baseUrl).post(p).set('Cookie', this.cookie);
    return this.capture(await (body === undefined ? r : r.send(body)));
  }
  async put(p: string, body?: object) {
    return this.capture(
      await request(this.baseUrl)
        .put(p)
        .set('Cookie', this.cookie)
        .send(body ?? {}),
    );
  }
  async patch(p: string, body?: object) {
    return this.capture(
      await request(this.baseUrl)
        .patch(p)
        .set('Cookie', this.cookie)
        .send(body ?? {}),
    );
  }
  async delete(p: string) {
    return this.capture(await request(this.baseUrl).delete(p).set('Cookie', this.cookie));
  }
  /** A raw supertest request carrying the session (for multipart uploads and custom headers). */
  raw(method: 'get' | 'post' | 'put' | 'patch' | 'delete', p: string) {
    return request(this.baseUrl)[method](p).set('Cookie', this.cookie);
  }

  async login(email: string, password = TEST_ACCOUNT_PASSWORD): Promise<UserDto> {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
    this.user = res.body;
    return res.body;
  }

  async registerAndLogin(overrides: Record<string, unknown> = {}): Promise<UserDto> {
    const email = (overrides.email as string) ?? uniqueEmail(String(overrides.userType ?? 'user'));
    const body = {
      email,
      password: TEST_USER_PASSWORD,
      confirmPassword: TEST_USER_PASSWORD,
      firstName: 'Test',
      lastName: 'User',
      userType: 'carrier',
      companyName: 'Acme Freight',
      phoneNumber: '555-0101',
      ...overrides,
    };
    delete (body as Record<string, unknown>).verifyEmail;
    const res = await this.post('/api/auth/register', body);
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    if (overrides.verifyEmail !== false) await this.verifyEmail((res.body as UserDto).id);
    return this.login(email, body.password as string);
  }

  /**
   * Proves the user's email the way the user does (issue 27): a verification link made by the same code that emails
   * one at sign-up, followed through GET /verify-email. (Tests that read the actual email use `startTestMailbox`.)
   */
  async verifyEmail(userId: string): Promise<void> {
    const link = await verificationLinkFor(userId);
    const res = await request(this.baseUrl).get(new URL(link).pathname + new URL(link).search);
    if (res.status !== 303) throw new Error(`email verification failed: ${res.status} ${res.text}`);
  }

  /** Opens a socket with this client's session and waits until it is connected. */
  async socket(baseUrl = this.baseUrl): Promise<ClientSocket> {
    const socket: ClientSocket = ioClient(baseUrl, {
      transports: ['websocket'],
      extraHeaders: this.cookie ? { Cookie: this.cookie } : {},
      forceNew: true,
      reconnection: false,
    });
    this.sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return socket;
  }

  closeSockets() {
    for (const s of this.sockets) s.disconnect();
    this.sockets = [];
  }
}

/** Resolves with the next payload of `event` that matches; rejects after `timeoutMs`. */
export function nextEvent<E extends ServerEventName>(
  socket: ClientSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const s = socket as unknown as {
      on(e: string, h: (p: unknown) => void): void;
      off(e: string, h: (p: unknown) => void): void;
    };
    const timer = setTimeout(() => {
      s.off(event, handler);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const handler = (payload: unknown) => {
      if (!match(payload as ServerEventPayload<E>)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(payload as ServerEventPayload<E>);
    };
    s.on(event, handler);
  });
}

/** Collects every payload of `event` until read (to prove something did NOT arrive, or arrived once). */
export function collectEvents<E extends ServerEventName>(socket: ClientSocket, event: E) {
  const seen: ServerEventPayload<E>[] = [];
  (socket as unknown as { on(e: string, h: (p: unknown) => void): void }).on(event, (p) =>
    seen.push(p as ServerEventPayload<E>),
  );
  return seen;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value (for effects that happen in a worker). */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/**
 * Starts a second web process on the same database and Redis prefix (and the same settings, `env` changing some);
 * resolves with its URL once it listens. `crash()` kills it with SIGKILL (no cleanup at all, as a crash would) and
 * resolves when it is gone. It runs the entry bundled (scripts/bundledEntry.ts): the server loads in about 2.5 s of CPU,
 * where `--import tsx` took about 6 s, and a run starts dozens.
 */
export async function startSecondNode(
  app: TestApp,
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void>; crash(): Promise<void>; output(): string }> {
  const { spawn } = await import('node:child_process');
  const repo = path.resolve(import.meta.dirname, '..');
  const { bundledEntry } = await import('../scripts/bundledEntry');
  const child = spawn(process.execPath, [await bundledEntry('test/fixtures/webNode.ts')], {
    cwd: repo,
    env: { ...process.env, ...app.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => (stdout += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`second node did not start: ${stderr}`)), 180_000); // a readiness bound for a loaded machine, not a timing assertion
    child.stdout.on('data', (d: Buffer) => {
      const m = /LISTENING (\d+)/.exec(String(d));
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`second node exited ${code}: ${stderr}`)));
  });
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => end('SIGTERM'),
    crash: () => end('SIGKILL'),
    output: () => stdout + stderr,
  };
}

/**
 * A real SMTP server on loopback for one test file (issue 27): start the app with `env: { SMTP_URL: box.url }` and
 * read what arrives, parsed by mailparser. `refuse = true` makes it answer 550 to every message.
 */
export async function startTestMailbox() {
  const messages: SinkMessage[] = [];
  const box = {
    messages,
    refuse: false,
    url: '',
    /** The first message to `to` whose subject matches (waits for it). */
    async next(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SinkMessage> {
      return eventually(
        async () =>
          messages.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject)),
        timeoutMs,
      );
    },
    /** Every message to `to` so far. */
    to(to: string): SinkMessage[] {
      return messages.filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    },
    stop: async () => undefined as void,
  };
  const sink = await startMailSink({
    onMessage: (m) => {
      messages.push(m);
    },
    refuse: () => (box.refuse ? 'Mailbox unavailable' : null),
  });
  box.url = sink.url;
  box.stop = sink.stop;
  return box;
}

/** The first link in a message's text body that goes to `path` (e.g. /reset-password). */
export function linkIn(message: { text: string }, pathPrefix: string): string {
  const m = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(message.text);
  if (!m) throw new Error(`no ${pathPrefix} link in: ${message.text}`);
  return m[0];
}
