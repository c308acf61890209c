import {
  myTruckPostsSchema,
  truckPostInputSchema,
  truckPostSearchFields,
  truckPostSearchIssues,
  truckPostUpdateSchema,
  v1CursorQuerySchema,
  v1PageSchema,
  v1TruckPostSchema,
  type Page,
} from '@freight/shared';
import { z } from 'zod';
import {
  editTruckPost,
  myTruckPosts,
  postTruck,
  searchTruckPosts,
  withdrawTruckPost,
} from '../truckPosts/service';
import type { V1Route } from './types';

const id = (ctx: { params: Record<string, string> }) => String(ctx.params.id);

const searchQuery = z
  .object({ ...truckPostSearchFields, ...v1CursorQuerySchema.shape })
  .superRefine(truckPostSearchIssues);
const mineQuery = v1CursorQuerySchema.extend({ status: myTruckPostsSchema.shape.status });

/**
 * Posted trucks over the public API (issue 29 with issue 30): brokers and shippers search them (scope loads:read);
 * a carrier's key posts, edits and withdraws its company's (scope loads:write). The same service as the web.
 * `paged` is the public API's cursor paging, passed in (publicApi/routes.ts owns it).
 */
export function truckPostV1Routes(
  paged: <T>(
    q: { cursor?: string; limit: number },
    list: (page: { page: number; pageSize: number }) => Promise<Pick<Page<T>, 'items' | 'total'>>,
  ) => Promise<{ data: T[]; nextCursor: string | null }>,
): V1Route[] {
  return [
    {
      method: 'get',
      path: '/truck-posts',
      operationId: 'searchTruckPosts',
      tag: 'Trucks',
      summary: 'Search posted trucks',
      description:
        'Active posted trucks (brokers and shippers): empty within `radius` miles (default 100) of `origin` or ' +
        '`lat`/`lng`, available between the dates, of an equipment type; nearest first when a place is given.',
      scope: 'loads:read',
      query: searchQuery,
      status: 200,
      response: v1PageSchema(v1TruckPostSchema),
      handle: ({ actor, query }) => {
        const { cursor, limit, ...filters } = query;
        return paged({ cursor, limit }, (p) => searchTruckPosts(actor, { ...filters, ...p }));
      },
    },
    {
      method: 'get',
      path: '/truck-posts/mine',
      operationId: 'listMyTruckPosts',
      tag: 'Trucks',
      summary: "Your company's posted trucks",
      description: 'Carriers: every post of the company, newest first (active, withdrawn and expired).',
      scope: 'loads:read',
      query: mineQuery,
      status: 200,
      response: v1PageSchema(v1TruckPostSchema),
      handle: ({ actor, query }) => paged(query, (p) => myTruckPosts(actor, { ...p, status: query.status })),
    },
    {
      method: 'post',
      path: '/truck-posts',
      operationId: 'postTruck',
      tag: 'Trucks',
      summary: 'Post an empty truck',
      description:
        'Carriers: where and when the truck is empty, what it takes, where it wants to go and the rate per mile ' +
        'asked. It expires at the end of `availableTo`. Send an Idempotency-Key so that a retry cannot post twice.',
      scope: 'loads:write',
      body: truckPostInputSchema,
      status: 201,
      response: v1TruckPostSchema,
      handle: ({ actor, user, body }) => postTruck(actor, user, body),
    },
    {
      method: 'patch',
      path: '/truck-posts/{id}',
      operationId: 'editTruckPost',
      tag: 'Trucks',
      summary: 'Edit an active truck post',
      scope: 'loads:write',
      body: truckPostUpdateSchema,
      status: 200,
      response: v1TruckPostSchema,
      handle: (ctx) => editTruckPost(ctx.actor, id(ctx), ctx.body),
    },
    {
      method: 'delete',
      path: '/truck-posts/{id}',
      operationId: 'withdrawTruckPost',
      tag: 'Trucks',
      summary: 'Withdraw a truck post',
      description: 'It leaves every Trucks board at once; the post is kept, withdrawn.',
      scope: 'loads:write',
      status: 200,
      response: v1TruckPostSchema,
      handle: (ctx) => withdrawTruckPost(ctx.actor, id(ctx)),
    },
  ];
}
