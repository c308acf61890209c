// `npm start`: embedded MongoDB/Redis when their URLs are not set, then the web and worker roles in this process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfigOrExit, testAccountsExposureWarning } from '@freight/server/config';
import { servicesEnv, startEmbeddedServices, startMailSink, type MailSink } from '@freight/dev-services';
import { storeMailboxMessage } from '@freight/server/features/mail/mailbox';
import { runRoles, type RunningRoles } from './roles';

const config = loadConfigOrExit();

// Build the web app (after the configuration is known to be good, so a bad value fails in one line).
if (!process.argv.includes('--no-build')) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('The web app failed to build (see above).');
    process.exit(1);
  }
}
const services = await startEmbeddedServices({
  dataDir: path.resolve(config.DATA_DIR),
  log: (line: string) => console.log(line),
}).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});

// No SMTP_URL: a mail sink on loopback takes the product's email, and the admin mailbox (/admin/mail) shows it.
let mailSink: MailSink | null = null;
if (!config.SMTP_URL) {
  mailSink = await startMailSink({
    onMessage: (m) => storeMailboxMessage(m),
  }).catch((err: unknown) => {
    console.error(`The mail sink did not start: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  if (mailSink)
    console.log(`Mail: embedded sink at ${mailSink.url} (sign in as an admin and open /admin/mail)`);
}

let roles: RunningRoles | null = null;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  await roles?.close();
  await mailSink?.stop().catch(() => undefined);
  await services.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const appConfig = loadConfigOrExit({
    ...process.env,
    ...servicesEnv(services),
    ...(mailSink ? { SMTP_URL: mailSink.url } : {}),
  });
  roles = await runRoles(appConfig, services.mongoUri, services.redisUrl);
  console.log(`FreightConnect is running at ${roles.web?.url ?? '(no web role)'}  (Ctrl-C stops it)`);
  if (config.ENABLE_TEST_ACCOUNTS)
    console.log('Test accounts are enabled (password Test1234!): see /simple-login');
  const exposed = testAccountsExposureWarning(config);
  if (exposed) console.warn(exposed);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  await stop(1);
}
