import net from 'node:net';

/** A TCP port that was free on `host` a moment ago (the kernel picks it; callers retry on a rare collision). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('Could not determine a free port'));
        return;
      }
      const { port } = address;
      server.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

export interface WaitOptions {
  /** Stops waiting (the promise rejects) when aborted. */
  signal?: AbortSignal;
  /** Pause between attempts, 100 ms by default. */
  intervalMs?: number;
}

/** Resolves once `host:port` accepts a TCP connection; rejects after `timeoutMs`. */
export async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  options: WaitOptions = {},
): Promise<void> {
  await pollUntil(
    () => canConnect(host, port, 1_000),
    `${host}:${port} to accept connections`,
    timeoutMs,
    options,
  );
}

/** Resolves once a Redis server on `host:port` answers PING with PONG (not LOADING); rejects after `timeoutMs`. */
export async function waitForRedis(
  host: string,
  port: number,
  timeoutMs: number,
  options: WaitOptions = {},
): Promise<void> {
  await pollUntil(
    async () => (await firstReplyLine(host, port, 'PING\r\n', 1_000))?.startsWith('+PONG') ?? false,
    `Redis on ${host}:${port} to answer PING`,
    timeoutMs,
    options,
  );
}

async function pollUntil(
  attempt: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  { signal, intervalMs = 100 }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (await attempt()) return;
    signal?.throwIfAborted();
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), signal);
  }
}

export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function firstReplyLine(
  host: string,
  port: number,
  request: string,
  timeoutMs: number,
): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let buffer = '';
    const done = (line: string | null) => {
      socket.destroy();
      resolve(line);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end >= 0) done(buffer.slice(0, end));
    });
    socket.once('error', () => done(null));
    socket.once('end', () => done(null));
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('Aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
