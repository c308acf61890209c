// `npm run dev`: embedded services once, the server roles under `tsx watch` (restart on change), and Vite's dev
// server with hot reload (it proxies /api and /socket.io to the server).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfigOrExit } from '@freight/server/config';
import { servicesEnv, startEmbeddedServices } from '@freight/dev-services';

const config = loadConfigOrExit();
const services = await startEmbeddedServices({
  dataDir: path.resolve(config.DATA_DIR),
  log: (l: string) => console.log(l),
});
const env = { ...process.env, ...servicesEnv(services) };
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'scripts/roles.ts'], { env, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { env, stdio: 'inherit' }),
];
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  await services.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
