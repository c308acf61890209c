import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the processes read; `.env.example` lists them with the same defaults. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(5000),
  /** Loopback unless set: `npm start` on a laptop is not reachable from the network (docker sets 0.0.0.0). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb://')
    .optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('freight'),
  /**
   * FerretDB on PostgreSQL: its PostgreSQL database, for the index set-up of DESIGN §2.2 (the launcher sets it for
   * the processes it starts). Unset on MongoDB and FerretDB/SQLite.
   */
  FERRETDB_POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** The folder holding PostgreSQL's initdb and postgres for the embedded cluster (default: the newest found). */
  POSTGRES_BIN_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  REDIS_PREFIX: z.string().default('fm:'),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  ENABLE_TEST_ACCOUNTS: booleanFlag.optional(),
  SERVICES: z
    .string()
    .default('web,worker')
    .refine(
      (v) => v.split(',').every((s) => ['web', 'worker'].includes(s.trim())),
      'must list web and/or worker',
    ),
  PUBLIC_URL: z.string().url('must be a URL').optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /** Per-user rate limits and socket caps (issue 12); off only for load tests and benchmarks. */
  RATE_LIMITS_ENABLED: booleanFlag.default(true),
  /** Requests one API key may make per minute on /api/v1 (issue 30). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Webhook targets allowed although private, loopback or link-local (issue 30): comma-separated IP addresses or
   * CIDR ranges an operator names (tests name 127.0.0.1). Unset: only public addresses receive deliveries.
   */
  WEBHOOK_ALLOWED_PRIVATE_TARGETS: z.string().default(''),
  /**
   * How long a signed-in page may take to be drawn on the server before the visitor gets index.html and the browser
   * draws it (issue 24). The tests raise it: on a loaded test machine a page took longer, and what they check is the
   * page drawn, not the machine's speed.
   */
  PAGE_RENDER_BUDGET_MS: z.coerce.number().int().min(100).default(3_000),
  /** Sign-ups accepted from one IP address per hour (behind a proxy, set TRUST_PROXY so each client counts alone). */
  REGISTER_LIMIT_PER_HOUR: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .default(10),
  /**
   * Where mail goes (issue 27), e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. Unset: `npm start` runs
   * a mail sink on loopback whose messages the admin mailbox (/admin/mail) shows; other processes send nothing.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** The From of every email. */
  MAIL_FROM: z.string().trim().min(3).default('FreightConnect <no-reply@freightconnect.localhost>'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * A Nominatim-compatible geocoder (issue 39): a stop's street address is looked up at `{url}/search`. Unset (the
   * default, offline): a stop's point is its ZIP's centre (else its city's), marked approximate.
   */
  GEOCODER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url('must be a URL').optional()),
  /** Where the built web app is served from (default web/dist). */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Test runs only: `fast` stores new passwords as argon2id at its smallest cost, so the suites' hundreds of
   * sign-ups and sign-ins do not each spend the standard hash's CPU. Refused with NODE_ENV=production.
   */
  PASSWORD_HASHING: z.enum(['standard', 'fast']).default('standard'),
  /**
   * Test runs only: `dictionary` checks a new password's strength against zxcvbn's dictionaries, patterns and the
   * user's own words but without the fuzzy (edit-distance) pass over every dictionary word, which alone costs about
   * half a second of CPU per sign-up. The password-strength tests keep `full`. Refused with NODE_ENV=production.
   */
  PASSWORD_STRENGTH_CHECK: z.enum(['full', 'dictionary']).default('full'),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Omit<Env, 'ENABLE_TEST_ACCOUNTS' | 'SERVICES'> {
  ENABLE_TEST_ACCOUNTS: boolean;
  SERVICES: ('web' | 'worker')[];
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${value !== undefined ? ` (got "${value}")` : ''}`,
    );
  }
  const e = parsed.data;
  if (e.PASSWORD_HASHING === 'fast' && e.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration: PASSWORD_HASHING=fast is for tests only (NODE_ENV is production)',
    );
  if (e.PASSWORD_STRENGTH_CHECK === 'dictionary' && e.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration: PASSWORD_STRENGTH_CHECK=dictionary is for tests only (NODE_ENV is production)',
    );
  return {
    ...e,
    ENABLE_TEST_ACCOUNTS: e.ENABLE_TEST_ACCOUNTS ?? e.NODE_ENV !== 'production',
    SERVICES: e.SERVICES.split(',').map((s) => s.trim()) as ('web' | 'worker')[],
  };
}

/** Parses process.env or stops the process with one line naming the variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Whether `host` only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * The warning a web process prints at start when the test accounts (public password, one of them an admin) are on
 * and it listens beyond this machine; null otherwise.
 */
export function testAccountsExposureWarning(
  config: Pick<Config, 'ENABLE_TEST_ACCOUNTS' | 'HOST'>,
): string | null {
  if (!config.ENABLE_TEST_ACCOUNTS || isLoopbackHost(config.HOST)) return null;
  return (
    `Warning: test accounts are enabled and the server listens on ${config.HOST}: anyone who can reach it can ` +
    'sign in as admin@test.local. Set ENABLE_TEST_ACCOUNTS=false, or HOST=127.0.0.1.'
  );
}
