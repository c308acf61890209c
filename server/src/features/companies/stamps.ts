import mongoose, { Types, type Schema } from 'mongoose';

/** A person-id party field and, beside it, the field that holds that person's company id. */
export type StampPair = readonly [person: string, company: string];

/** The pairs of every stamped schema (the migration walks the models whose schema is here). */
const pairsBySchema = new WeakMap<Schema, readonly StampPair[]>();

export function stampPairsOf(schema: Schema): readonly StampPair[] | undefined {
  return pairsBySchema.get(schema);
}

/** The company ids of these people (missing: not in a company yet). */
export async function companiesOfPeople(ids: unknown[]): Promise<Map<string, Types.ObjectId>> {
  const unique = [...new Set(ids.filter((id) => id != null).map(String))].filter((id) =>
    Types.ObjectId.isValid(id),
  );
  if (unique.length === 0) return new Map();
  const rows = await mongoose
    .model('User')
    .find({ _id: { $in: unique.map((id) => new Types.ObjectId(id)) } }, { companyId: 1 })
    .lean<Array<{ _id: Types.ObjectId; companyId?: Types.ObjectId | null }>>();
  const out = new Map<string, Types.ObjectId>();
  for (const r of rows) if (r.companyId) out.set(String(r._id), r.companyId);
  return out;
}

type Doc = Record<string, unknown>;

async function stampDocs(docs: Doc[], pairs: readonly StampPair[], onlyPeople?: (doc: Doc) => string[]) {
  const people = docs.flatMap((d) => pairs.map(([person]) => d[person]));
  const companies = await companiesOfPeople(people);
  for (const d of docs) {
    const changed = onlyPeople?.(d);
    for (const [person, company] of pairs) {
      if (changed && !changed.includes(person)) continue;
      const id = d[person];
      d[company] = id == null ? null : (companies.get(String(id)) ?? null);
    }
  }
}

/**
 * Objects belong to companies (issue 28): beside each person-id party field (userId, carrierId, ...) the schema keeps
 * that party's company id, top-level and indexed (lists and rules ask by equality). Stamped here whenever the person
 * field is written (a create, an insertMany, an update that sets it), so no service has to remember it; objects made
 * before companies get theirs from the migration.
 */
export function companyStamps(schema: Schema, opts: { pairs: readonly StampPair[] }): void {
  const { pairs } = opts;
  pairsBySchema.set(schema, pairs);
  for (const [, company] of pairs) {
    schema.add({
      [company]: { type: mongoose.Schema.Types.ObjectId, ref: 'Company', default: null, index: true },
    });
  }

  schema.pre('save', async function () {
    const doc = this as unknown as Doc & { isNew: boolean; isModified(path: string): boolean };
    const touched = pairs.filter(([person]) => doc.isNew || doc.isModified(person)).map(([person]) => person);
    if (touched.length === 0) return;
    await stampDocs([doc], pairs, () => touched);
  });

  schema.pre('insertMany', async function (next: () => void, docs: Doc | Doc[]) {
    await stampDocs(Array.isArray(docs) ? docs : [docs], pairs);
    next();
  });

  schema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], async function () {
    const update = this.getUpdate() as Record<string, Doc | unknown> | null;
    if (!update || Array.isArray(update)) return;
    for (const op of ['$set', '$setOnInsert'] as const) {
      const set = update[op] as Doc | undefined;
      if (!set) continue;
      const touched = pairs.filter(([person]) => person in set).map(([person]) => person);
      if (touched.length) await stampDocs([set], pairs, () => touched);
    }
    const plain = pairs.filter(([person]) => person in update).map(([person]) => person);
    if (plain.length) await stampDocs([update as Doc], pairs, () => plain);
    this.setUpdate(update);
  });
}

/**
 * Stamps, before it is written, an object a write is about to make of `before` (null: a new one): each party whose
 * person changed gets that person's company now, the others keep the company `before` has, as the write's own stamps
 * will be. So a fact's snapshot, made before its write, names the companies the write stores (issue 30's webhooks go
 * to them). Works on plain objects and on unsaved documents.
 */
export async function stampChangedParties<T extends object>(
  schema: Schema,
  before: object | null,
  after: T,
): Promise<T> {
  const pairs = pairsBySchema.get(schema) ?? [];
  const was = (before ?? {}) as Doc;
  const doc = after as Doc;
  const changed = pairs
    .filter(([person]) => !before || String(was[person] ?? '') !== String(doc[person] ?? ''))
    .map(([person]) => person);
  if (changed.length) await stampDocs([doc], pairs, () => changed);
  return after;
}
