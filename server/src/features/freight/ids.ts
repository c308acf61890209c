import { Types } from 'mongoose';
import { notFound } from '../../http/errors';

/** A path id as an ObjectId; anything that is not one is simply not found. */
export function objectId(id: string, what = 'Load'): Types.ObjectId {
  if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id.toLowerCase()) {
    throw notFound(`${what} not found`);
  }
  return new Types.ObjectId(id);
}
