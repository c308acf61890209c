import { spawn, type ChildProcess } from 'node:child_process';
import { bundledEntry } from '../scripts/bundledEntry';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ClientToServerEvents, type ServerToClientEvents } from '@freight/shared';
import { generate } from 'otplib';
import { io as ioClient, type Socket } from 'socket.io-client';

/** Strong enough for the sign-up password check. */
const BENCH_USER_PASSWORD = 'Bench-Lane-Relay-42';

export const REPO = path.resolve(import.meta.dirname, '..');
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * How big a run is: `full` (`npm run bench`), `quick` (`npm run bench -- --quick`, under 2 minutes) or `tiny` (every
 * scenario's set-up and one small measured round in seconds: the CI check bench/scenarios.smoke.test.ts).
 */
export type BenchSize = 'full' | 'quick' | 'tiny';

export interface BenchContext {
  size: BenchSize;
  mongoUri: string;
  redisUrl: string;
  database: string;
  mongoKind: string;
  /** Environment shared by every server process of this run (same database and Redis prefix). */
  serverEnv: Record<string, string>;
  log(line: string): void;
}

/**
 * The context of one run: its own database and Redis prefix on the given services, and the environment of every
 * server process it starts (production mode, no test accounts, no rate limits).
 */
export function benchContext(opts: {
  size: BenchSize;
  services: { mongoUri: string; redisUrl: string; postgresUrl?: string | null };
  mongoKind: string;
  database: string;
  dataDir: string;
  log(line: string): void;
}): BenchContext {
  const { services, database } = opts;
  return {
    size: opts.size,
    mongoUri: services.mongoUri,
    redisUrl: services.redisUrl,
    database,
    mongoKind: opts.mongoKind,
    log: opts.log,
    serverEnv: {
      NODE_ENV: 'production',
      MONGODB_URI: services.mongoUri,
      REDIS_URL: services.redisUrl,
      // On FerretDB/PostgreSQL: without it the servers never add the PostgreSQL side of the indexes and every
      // equality is a sequential scan.
      ...(services.postgresUrl ? { FERRETDB_POSTGRES_URL: services.postgresUrl } : {}),
      MONGODB_DB: database,
      REDIS_PREFIX: `${database}:`,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ENABLE_TEST_ACCOUNTS: 'false',
      // The scenarios hammer one user's chat and open many sockets per user: per-user limits would answer 429.
      RATE_LIMITS_ENABLED: 'false',
      REGISTER_LIMIT_PER_HOUR: '1000000', // every bench user signs up from 127.0.0.1
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
      // The tiny size's figures mean nothing; its servers sign users up and in at the test suites' cost (the
      // standard password hash and strength check cost a second of CPU per sign-up, which both refuse in production).
      ...(opts.size === 'tiny'
        ? { NODE_ENV: 'test', PASSWORD_HASHING: 'fast', PASSWORD_STRENGTH_CHECK: 'dictionary' }
        : {}),
    },
  };
}

export interface ScenarioResult {
  name: string;
  parameters: Record<string, unknown>;
  /** Rows for the Markdown table: every row has the same keys. */
  rows: Record<string, string | number>[];
  notes?: string[];
  extra?: Record<string, unknown>;
}

export function machineInfo(mongoKind: string) {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    database: mongoKind,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    mean: round(mean),
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s[s.length - 1] ?? NaN),
  };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sizes a two-size scenario builds a world for (a database, a server process, the measured users signed up and
 * their data made through the API): each size once. The tiny size, the CI smoke, gives one size twice: its figures
 * mean nothing, and a second world cost the suite about a minute of CPU.
 */
export function worldSizes(sizes: [number, number]): number[] {
  return [...new Set(sizes)];
}

/** The worlds in the columns' order: one world built for a size given twice stands in both. */
export function twoColumns<T>(worlds: T[]): T[] {
  return worlds.length === 1 ? [worlds[0]!, worlds[0]!] : worlds;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Starts one server process (scripts/roles.ts) on a free port with the run's database and Redis prefix. */
export async function startServer(
  ctx: BenchContext,
  opts: { services?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server processes only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    // Bundled: Node loads it in well under half the CPU `--import tsx` takes (scripts/bundledEntry.ts).
    [...nodeArgs, await bundledEntry('scripts/roles.ts')],
    {
      cwd: REPO,
      env: {
        ...process.env,
        ...ctx.serverEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        SERVICES: opts.services ?? 'web,worker',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: at 100,000 documents per collection a start builds the book from tens of thousands of open loads
    // and creates the storage indexes of collections seeded since the previous start (the growth scenario logs it).
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 15 * 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      const m = /Server ready(?: at (http:\/\/\S+))?/.exec(String(d));
      if (m) {
        clearTimeout(timer);
        resolve((m[1] ?? '').replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid!,
    child,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return round(kb / 1024, 1);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** A signed-in API client (cookie session) for a server process. */
export class BenchClient {
  cookie = '';
  userId = '';
  email = '';
  readonly password = BENCH_USER_PASSWORD;
  /** The TOTP seed once two-factor sign-in is on (turnOnTwoFactor), and the last time step a code was made for. */
  private totpSecret = '';
  private totpStep = 0;
  constructor(readonly baseUrl: string) {}

  async request(method: string, p: string, body?: unknown): Promise<Response> {
    const res = await fetch(this.baseUrl + p, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie: this.cookie },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('fm.sid='));
    if (set) this.cookie = set;
    return res;
  }

  async json<T = unknown>(method: string, p: string, body?: unknown): Promise<T> {
    const res = await this.request(method, p, body);
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Registers a fresh user of the given type and signs in. */
  async signUp(userType: string, tag = userType): Promise<this> {
    this.email = `${tag}.${randomBytes(5).toString('hex')}@bench.local`;
    await this.json('POST', '/api/auth/register', {
      email: this.email,
      password: this.password,
      confirmPassword: this.password,
      firstName: 'Bench',
      lastName: tag,
      userType: ['carrier', 'shipper', 'broker', 'air_cargo'].includes(userType) ? userType : 'carrier',
      companyName: `Bench ${tag}`,
    });
    return this.signIn();
  }

  /**
   * Signs in with the password, as the web app does: a new session; with two-factor sign-in on, the password step
   * answers a challenge and the authenticator's current code completes it.
   */
  async signIn(): Promise<this> {
    this.cookie = '';
    const first = await this.json<{ id?: string; twoFactorRequired?: boolean }>('POST', '/api/auth/login', {
      email: this.email,
      password: this.password,
    });
    const user = first.twoFactorRequired
      ? await this.json<{ id: string }>('POST', '/api/auth/login/2fa', { code: await this.totpCode() })
      : first;
    this.userId = user.id!;
    return this;
  }

  /**
   * Turns on two-factor sign-in the way a user does on the account page (issue 27): asks for a new secret (the QR
   * code's), confirms it with the authenticator's code, then signs in again with password and code.
   */
  async turnOnTwoFactor(): Promise<this> {
    const setup = await this.json<{ secret: string }>('POST', '/api/auth/2fa/setup');
    this.totpSecret = setup.secret;
    await this.json('POST', '/api/auth/2fa/enable', { code: await this.totpCode() });
    return this.signIn();
  }

  /**
   * The authenticator app's code (otplib, as the server checks it). The server takes each time step's code once,
   * so a second code inside one 30 s step is the next step's, which it accepts as the neighbouring one (an app user
   * would wait for the next code instead).
   */
  private async totpCode(): Promise<string> {
    if (!this.totpSecret) throw new Error(`${this.email}: two-factor sign-in is not on (turnOnTwoFactor)`);
    this.totpStep = Math.max(Math.floor(Date.now() / 30_000), this.totpStep + 1);
    return generate({ secret: this.totpSecret, epoch: this.totpStep * 30 });
  }

  socket(baseUrl = this.baseUrl): Promise<ClientSocket> {
    const socket: ClientSocket = ioClient(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie },
      forceNew: true,
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
}

/** Opens `count` sockets in batches (so the handshakes do not all land at once). */
export async function openSockets(
  client: BenchClient,
  count: number,
  baseUrl = client.baseUrl,
  batch = 200,
): Promise<ClientSocket[]> {
  const sockets: ClientSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, () => client.socket(baseUrl)),
      )),
    );
  }
  return sockets;
}

export function closeSockets(sockets: ClientSocket[]) {
  for (const s of sockets) s.disconnect();
}
