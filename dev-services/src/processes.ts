import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LineLogger } from './log';
import { freePort, waitForPort, type WaitOptions } from './ports';

/**
 * Child processes of the embedded launcher (mongod, ferretdb, redis-server, go).
 *
 * They must never outlive this process:
 * - on Linux they are started through `setpriv --pdeathsig SIGTERM` (util-linux), so the kernel sends them SIGTERM
 *   when this process dies, even by SIGKILL or a crash; services then also run in their own process group, so that
 *   Ctrl-C reaches only this process, which stops them in order;
 * - elsewhere they stay in our process group, so Ctrl-C in a terminal reaches them too;
 * - everywhere, an 'exit' hook sends SIGTERM to any that are still tracked.
 */

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (ENOENT, EACCES …). */
  error?: Error;
}

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number | undefined;
  readonly child: ChildProcess;
  /** Settles (never rejects) once the process has exited and its output has been read. */
  readonly exited: Promise<ExitInfo>;
  /** Whether the process is still running. */
  readonly running: boolean;
  /** The last few KB of its stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs` (5 s); resolves once the process is gone. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Run in its own process group (only when the parent-death signal is available). Default true. */
  ownGroup?: boolean;
  /** Called when the process exits without stop() having been called. */
  onUnexpectedExit?: (info: ExitInfo, output: string) => void;
  /** Run as this user and group (a root launcher runs PostgreSQL as `postgres`). */
  uid?: number;
  gid?: number;
  /** The signal stop() and the parent's death send first; SIGTERM by default (PostgreSQL's fast shutdown is SIGINT). */
  stopSignal?: NodeJS.Signals;
}

const OUTPUT_TAIL = 16 * 1024;
const LOOPBACK = '127.0.0.1';
/** Every child still running: the exit hook and stopAllManagedProcesses() reach them through this. */
const tracked = new Set<{ child: ChildProcess; stop(): Promise<void> }>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const p of tracked) {
      try {
        p.child.kill('SIGTERM');
      } catch {
        // already gone
      }
    }
  });
}

/** Absolute path of an executable named `name` on `env.PATH`, or null. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.resolve(dir, name + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let pdeathsigWrapper: string | null | undefined;

/** `setpriv` when it can set the parent-death signal here (Linux with util-linux ≥ 2.33), else null. */
function parentDeathWrapper(): string | null {
  if (pdeathsigWrapper !== undefined) return pdeathsigWrapper;
  pdeathsigWrapper = null;
  if (process.platform !== 'linux') return null;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find(isExecutableFile) ?? findExecutable('setpriv');
  if (!setpriv) return null;
  const probe = spawnSync(setpriv, ['--pdeathsig', 'SIGTERM', '--', setpriv, '--version'], {
    stdio: 'ignore',
    timeout: 5_000,
  });
  if (probe.status === 0) pdeathsigWrapper = setpriv;
  return pdeathsigWrapper;
}

/** Starts `command` with its output captured (last 16 KB kept) and tracks it until it exits. */
export function spawnManaged(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ManagedProcess {
  installExitHook();
  const wrapper = parentDeathWrapper();
  const [file, argv] = wrapper
    ? [wrapper, ['--pdeathsig', options.stopSignal ?? 'SIGTERM', '--', command, ...args]]
    : [command, [...args]];
  const child = spawn(file, argv, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: wrapper !== null && options.ownGroup !== false,
    windowsHide: true,
    uid: options.uid,
    gid: options.gid,
  });

  let tail = '';
  const collect = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let running = true;
  let stopping = false;
  let stopPromise: Promise<void> | null = null;

  const exited = new Promise<ExitInfo>((resolve) => {
    let info: ExitInfo | null = null;
    let done = false;
    const finish = () => {
      if (!info || done) return;
      done = true;
      running = false;
      tracked.delete(managed);
      if (!stopping) options.onUnexpectedExit?.(info, tail);
      resolve(info);
    };
    child.on('error', (error) => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) return; // kill() failure
      info ??= { code: null, signal: null, error };
      finish();
    });
    child.once('exit', (code, signal) => {
      info ??= { code, signal };
      // Give the pipes a moment to drain, without waiting on a grandchild that might hold them open.
      setTimeout(finish, 500).unref();
    });
    child.once('close', () => finish());
  });

  const managed: ManagedProcess = {
    name,
    pid: child.pid,
    child,
    exited,
    get running() {
      return running;
    },
    output: () => tail,
    stop(graceMs = 5_000) {
      stopping = true;
      stopPromise ??= (async () => {
        if (!running) {
          await exited;
          return;
        }
        child.kill(options.stopSignal ?? 'SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const escalated = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            if (running) child.kill('SIGKILL');
            resolve();
          }, graceMs);
        });
        await Promise.race([exited, escalated]);
        clearTimeout(timer);
        await exited;
      })();
      return stopPromise;
    },
  };
  if (child.pid !== undefined) tracked.add(managed);
  return managed;
}

/** Stops every child the launcher still tracks (for a shutdown path that lost its handles). */
export async function stopAllManagedProcesses(): Promise<void> {
  await Promise.all([...tracked].map((p) => p.stop()));
}

/** Thrown when a service exits before it accepts connections; `output` holds what it printed. */
export class ChildExitError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = 'ChildExitError';
  }
}

export interface StartServiceOptions extends SpawnOptions {
  name: string;
  command: string;
  args: readonly string[];
  host: string;
  port: number;
  timeoutMs: number;
  /** Readiness check; waitForPort by default. */
  ready?: (host: string, port: number, timeoutMs: number, options: WaitOptions) => Promise<void>;
}

/**
 * Starts a long-running service and resolves once it is ready. Rejects (after stopping the process) when it
 * exits early, with the tail of its output in the message, or when it is not ready within `timeoutMs`.
 */
export async function startService(options: StartServiceOptions): Promise<ManagedProcess> {
  const { name, command, args, host, port, timeoutMs } = options;
  const proc = spawnManaged(name, command, args, options);
  const abort = new AbortController();
  let ready = false;
  const exitedEarly = proc.exited.then((info) => {
    if (ready) return;
    const output = proc.output().trim();
    const how = info.error
      ? `could not be started (${info.error.message})`
      : `exited with ${info.signal ? `signal ${info.signal}` : `code ${info.code}`}`;
    throw new ChildExitError(
      `${name} ${how} before accepting connections on ${host}:${port}${output ? `:\n${lastLines(output, 20)}` : ''}`,
      output,
    );
  });
  exitedEarly.catch(() => undefined);
  try {
    await Promise.race([
      (options.ready ?? waitForPort)(host, port, timeoutMs, { signal: abort.signal }),
      exitedEarly,
    ]);
    ready = true;
    return proc;
  } catch (err) {
    ready = true;
    await proc.stop(2_000);
    if (err instanceof ChildExitError) throw err;
    const output = proc.output().trim();
    throw new Error(
      `${name} did not start: ${(err as Error).message}${output ? `\n${lastLines(output, 20)}` : ''}`,
      { cause: err },
    );
  } finally {
    abort.abort();
  }
}

export function lastLines(text: string, count: number): string {
  return text.split('\n').slice(-count).join('\n');
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a short-lived command to completion (output fully captured); kills it after `timeoutMs`. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs: number; uid?: number; gid?: number },
): Promise<CommandResult> {
  installExitHook();
  const wrapper = parentDeathWrapper();
  const [file, argv] = wrapper
    ? [wrapper, ['--pdeathsig', 'SIGTERM', '--', command, ...args]]
    : [command, [...args]];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      uid: options.uid,
      gid: options.gid,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => stdout.push(c));
    child.stderr?.on('data', (c: Buffer) => stderr.push(c));
    const entry = { child, stop: async () => void child.kill('SIGTERM') };
    tracked.add(entry);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    let settled = false;
    const settle = (code: number | null, extra = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      tracked.delete(entry);
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr:
          Buffer.concat(stderr).toString('utf8') +
          extra +
          (timedOut ? `\n(killed after ${Math.round(options.timeoutMs / 1000)} s)` : ''),
      });
    };
    child.on('error', (err) => settle(null, `\n${err.message}`));
    child.once('close', (code) => settle(code));
  });
}

/** On Linux, the command line of a live process (to check a recorded pid still is what we think); else null. */
export function processCommandLine(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * How the launcher keeps a service alive (issue 25): a child that dies without stop() is started again on the same
 * port after a growing pause (RESTART_BACKOFF_MS), so the app's connections, which retry every second, find it again
 * by themselves. A child that dies MAX_RESTARTS times within RESTART_WINDOW_MS keeps dying for a reason a restart
 * does not fix: it is reported once, with its last output, and left down. (In production, the platform supervises.)
 */
export interface Supervision {
  /** How the service is named in the log: `Redis (redis-server)`. */
  what: string;
  log: LineLogger;
  /** Runs before each restart (PostgreSQL: settle the stale postmaster.pid of the dead one). */
  beforeRestart?: () => Promise<void>;
  /** Called after each successful restart, with the new process. */
  onRestart?: (child: ManagedProcess) => void;
}

export const RESTART_BACKOFF_MS = [200, 500, 1_000, 2_000, 4_000];
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

/** Starts `options` and restarts it as Supervision says; the handle's pid and stop() follow the current child. */
export async function startSupervised(
  options: StartServiceOptions,
  supervision: Supervision,
): Promise<ManagedProcess> {
  const { what, log } = supervision;
  let recent: number[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: ManagedProcess;
  const launch = () => startService({ ...options, onUnexpectedExit: onExit });
  function onExit(info: ExitInfo, output: string): void {
    if (stopped) return;
    const how = info.error
      ? `could not be started (${info.error.message})`
      : info.signal
        ? `signal ${info.signal}`
        : `code ${info.code}`;
    const now = Date.now();
    recent = recent.filter((t) => now - t < RESTART_WINDOW_MS);
    if (recent.length >= MAX_RESTARTS) {
      const tail = lastLines(output.trim(), 10);
      log.warn(
        `${what} keeps dying: it exited ${recent.length + 1} times within ${RESTART_WINDOW_MS / 1000} s (last: ${how}). ` +
          `The launcher no longer restarts it; the app answers 503 until it is back. Fix the cause, then restart.` +
          (tail ? `\nIts last output:\n${tail}` : ''),
      );
      return;
    }
    const delay = RESTART_BACKOFF_MS[Math.min(recent.length, RESTART_BACKOFF_MS.length - 1)];
    recent.push(now);
    log.warn(`${what} exited unexpectedly (${how}); restarting it in ${delay} ms`);
    timer = setTimeout(() => {
      void (async () => {
        if (stopped) return;
        try {
          await supervision.beforeRestart?.();
          const next = await launch();
          if (stopped) return void (await next.stop());
          current = next;
          log.info(`${what} restarted (pid ${next.pid ?? '?'})`);
          supervision.onRestart?.(next);
        } catch (err) {
          onExit(
            { code: null, signal: null, error: err as Error },
            err instanceof ChildExitError ? err.output : '',
          );
        }
      })();
    }, delay);
    timer.unref();
  }
  current = await launch();
  return {
    name: current.name,
    get pid() {
      return current.pid;
    },
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    get running() {
      return current.running;
    },
    output: () => current.output(),
    stop(graceMs?: number) {
      stopped = true;
      clearTimeout(timer);
      return current.stop(graceMs);
    },
  };
}

/**
 * Starts a service on a free 127.0.0.1 port, trying another port when the first one was taken in the meantime;
 * with `supervision`, restarts it on that port whenever it dies (startSupervised).
 */
export async function startWithFreePort(
  describe: (
    port: number,
  ) => Omit<StartServiceOptions, 'host' | 'port' | 'timeoutMs'> &
    Partial<Pick<StartServiceOptions, 'timeoutMs' | 'ready'>>,
  supervision?: Supervision,
): Promise<{ child: ManagedProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(LOOPBACK);
    try {
      const options = { timeoutMs: 60_000, ...describe(port), host: LOOPBACK, port };
      const child = supervision ? await startSupervised(options, supervision) : await startService(options);
      return { child, port };
    } catch (err) {
      const inUse = err instanceof ChildExitError && /address already in use|EADDRINUSE/i.test(err.output);
      if (!inUse || attempt >= 3) throw err;
    }
  }
}

/** An onUnexpectedExit callback that logs one warning with the tail of the child's output. */
export function unexpectedExit(what: string, log: LineLogger) {
  return (info: { code: number | null; signal: NodeJS.Signals | null }, output: string) => {
    const how = info.signal ? `signal ${info.signal}` : `code ${info.code}`;
    const tail = lastLines(output.trim(), 10);
    log.warn(`${what} exited unexpectedly (${how})${tail ? `:\n${tail}` : ''}`);
  };
}
