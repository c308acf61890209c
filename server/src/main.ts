import { loadConfigOrExit, testAccountsExposureWarning } from './config';
import { createRuntime } from './runtime';
import { startWeb } from './web';

/** The web role on its own (docker-compose's `server` service). Needs MONGODB_URI and REDIS_URL. */
const config = loadConfigOrExit();
if (!config.MONGODB_URI || !config.REDIS_URL) {
  console.error(
    'Invalid configuration: MONGODB_URI and REDIS_URL must be set (or use `npm start` for embedded services)',
  );
  process.exit(1);
}
const rt = await createRuntime({ config, mongoUri: config.MONGODB_URI, redisUrl: config.REDIS_URL });
const web = await startWeb(rt);
rt.log.info(`FreightConnect listening on ${web.url}`);
const exposed = testAccountsExposureWarning(config);
if (exposed) rt.log.warn(exposed);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    // Projectors first: one still running would push through the closed socket server (lost, or a crash).
    await rt.projectors.stop();
    await web.close();
    await rt.close();
    process.exit(0);
  });
}
