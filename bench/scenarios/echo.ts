import { spawn } from 'node:child_process';
import { io as ioClient, type Socket } from 'socket.io-client';
import { bundledEntry } from '../../scripts/bundledEntry';
import { summarize, type BenchContext, type ScenarioResult } from '../lib';

/** Bare Socket.IO relay latency (sender → server → receiver in a room): the floor the app is compared with. */
export async function echoFloor(
  ctx: BenchContext,
  receiverCounts: number[],
  messages: number,
): Promise<ScenarioResult> {
  const child = spawn(process.execPath, [await bundledEntry('bench/fixtures/echoServer.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (d: Buffer) => {
      const m = /Server ready at (\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    }),
  );
  const connect = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = ioClient(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const rows: ScenarioResult['rows'] = [];
  try {
    for (const receivers of receiverCounts) {
      const sockets: Socket[] = [];
      for (let i = 0; i < receivers; i += 200)
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(200, receivers - i) }, connect))));
      await Promise.all(sockets.map((s) => new Promise<void>((r) => s.emit('join', 'room', () => r()))));
      const sender = await connect();
      const watcher = sockets[0];
      const samples: number[] = [];
      for (let seq = 0; seq < messages; seq++) {
        const got = new Promise<void>((resolve) => {
          const h = (m: { seq: number; sentAt: number }) => {
            if (m.seq !== seq) return;
            samples.push(performance.now() - m.sentAt);
            watcher.off('relayed', h);
            resolve();
          };
          watcher.on('relayed', h);
        });
        sender.emit('relay', { room: 'room', sentAt: performance.now(), seq }, () => undefined);
        await got;
      }
      const s = summarize(samples);
      rows.push({ receivers, messages, 'p50 ms': s.p50, 'p99 ms': s.p99, 'mean ms': s.mean });
      ctx.log(`  echo floor, ${receivers} receivers: p50 ${s.p50} ms, p99 ${s.p99} ms`);
      sender.disconnect();
      for (const s2 of sockets) s2.disconnect();
    }
  } finally {
    child.kill('SIGTERM');
  }
  return { name: 'Bare Socket.IO relay (floor)', parameters: { receiverCounts, messages }, rows };
}
