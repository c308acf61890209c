// Runs the process roles named by SERVICES (web, worker) against MONGODB_URI and REDIS_URL.
// `npm run dev` runs this under `tsx watch`; scripts/start.ts calls runRoles() after starting embedded services.
import { pathToFileURL } from 'node:url';
import type { Config } from '@freight/server/config';
import { loadConfigOrExit, testAccountsExposureWarning } from '@freight/server/config';
import { createRuntime, type Runtime } from '@freight/server/runtime';
import { startWeb, type WebService } from '@freight/server/web';
import { startWorkers, type WorkerService } from '@freight/workers';

export interface RunningRoles {
  rt: Runtime;
  web: WebService | null;
  workers: WorkerService | null;
  close(): Promise<void>;
}

export async function runRoles(config: Config, mongoUri: string, redisUrl: string): Promise<RunningRoles> {
  const rt = await createRuntime({ config, mongoUri, redisUrl });
  const workers = config.SERVICES.includes('worker') ? await startWorkers(rt) : null;
  const web = config.SERVICES.includes('web') ? await startWeb(rt) : null;
  return {
    rt,
    web,
    workers,
    async close() {
      await web?.close().catch(() => undefined);
      await workers?.close().catch(() => undefined); // finishes the jobs in hand
      await rt.close().catch(() => undefined);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfigOrExit();
  if (!config.MONGODB_URI || !config.REDIS_URL) {
    console.error('Invalid configuration: MONGODB_URI and REDIS_URL must be set');
    process.exit(1);
  }
  const roles = await runRoles(config, config.MONGODB_URI, config.REDIS_URL);
  console.log(`Server ready${roles.web ? ` at ${roles.web.url}` : ''}`);
  const exposed = roles.web ? testAccountsExposureWarning(config) : null;
  if (exposed) console.warn(exposed);
  const stop = async () => {
    await roles.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
