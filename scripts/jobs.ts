// `npm run jobs -- <job> [--now <ISO date>]` runs one of the workers' scheduled jobs now and prints its report;
// `npm run jobs -- --list` names them. A job is any processor with a `schedule` (workers/src/processors): adding one
// there makes it runnable here. It runs through its real BullMQ queue: a worker started here takes it (or the
// worker of a running `npm start`, whichever is first). Uses MONGODB_URI / REDIS_URL, else the services of a running
// `npm start` (.data/services.json), else starts them for the run.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '@freight/server/config';
import { servicesEnv, startEmbeddedServices } from '@freight/dev-services';
import { REDIS_QUEUED_OPTIONS } from '@freight/server/infra/availability';
import { getQueue, queuePrefix } from '@freight/server/queues';
import { createRuntime } from '@freight/server/runtime';
import { startWorkers } from '@freight/workers';
import { processors } from '@freight/workers/processors/index';
import { QueueEvents } from 'bullmq';

const JOB_TIMEOUT_MS = 10 * 60 * 1000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    now: { type: 'string' },
    list: { type: 'boolean', default: false },
  },
});

const jobs = new Map(processors.filter((p) => p.schedule?.length).map((p) => [p.queue as string, p]));
const usage = () =>
  `Usage: npm run jobs -- <job> [--now <ISO date>]\nJobs: ${[...jobs.keys()].join(', ') || '(none)'}`;

if (values.list) {
  for (const [name, def] of jobs) console.log(`${name}  (${def.schedule!.map((s) => s.pattern).join(', ')})`);
  process.exit(0);
}
const name = positionals[0];
const def = name ? jobs.get(name) : undefined;
if (!def || positionals.length > 1) {
  console.error(name && !def ? `Unknown job "${name}".\n${usage()}` : usage());
  process.exit(1);
}
if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
  console.error(`--now must be a date, e.g. 2030-01-31 or 2030-01-31T06:00:00Z (got "${values.now}")`);
  process.exit(1);
}

const config = loadConfigOrExit();
const services = await startEmbeddedServices({
  dataDir: path.resolve(config.DATA_DIR),
  log: () => undefined,
  reuseRunning: true,
});
const rt = await createRuntime({
  config: loadConfigOrExit({ ...process.env, ...servicesEnv(services) }),
  mongoUri: services.mongoUri,
  redisUrl: services.redisUrl,
});
const workers = await startWorkers(rt, { only: [def], schedules: false });
const events = new QueueEvents(def.queue, {
  connection: rt.redis.duplicate(REDIS_QUEUED_OPTIONS),
  prefix: queuePrefix(),
});
let code = 0;
try {
  await events.waitUntilReady();
  const data = values.now ? { now: new Date(values.now).toISOString() } : {};
  const job = await getQueue(def.queue).add(`${def.queue}-manual`, data, { attempts: 1 });
  console.log(`${def.queue}: job #${job.id} queued${values.now ? ` with now=${data.now}` : ''}`);
  const result: unknown = await job.waitUntilFinished(events, JOB_TIMEOUT_MS);
  console.log(`${def.queue}: done`);
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  code = 1;
  console.error(`${def.queue}: failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await events.close().catch(() => undefined);
  await workers.close();
  await rt.close();
  await services.stop();
}
process.exit(code);
