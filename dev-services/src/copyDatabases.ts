import mongoose from 'mongoose';

export interface CopySummary {
  databases: number;
  collections: number;
  documents: number;
}

const BATCH = 1_000;

/**
 * Copies every database and collection (documents with their `_id`, and secondary indexes) from one MongoDB-wire
 * server to another. Idempotent: documents are upserted by `_id`, so an interrupted copy can simply run again.
 */
export async function copyDatabases(fromUri: string, toUri: string): Promise<CopySummary> {
  const { MongoClient } = mongoose.mongo;
  const from = new MongoClient(fromUri, { serverSelectionTimeoutMS: 15_000 });
  const to = new MongoClient(toUri, { serverSelectionTimeoutMS: 15_000 });
  const summary: CopySummary = { databases: 0, collections: 0, documents: 0 };
  try {
    const { databases } = await from.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) {
      if (['admin', 'local', 'config'].includes(name)) continue;
      summary.databases++;
      const source = from.db(name);
      const target = to.db(name);
      for (const info of await source.listCollections({}, { nameOnly: true }).toArray()) {
        if (info.type === 'view' || info.name.startsWith('system.')) continue;
        summary.collections++;
        const sourceCollection = source.collection(info.name);
        const targetCollection = target.collection(info.name);
        for (const index of await sourceCollection.listIndexes().toArray()) {
          if (index.name === '_id_') continue;
          const {
            key,
            name: indexName,
            unique,
          } = index as { key: Record<string, 1 | -1>; name: string; unique?: boolean };
          await targetCollection.createIndex(key, { name: indexName, ...(unique ? { unique } : {}) });
        }
        if (!(await target.listCollections({ name: info.name }).hasNext()))
          await target.createCollection(info.name);
        let batch: mongoose.mongo.Document[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await targetCollection.bulkWrite(
            batch.map((doc) => ({
              replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
            })),
            { ordered: false },
          );
          summary.documents += batch.length;
          batch = [];
        };
        for await (const doc of sourceCollection.find({})) {
          batch.push(doc);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
      }
    }
  } finally {
    await Promise.allSettled([from.close(), to.close()]);
  }
  return summary;
}
