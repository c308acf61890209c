import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@freight/shared';
import { z, type ZodType } from 'zod';
import { fromZodError } from './errors';

/** Parses with a shared schema; a failure becomes a 400 with the first issue as the message. */
export function parse<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
