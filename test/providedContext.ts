declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    redisUrl: string;
    /** FerretDB on PostgreSQL: the cluster's URL (FERRETDB_POSTGRES_URL of test apps); '' otherwise. */
    ferretdbPostgresUrl: string;
  }
}
export {};
