import { loadConfigOrExit } from '@freight/server/config';
import { createRuntime } from '@freight/server/runtime';
import { startWorkers } from './index';

/** The worker role on its own (docker-compose's `workers` service). Needs MONGODB_URI and REDIS_URL. */
const config = loadConfigOrExit();
if (!config.MONGODB_URI || !config.REDIS_URL) {
  console.error('Invalid configuration: MONGODB_URI and REDIS_URL must be set for a stand-alone worker');
  process.exit(1);
}
const rt = await createRuntime({ config, mongoUri: config.MONGODB_URI, redisUrl: config.REDIS_URL });
const service = await startWorkers(rt);
rt.log.info('workers started');
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    rt.log.info('workers: finishing jobs in hand…');
    await service.close();
    await rt.close();
    process.exit(0);
  });
}
