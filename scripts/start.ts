// `npm start`: embedded MongoDB/Redis when their URLs are not set, then the web and worker roles in this process.
import path from 'node:path';
import { loadConfigOrExit } from '@freight/server/config';
import { startEmbeddedServices } from '@freight/server/infra/embedded';
import { createRuntime } from '@freight/server/runtime';
import { startWeb, type WebService } from '@freight/server/web';
import { startWorkers, type WorkerService } from '@freight/workers';

const config = loadConfigOrExit();
const dataDir = path.resolve(config.DATA_DIR);
const services = await startEmbeddedServices({ dataDir, log: (line: string) => console.log(line) }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});

let web: WebService | null = null;
let workers: WorkerService | null = null;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  await web?.close().catch(() => undefined);
  await workers?.close().catch(() => undefined);
  await rt?.close().catch(() => undefined);
  await services.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

let rt: Awaited<ReturnType<typeof createRuntime>> | null = null;
try {
  rt = await createRuntime({ config, mongoUri: services.mongoUri, redisUrl: services.redisUrl });
  if (config.SERVICES.includes('worker')) workers = await startWorkers(rt);
  if (config.SERVICES.includes('web')) web = await startWeb(rt);
  console.log(`FreightConnect is running at ${web?.url ?? '(no web role)'}  (Ctrl-C stops it)`);
  if (config.ENABLE_TEST_ACCOUNTS) console.log('Test accounts are enabled: password Test1234! (see /simple-login)');
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  await stop(1);
}
