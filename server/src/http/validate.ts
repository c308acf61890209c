import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@freight/shared';
import type { NextFunction, Request, Response } from 'express';
import { z, type ZodType } from 'zod';
import { fromZodError } from './errors';
import { assertStorableText } from './textGuard';

/**
 * Parses with a shared schema; a failure becomes a 400 with the first issue as the message. Text that cannot be
 * stored (NUL, unpaired surrogates) is refused first, naming its field, whatever the schema says.
 */
export function parse<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  assertStorableText(data);
  const result = schema.safeParse(data);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** The parts of a request a route validates, each with its shared schema. */
export interface RequestSchemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

/** What a route reads after validation: each part it named, parsed by its schema. */
export type ValidInput<S extends RequestSchemas> = { [K in keyof S]: z.output<NonNullable<S[K]>> };

/** The middleware (on a route with any path parameters), and how the route's handler reads what it parsed. */
export interface Validator<S extends RequestSchemas> {
  <P>(req: Request<P>, res: Response, next: NextFunction): void;
  input(res: Response): ValidInput<S>;
  /** The schemas, as given (the route table's fuzz test reads them). */
  readonly schemas: S;
}

/**
 * Validates a request at the edge: body (a request without one reads as `{}`), query and params are parsed with
 * their schemas, in that order; the first failure answers what `parse` answers. The handler reads the typed result
 * with `validator.input(res)`.
 */
export function validate<S extends RequestSchemas>(schemas: S): Validator<S> {
  const parsed = new WeakMap<Response, ValidInput<S>>();
  const middleware = <P>(req: Request<P>, res: Response, next: NextFunction): void => {
    const data = { body: req.body ?? {}, query: req.query, params: req.params };
    const input: Partial<Record<keyof RequestSchemas, unknown>> = {};
    for (const key of ['body', 'query', 'params'] as const) {
      const schema = schemas[key];
      if (schema) input[key] = parse(schema, data[key]);
    }
    parsed.set(res, input as ValidInput<S>);
    next();
  };
  return Object.assign(middleware, {
    schemas,
    input(res: Response): ValidInput<S> {
      const input = parsed.get(res);
      if (!input) throw new Error('validate(): the route reads input its middleware did not parse');
      return input;
    },
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;
