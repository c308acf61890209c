import type { Redis } from 'ioredis';
import type { Logger } from './logger';
import type { Secrets } from './secrets';
import type { FileStore } from './storage/fileStore';

/**
 * The one way a module reaches the process's infrastructure (issue 26): createRuntime binds what it connected, once,
 * before anything runs, and every module reads it here when it needs it. No module keeps its own copy of a
 * connection, key or prefix (they all change together when a process makes a new runtime, as tests do).
 */
export interface Infrastructure {
  /** The command connection (fails fast while Redis is away). */
  redis: Redis;
  /** Key prefix for every Redis key this deployment writes. */
  redisPrefix: string;
  log: Logger;
  secrets: Secrets;
  /** Encrypted file storage (documents, photos, chat images). */
  files: FileStore;
  /** RATE_LIMITS_ENABLED: false only for load tests and benchmarks. */
  rateLimitsEnabled: boolean;
  /** API_KEY_REQUESTS_PER_MINUTE: each public-API key's limit (issue 30). */
  apiKeyRequestsPerMinute: number;
  /** WEBHOOK_ALLOWED_PRIVATE_TARGETS: private addresses or ranges webhooks may reach (issue 30). */
  webhookAllowedPrivateTargets: string;
  /** PASSWORD_HASHING: argon2id's standard cost, or its smallest for test runs (refused in production). */
  passwordHashing: 'standard' | 'fast';
  /** PASSWORD_STRENGTH_CHECK: zxcvbn with its fuzzy pass, or without it for test runs (refused in production). */
  passwordStrengthCheck: 'full' | 'dictionary';
  /** GEOCODER_URL: the Nominatim-compatible geocoder stops' addresses are looked up at; null offline. */
  geocoderUrl?: string | null;
}

let bound: Infrastructure | null = null;

/** Called once by createRuntime, before anything reaches the infrastructure. */
export function bindInfrastructure(infra: Infrastructure): void {
  bound = infra;
}

function infra(): Infrastructure {
  if (!bound) throw new Error('The infrastructure is not bound: createRuntime binds it at boot');
  return bound;
}

/** The Redis command connection. */
export const redis = (): Redis => infra().redis;
/** The deployment's Redis key prefix. */
export const redisPrefix = (): string => infra().redisPrefix;
/** The process's file store. */
export const fileStore = (): FileStore => infra().files;
/** The deployment's secrets (session secret, file encryption key). */
export const secrets = (): Secrets => infra().secrets;
/** The process's logger. */
export const logger = (): Logger => infra().log;
/** How new password hashes are made: the standard cost where no runtime is bound (the create-admin script). */
export const passwordHashing = (): 'standard' | 'fast' => bound?.passwordHashing ?? 'standard';
/** How new passwords' strength is checked: in full where no runtime is bound. */
export const passwordStrengthCheck = (): 'full' | 'dictionary' => bound?.passwordStrengthCheck ?? 'full';
/** The geocoder's base URL, null when none is configured (and where no runtime is bound). */
export const geocoderUrl = (): string | null => bound?.geocoderUrl ?? null;
/** Whether rate limits and socket caps apply. */
export const rateLimitsEnabled = (): boolean => infra().rateLimitsEnabled;

/**
 * A value made from the bound infrastructure (rate limiters, a derived signing key): made on first use and made again
 * after a new binding, so it never outlives the runtime it was made for.
 */
export function fromInfrastructure<T>(make: (infra: Infrastructure) => T): () => T {
  let madeFor: Infrastructure | null = null;
  let value: T;
  return () => {
    const current = infra();
    if (madeFor !== current) {
      value = make(current);
      madeFor = current;
    }
    return value;
  };
}
