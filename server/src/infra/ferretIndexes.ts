import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import pg from 'pg';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/**
 * The PostgreSQL side of FerretDB's indexes (DESIGN §2.2). FerretDB evaluates top-level equality as
 * `_jsonb -> 'field' @> value`, which its own btree indexes never serve; a GIN index on `(_jsonb -> 'field')` does,
 * once plans are custom (FerretDB binds the field name as a parameter). So, per collection, one GIN expression index
 * for `_id` and for the leading field of each index the schemas declare, plus `plan_cache_mode = force_custom_plan`
 * on the database. Application code stays plain MongoDB; on MongoDB or FerretDB/SQLite nothing of this runs.
 *
 * Idempotent (quick when done) and serialized across processes with an advisory lock.
 */
export async function ensureFerretIndexes(
  postgresUrl: string,
  mongoDatabase: string,
  models: readonly Model<unknown>[],
): Promise<{ created: string[] }> {
  const fieldsByCollection = new Map<string, Set<string>>();
  for (const model of models) {
    const fields = fieldsByCollection.get(model.collection.collectionName) ?? new Set(['_id']);
    for (const [keys] of model.schema.indexes()) {
      const [leading, kind] = Object.entries(keys)[0] ?? [];
      // Only top-level fields reach PostgreSQL (`->`); text indexes are outside the portable subset anyway.
      if (leading && !leading.includes('.') && kind !== 'text') fields.add(leading);
    }
    fieldsByCollection.set(model.collection.collectionName, fields);
  }

  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const created: string[] = [];
  try {
    const schema = mongoDatabase;
    // The setting is the PostgreSQL database's, shared by every Mongo database (schema) in it: its own lock.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['ferret-indexes:plan-cache-mode']);
    const setting = await client.query<{ set: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
         WHERE d.datname = current_database() AND s.setrole = 0
           AND 'plan_cache_mode=force_custom_plan' = ANY (s.setconfig)) AS set`,
    );
    if (!setting.rows[0].set) {
      const db = await client.query<{ name: string }>('SELECT current_database() AS name');
      await client
        .query(`ALTER DATABASE ${ident(db.rows[0].name)} SET plan_cache_mode = force_custom_plan`)
        .catch((err: { code?: string }) => {
          // A process outside these locks (an older version) set it at the same moment: it is set.
          if (err.code !== '23505') throw err;
        });
    }
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['ferret-indexes:plan-cache-mode']);
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`ferret-indexes:${schema}`]);
    // Sessions opened before the ALTER (FerretDB's pool) keep the old setting; the embedded cluster sets it globally.

    const metadata = await client
      .query<{ collection: string; table: string }>(
        `SELECT _jsonb ->> '_id' AS collection, _jsonb ->> 'table' AS table
         FROM ${ident(schema)}._ferretdb_database_metadata`,
      )
      .catch((err: { code?: string }) => {
        if (err.code === '42P01') return { rows: [] }; // no collection yet: FerretDB has not made the schema
        throw err;
      });
    // Name → whether the index already has fastupdate off (older set-ups made them with the default, on).
    const existing = new Map(
      (
        await client.query<{ name: string; options: string[] | null }>(
          `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'i'`,
          [schema],
        )
      ).rows.map((r) => [r.name, (r.options ?? []).includes('fastupdate=off')]),
    );
    const statements: string[] = [];
    for (const { collection, table } of metadata.rows) {
      for (const field of fieldsByCollection.get(collection) ?? ['_id']) {
        const name = indexName(table, field);
        if (existing.get(name) === true) continue;
        if (existing.has(name)) {
          const qualified = `${ident(schema)}.${ident(name)}`;
          statements.push(
            `ALTER INDEX ${qualified} SET (fastupdate = off)`,
            `SELECT gin_clean_pending_list(${literal(qualified)}::regclass)`,
          );
          continue;
        }
        // fastupdate off: with GIN's pending list, every lookup scans all entries inserted since the last vacuum
        // (measured: an _id lookup after 10,000 inserts read 67 pages, 0.42 ms, against 3 pages, 0.01 ms).
        statements.push(
          `CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(schema)}.${ident(table)} USING gin ((_jsonb -> ${literal(field)})) WITH (fastupdate = off)`,
        );
        created.push(`${collection}.${field}`);
      }
    }
    if (statements.length > 0) await client.query(statements.join(';\n')); // one round trip, one transaction
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
  return { created };
}

/** `<table>_<field>_gin_<hash>`, within PostgreSQL's 63-byte identifiers. */
function indexName(table: string, field: string): string {
  const hash = createHash('sha256').update(`${table}\0${field}`).digest('hex').slice(0, 8);
  const readable = `${table}_${field}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 50);
  return `${readable}_gin_${hash}`;
}
