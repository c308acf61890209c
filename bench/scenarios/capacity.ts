import {
  BenchClient,
  closeSockets,
  openSockets,
  round,
  sleep,
  startServer,
  type BenchContext,
  type ScenarioResult,
} from '../lib';

/** Server memory per 1,000 idle authenticated sockets (resident set size of the server process). */
export async function socketMemory(ctx: BenchContext, counts: number[]): Promise<ScenarioResult> {
  const server = await startServer(ctx, { services: 'web' });
  const rows: ScenarioResult['rows'] = [];
  try {
    const client = await new BenchClient(server.url).signUp('carrier', 'idle');
    await sleep(1000);
    const base = server.rssMiB();
    for (const count of counts) {
      const sockets = await openSockets(client, count);
      await sleep(2000);
      const rss = server.rssMiB();
      rows.push({
        sockets: count,
        'server RSS MiB': rss,
        'idle RSS MiB': base,
        'MiB per 1,000 sockets': round(((rss - base) / count) * 1000, 1),
      });
      ctx.log(`  ${count} idle sockets: +${round(rss - base, 1)} MiB`);
      closeSockets(sockets);
      await sleep(1500);
    }
  } finally {
    await server.stop();
  }
  return { name: 'Memory per idle authenticated socket', parameters: { counts }, rows };
}
