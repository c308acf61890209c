import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Logger } from './infra/logger';
import type { Secrets } from './infra/secrets';
import type { FileStore } from './infra/storage';
import type { ProjectorRunner } from './events/projectors';

// The runtime's shape, apart from runtime.ts (which builds it and so imports half the server): what a feature needs
// to know of it costs no import of the features that runtime.ts starts.

/** Everything a process role needs: connections made once at boot and closed once at shutdown. */
export interface Runtime {
  config: Config;
  log: Logger;
  secrets: Secrets;
  mongoUri: string;
  redisUrl: string;
  /** Key prefix for every Redis key this deployment writes (sessions, queues, socket.io, throttles). */
  redisPrefix: string;
  redis: Redis;
  socketIoKey: string;
  /** Encrypted file storage (documents, photos, chat images). */
  files: FileStore;
  /** The event log's projectors in this process (issue 26). */
  projectors: ProjectorRunner;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Config;
  mongoUri: string;
  redisUrl: string;
  log?: Logger;
  /**
   * The database already holds every model's collection and index (a test app on a database an earlier app of its
   * process made and emptied): making them again is a few hundred commands for nothing. Otherwise they are made.
   */
  schemaInPlace?: boolean;
}
