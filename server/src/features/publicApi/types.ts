import type { ApiScope, WriteLimitName } from '@freight/shared';
import type { ZodType } from 'zod';
import type { Actor } from '../../policies';
import type { UserDoc } from '../users/model';

/**
 * A row of the public API's route table (publicApi/routes.ts): both an Express route (publicApi/index.ts) and an
 * operation of the OpenAPI document (publicApi/openapi.ts).
 */
export interface V1Context<Q = unknown, B = unknown> {
  actor: Actor;
  user: UserDoc;
  params: Record<string, string>;
  query: Q;
  body: B;
}

export interface V1Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI form: `/loads/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  scope: ApiScope;
  /** The account's write limit this call counts against (the same as the web's route). */
  limit?: WriteLimitName;
  query?: ZodType;
  body?: ZodType;
  status: 200 | 201;
  /** A file answer (its handler returns a FileDownload); JSON when absent. */
  produces?: 'application/pdf';
  response: ZodType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle(ctx: V1Context<any, any>): Promise<unknown>;
}

/** The public API's cursor paging over a service that pages by number (publicApi/routes.ts). */
export type Paged = <T>(
  q: { cursor?: string; limit: number },
  list: (p: { page: number; pageSize: number }) => Promise<{ items: T[]; total: number }>,
) => Promise<{ data: T[]; nextCursor: string | null }>;
