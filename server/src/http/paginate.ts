import type { Page } from '@freight/shared';
import type { FilterQuery, Model, SortOrder } from 'mongoose';
import { Types } from 'mongoose';

export type SortSpec = Record<string, Extract<SortOrder, 1 | -1>>;
// Any collection's model: the caller names the type of the documents it reads (`paginate<Notification>(…)`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Filter = FilterQuery<any>;

/**
 * One page of a list and the count behind it. `filter` leads with a top-level equality that narrows to the
 * caller's own documents (the only filter FerretDB evaluates in storage; DESIGN §2), and has its index declared in
 * the schema (equality fields, then `sort`). Several filters (documents of either of two owners) are queried one by
 * one, each on its own equality, instead of one `$or` that reads every document: each gives its first
 * page × pageSize documents, merged in `sort` order without duplicates; the total counts distinct documents.
 */
export async function paginate<T>(
  model: AnyModel,
  filter: Filter | Filter[],
  sort: SortSpec,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Page<T>> {
  const skip = (page - 1) * pageSize;
  if (!Array.isArray(filter) || filter.length === 1) {
    const one = Array.isArray(filter) ? filter[0] : filter;
    const [items, total] = await Promise.all([
      model.find(one).sort(sort).skip(skip).limit(pageSize).lean<T[]>(),
      model.countDocuments(one),
    ]);
    return { items, page, pageSize, total };
  }
  const [branches, ids] = await Promise.all([
    Promise.all(
      filter.map((f) =>
        model
          .find(f)
          .sort(sort)
          .limit(skip + pageSize)
          .lean<T[]>(),
      ),
    ),
    Promise.all(filter.map((f) => model.find(f, { _id: 1 }).lean<Array<{ _id: unknown }>>())),
  ]);
  const seen = new Set<string>();
  const merged = branches
    .flat()
    .sort(compareBy(sort))
    .filter((d) => {
      const id = String((d as { _id: unknown })._id);
      return seen.has(id) ? false : (seen.add(id), true);
    });
  const total = new Set(ids.flat().map((d) => String(d._id))).size;
  return { items: merged.slice(skip, skip + pageSize), page, pageSize, total };
}

/** MongoDB's order for the values our sorts use: missing/null first, then numbers, strings, ObjectIds, dates. */
function sortKey(v: unknown): [number, number | string] {
  if (v === null || v === undefined) return [0, 0];
  if (typeof v === 'number') return [1, v];
  if (typeof v === 'string') return [2, v];
  if (v instanceof Types.ObjectId) return [3, v.toHexString()];
  if (v instanceof Date) return [5, v.getTime()];
  if (typeof v === 'boolean') return [4, v ? 1 : 0];
  return [2, String(v)];
}

export function compareBy(sort: SortSpec) {
  const keys = Object.entries(sort);
  return (a: unknown, b: unknown): number => {
    for (const [field, dir] of keys) {
      const [ta, va] = sortKey((a as Record<string, unknown>)[field]);
      const [tb, vb] = sortKey((b as Record<string, unknown>)[field]);
      const c = ta !== tb ? ta - tb : va < vb ? -1 : va > vb ? 1 : 0;
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

/**
 * Documents by id (a page's owners, senders, rooms): one `_id` equality each, which every backend serves from its
 * index, instead of one `$in`, which FerretDB answers by reading the whole collection. Missing ids are skipped.
 */
export async function findByIds<T>(
  model: AnyModel,
  ids: unknown[],
  projection?: Record<string, 0 | 1>,
): Promise<T[]> {
  const unique = [...new Set(ids.map(String))];
  const docs = await Promise.all(unique.map((id) => model.findOne({ _id: id }, projection).lean<T>()));
  return docs.filter((d): d is NonNullable<typeof d> => d !== null) as T[];
}
