import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../../http/errors';
import { logger, passwordStrengthCheck } from '../../infra/services';
import type { PasswordStrengthTask } from './passwordStrength.worker';

/**
 * zxcvbn takes about half a second of CPU per password, several seconds on a busy machine (its fuzzy match of the
 * whole password against every dictionary word), so the check runs in a small pool of worker threads and the event
 * loop keeps answering every other request meanwhile. The pool starts on the first check, its threads end after a
 * minute idle, and the last web service of the process to close closes it.
 */
export const passwordCheckLimits = {
  /** One core stays for the event loop. */
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** Checks waiting beyond the running ones: past this a sign-up is told to retry (503) rather than wait minutes. */
  queued:
    (Number(process.env.PASSWORD_CHECKS_QUEUED_PER_THREAD) || 32) *
    Math.max(1, Math.min(2, availableParallelism() - 1)),
};
const IDLE_MS = 60_000;
export const PASSWORD_CHECK_RETRY_AFTER_SECONDS = 5;
/** Piscina's error for a task refused by a full queue. */
const QUEUE_FULL = 'Task queue is at limit';

// A worker thread does not inherit the parent's TypeScript loader (tsx under `npm start`, vitest's in tests): each
// thread loads tsx itself.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let pool: Piscina<PasswordStrengthTask, string | null> | null = null;
let users = 0;

function startedPool(): Piscina<PasswordStrengthTask, string | null> {
  if (pool) return pool;
  pool = new Piscina({
    filename: new URL('./passwordStrength.worker.ts', import.meta.url).href,
    execArgv: ['--import', tsxLoader],
    minThreads: 0,
    maxThreads: passwordCheckLimits.threads,
    maxQueue: passwordCheckLimits.queued,
    idleTimeout: IDLE_MS,
  });
  // A thread that fails outside a check (its task's caller gets its own error) is replaced by the pool; unheard,
  // the event would end the process.
  pool.on('error', (err: unknown) => {
    try {
      logger().error('A password-check thread failed', err);
    } catch {
      console.error('A password-check thread failed', err); // no runtime bound (a script)
    }
  });
  return pool;
}

/** Ends the pool once no service uses it: checks already running or queued finish first. */
async function closeIfUnused(): Promise<void> {
  if (users > 0 || !pool) return;
  const closing = pool;
  pool = null; // a check that comes later starts a new pool
  await closing.close().catch(() => closing.destroy());
}

/** A service that makes password checks (the web role) holds the pool until it calls the returned release. */
export function usePasswordChecks(): () => Promise<void> {
  users++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    users--;
    await closeIfUnused();
  };
}

let inFlight = 0;

/** Checks running or queued in this process (tests). */
export function passwordChecksInFlight(): number {
  return inFlight;
}

/** The pool's threads now (tests). */
export function passwordCheckThreads(): readonly Worker[] {
  return pool?.threads ?? [];
}

/**
 * Why `password` is too easy to guess, or null when it is strong enough (passwordStrength.ts decides), worked out off
 * the event loop. A 503 with Retry-After when too many checks already wait.
 */
export async function passwordWeaknessOffThread(
  password: string,
  userInputs: Array<string | null | undefined>,
): Promise<string | null> {
  inFlight++;
  try {
    return await startedPool().run({ password, userInputs, fuzzy: passwordStrengthCheck() === 'full' });
  } catch (err) {
    if (err instanceof Error && err.message === QUEUE_FULL) throw checksBusy();
    throw err;
  } finally {
    inFlight--;
    // A check made with no service holding the pool (a script) does not keep its threads.
    if (users === 0) void closeIfUnused();
  }
}

function checksBusy(): AppError {
  const err = new AppError(
    'SERVICE_UNAVAILABLE',
    'Too many passwords are being checked right now. Please try again in a few seconds.',
  );
  err.retryAfterSeconds = PASSWORD_CHECK_RETRY_AFTER_SECONDS;
  return err;
}
