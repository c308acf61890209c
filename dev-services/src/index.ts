/**
 * Embedded services (DESIGN §4): with nothing configured, `npm start` finds or starts MongoDB (mongod, or FerretDB,
 * built with Go if need be, on a private PostgreSQL cluster or else on SQLite) and Redis with their data in the data
 * folder, and stops them with the process.
 */
export { ensureFerretBinary, ferretBinaryPath, ferretVersion, FERRETDB_VERSION } from './ferretdb';
export type { EmbeddedLog } from './log';
export { ensureMongo, type EmbeddedMongo, type EnsureServiceOptions, type MongoKind } from './mongo';
export { freePort, waitForPort, waitForRedis, type WaitOptions } from './ports';
export { findExecutable, stopAllManagedProcesses } from './processes';
export { ensureRedis, type EmbeddedRedis, type RedisKind } from './redis';
export {
  readRunningServices,
  servicesEnv,
  SERVICES_FILE,
  startEmbeddedServices,
  type EmbeddedServices,
  type ServicesFile,
  type StartEmbeddedOptions,
} from './services';
export { startMailSink, type MailSink, type SinkMessage } from './mailSink';
