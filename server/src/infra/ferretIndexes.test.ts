import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrls } from '@test/helpers';
import { ensureFerretIndexes } from './ferretIndexes';

const { mongoUri, postgresUrl } = serviceUrls();
const dbName = `t_idx_${randomBytes(4).toString('hex')}`;
const connection = mongoose.createConnection();
const Shipment = connection.model(
  'IndexedShipment',
  new mongoose.Schema({
    status: String,
    ownerId: String,
    origin: { city: String },
    createdAt: Date,
  })
    .index({ status: 1, createdAt: -1 })
    .index({ ownerId: 1 })
    .index({ 'origin.city': 1 }),
);
const Plain = connection.model('IndexedPlain', new mongoose.Schema({ name: String }));

/** The GIN expression indexes (field names) on a collection's table, read from PostgreSQL. */
async function ginFields(client: pg.Client, collection: string): Promise<string[]> {
  const { rows } = await client.query<{ indexdef: string }>(
    `SELECT i.indexdef FROM pg_indexes i
       JOIN ${pg.escapeIdentifier(dbName)}._ferretdb_database_metadata m ON m._jsonb ->> 'table' = i.tablename
      WHERE i.schemaname = $1 AND m._jsonb ->> '_id' = $2 AND i.indexdef LIKE '%USING gin%'`,
    [dbName, collection],
  );
  return rows.map((r) => /->\s*'([^']+)'/.exec(r.indexdef)![1]).sort();
}

describe.skipIf(!postgresUrl)('ensureFerretIndexes (FerretDB on PostgreSQL)', () => {
  const client = new pg.Client({ connectionString: postgresUrl });

  beforeAll(async () => {
    await connection.openUri(mongoUri, { dbName });
    // As createRuntime makes them (mongoose's automatic init is off once a runtime has started in this process).
    await Promise.all(
      [Shipment, Plain].map(async (m) => {
        await m.createCollection();
        await m.createIndexes();
      }),
    );
    await client.connect();
  });
  afterAll(async () => {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await client.end();
  });

  it('adds a GIN index for _id and each declared index’s top-level leading field, once, even when two processes race', async () => {
    const models = [Shipment, Plain] as mongoose.Model<unknown>[];
    const [first, second] = await Promise.all([
      ensureFerretIndexes(postgresUrl, dbName, models),
      ensureFerretIndexes(postgresUrl, dbName, models),
    ]);
    expect([...first.created, ...second.created].sort()).toEqual([
      'indexedplains._id',
      'indexedshipments._id',
      'indexedshipments.ownerId',
      'indexedshipments.status',
    ]);
    expect(await ginFields(client, 'indexedshipments')).toEqual(['_id', 'ownerId', 'status']);
    expect(await ginFields(client, 'indexedplains')).toEqual(['_id']);
    expect(await ensureFerretIndexes(postgresUrl, dbName, models)).toEqual({ created: [] });

    const { rows } = await client.query<{ setconfig: string[] }>(
      `SELECT s.setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
        WHERE d.datname = current_database()`,
    );
    expect(rows.flatMap((r) => r.setconfig)).toContain('plan_cache_mode=force_custom_plan');
  });

  it('sets the database-wide plan setting once when processes of different Mongo databases boot together', async () => {
    const others = Array.from({ length: 8 }, () => `t_idx_${randomBytes(4).toString('hex')}`);
    const models = [Plain] as mongoose.Model<unknown>[];
    try {
      for (let round = 0; round < 20; round++) {
        // A fresh PostgreSQL database has no setting; the embedded cluster also sets it in its configuration, so
        // clearing the database's own copy here changes nothing for the queries of other tests.
        const db = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
        await client.query(`ALTER DATABASE ${pg.escapeIdentifier(db)} RESET plan_cache_mode`);
        await Promise.all(others.map((name) => ensureFerretIndexes(postgresUrl, name, models)));
      }
    } finally {
      await Promise.all(
        others.map((name) => client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(name)} CASCADE`)),
      );
    }
    const { rows } = await client.query<{ setconfig: string[] }>(
      `SELECT s.setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
        WHERE d.datname = current_database()`,
    );
    expect(rows.flatMap((r) => r.setconfig)).toContain('plan_cache_mode=force_custom_plan');
  });

  it('the equality FerretDB sends to PostgreSQL can use the index, and queries still answer', async () => {
    await Shipment.insertMany(
      Array.from({ length: 200 }, (_, i) => ({ status: i % 50 === 0 ? 'open' : 'closed', ownerId: `u${i}` })),
    );
    expect(await Shipment.countDocuments({ status: 'open' })).toBe(4);
    expect(await Shipment.findOne({ ownerId: 'u7' }).lean()).toMatchObject({
      ownerId: 'u7',
      status: 'closed',
    });

    const table = (
      await client.query<{ table: string }>(
        `SELECT _jsonb ->> 'table' AS table FROM ${pg.escapeIdentifier(dbName)}._ferretdb_database_metadata
          WHERE _jsonb ->> '_id' = 'indexedshipments'`,
      )
    ).rows[0].table;
    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT _jsonb FROM ${pg.escapeIdentifier(dbName)}.${pg.escapeIdentifier(table)}
          WHERE _jsonb -> $1::text @> $2::jsonb`,
        ['status', JSON.stringify('open')],
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
        /Bitmap Index Scan on \S+_status_gin_/,
      );
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('keeps no GIN pending list: new indexes are made without it, older ones are switched and flushed', async () => {
    const options = async () =>
      (
        await client.query<{ name: string; options: string[] | null }>(
          `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind = 'i' AND c.relname LIKE '%\\_gin\\_%'`,
          [dbName],
        )
      ).rows;
    const models = [Shipment, Plain] as mongoose.Model<unknown>[];
    await ensureFerretIndexes(postgresUrl, dbName, models);
    const made = await options();
    expect(made.length).toBeGreaterThan(0);
    for (const index of made) expect(index.options).toContain('fastupdate=off');

    // An index from an earlier version (default fastupdate on) with entries waiting in its pending list.
    const statusIndex = made.find((i) => i.name.includes('_status_gin_'))!.name;
    const qualified = `${pg.escapeIdentifier(dbName)}.${pg.escapeIdentifier(statusIndex)}`;
    await client.query(`ALTER INDEX ${qualified} SET (fastupdate = on)`);
    await Shipment.insertMany(Array.from({ length: 50 }, (_, i) => ({ status: `s${i}`, ownerId: `p${i}` })));
    await ensureFerretIndexes(postgresUrl, dbName, models);
    expect((await options()).find((i) => i.name === statusIndex)!.options).toContain('fastupdate=off');
    expect(await Shipment.countDocuments({ status: 's7' })).toBe(1);
  });
});
